/**
 * The browser-side model cache: whether a model's files are downloaded,
 * deleting one model's files (and only that model's), the storage estimate,
 * and asking for persistent storage so the browser does not evict gigabytes of
 * weights under pressure. Cache keys are URLs, so the same AppConfig that loads
 * a model must be passed here (a self-hosted copy is a different cache entry).
 */
import { deleteModelAllInfoInCache, hasModelInCache, type AppConfig } from '@mlc-ai/web-llm';
import { toLlmError } from './errors.ts';
import type { LlmError } from './types.ts';

/** The web-llm cache functions used (replaceable in tests). */
export interface CacheFunctions {
  hasModelInCache(modelId: string, appConfig?: AppConfig): Promise<boolean>;
  deleteModelAllInfoInCache(modelId: string, appConfig?: AppConfig): Promise<void>;
}

/** The part of `navigator.storage` used. */
export interface StorageLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

export type Persistence = 'granted' | 'denied' | 'unsupported';

export interface ModelCache {
  /** True when the model's weights are in the cache; false when not or when the cache cannot be read. */
  has(modelId: string): Promise<boolean>;
  /** Deletes this model's weights, tokenizer, config and library; other models stay. */
  remove(modelId: string): Promise<{ ok: true } | { ok: false; error: LlmError }>;
  /** Asks the browser to keep the site's storage (already persisted counts as granted). */
  persist(): Promise<Persistence>;
  /** Bytes used and available to the site, when the browser tells. */
  estimate(): Promise<{ usage: number; quota: number } | undefined>;
}

const webLlmCache: CacheFunctions = { hasModelInCache, deleteModelAllInfoInCache };

/**
 * A {@link ModelCache} over web-llm's cache for one AppConfig.
 *
 * @example
 * const cache = createModelCache(appConfig);
 * if (await cache.has(modelId)) label.textContent = 'downloaded';
 */
export function createModelCache(
  appConfig: AppConfig,
  fns: CacheFunctions = webLlmCache,
  storage: StorageLike | undefined = (globalThis as { navigator?: { storage?: StorageLike } }).navigator?.storage,
): ModelCache {
  return {
    async has(modelId) {
      try {
        return await fns.hasModelInCache(modelId, appConfig);
      } catch {
        return false;
      }
    },
    async remove(modelId) {
      try {
        await fns.deleteModelAllInfoInCache(modelId, appConfig);
        return { ok: true };
      } catch (thrown) {
        return { ok: false, error: toLlmError(thrown, modelId) };
      }
    },
    async persist() {
      if (storage?.persist === undefined) return 'unsupported';
      if ((await storage.persisted?.()) === true) return 'granted';
      return (await storage.persist()) ? 'granted' : 'denied';
    },
    async estimate() {
      const e = await storage?.estimate?.();
      return e === undefined ? undefined : { usage: e.usage ?? 0, quota: e.quota ?? 0 };
    },
  };
}

/**
 * Carries out an error's `delete-model-cache` recovery: deletes the files of the
 * model the error names (a partial or corrupt download), and nothing else.
 * Returns false when the error asks for another recovery or names no model.
 *
 * @example if (await recoverModelCache(result.error, cache)) retryLoad();
 */
export async function recoverModelCache(error: LlmError, cache: Pick<ModelCache, 'remove'>): Promise<boolean> {
  if (error.recovery !== 'delete-model-cache' || error.modelId === undefined) return false;
  return (await cache.remove(error.modelId)).ok;
}
