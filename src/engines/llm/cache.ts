/**
 * The browser-side model cache, read and changed through the Cache API where
 * web-llm 0.2.79 keeps a model's files (its default backend): which models are
 * downloaded, in full or in part, and how many bytes each takes; deleting one
 * model's files and only those; the storage estimate; and asking for
 * persistent storage so the browser does not evict gigabytes of weights under
 * pressure. Cache keys are URLs, so the AppConfig that loads a model must be
 * the one passed here (a self-hosted copy is a different cache entry).
 *
 * web-llm's own `deleteModelAllInfoInCache` (0.2.79) does not wait for the
 * shards' deletion, fetches the shard index from the network when it is not
 * cached, and leaves the index behind; deleting by URL prefix here has none of
 * that, and keeps a model library that another cached model still uses.
 */
import type { AppConfig } from '@mlc-ai/web-llm';
import { toLlmError } from './errors.ts';
import { CACHE_SCOPES, findRecord, modelFolderUrl, SHARD_INDEX } from './model-url.ts';
import type { LlmError } from './types.ts';

/** The part of a Cache used. */
export interface CacheLike {
  keys(): Promise<readonly { readonly url: string }[]>;
  match(url: string): Promise<ResponseLike | undefined>;
  delete(url: string): Promise<boolean>;
}

/** The part of a cached Response used. */
export interface ResponseLike {
  readonly headers: { get(name: string): string | null };
  blob(): Promise<{ readonly size: number }>;
  text(): Promise<string>;
}

/** The part of `caches` (CacheStorage) used. */
export interface CacheStorageLike {
  open(name: string): Promise<CacheLike>;
}

/** The part of `navigator.storage` used. */
export interface StorageLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

export type Persistence = 'granted' | 'denied' | 'unsupported';

/** One model's files in this browser. */
export interface CachedModel {
  readonly modelId: string;
  /** `complete`: the shard index and every shard it lists are cached; `partial`: some files are. */
  readonly state: 'complete' | 'partial' | 'none';
  /** Bytes of its cached files (model library included when cached). */
  readonly bytes: number;
  readonly files: number;
}

export interface ModelCache {
  /** True when the model's weights are all in the cache; false when not or when the cache cannot be read. */
  has(modelId: string): Promise<boolean>;
  /** Every model of the AppConfig with what of it is cached, in the AppConfig's order. */
  inventory(): Promise<CachedModel[]>;
  /** Deletes this model's weights, tokenizer, config and (unless another cached model uses it) library. */
  remove(modelId: string): Promise<{ ok: true } | { ok: false; error: LlmError }>;
  /** Asks the browser to keep the site's storage (already persisted counts as granted). */
  persist(): Promise<Persistence>;
  /** Bytes used and available to the site, when the browser tells. */
  estimate(): Promise<{ usage: number; quota: number } | undefined>;
}

/** A cached response's size: its Content-Length when it has one, else its body's. */
async function sizeOf(response: ResponseLike): Promise<number> {
  const declared = Number(response.headers.get('content-length'));
  return Number.isFinite(declared) && declared > 0 ? declared : (await response.blob()).size;
}

/** Shard URLs listed by a cached index, or undefined when it cannot be read. */
async function shardUrls(cache: CacheLike, folder: string): Promise<string[] | undefined> {
  const index = await cache.match(`${folder}${SHARD_INDEX}`);
  if (index === undefined) return undefined;
  try {
    const list = JSON.parse(await index.text()) as { records?: { dataPath?: unknown }[] };
    return (list.records ?? []).map((r) => new URL(String(r.dataPath), folder).href);
  } catch {
    return undefined;
  }
}

/**
 * A {@link ModelCache} over the Cache API for one AppConfig.
 *
 * @example
 * const cache = createModelCache(appConfig);
 * for (const m of await cache.inventory()) if (m.state === 'complete') console.log(m.modelId, m.bytes);
 */
export function createModelCache(
  appConfig: AppConfig,
  storage: StorageLike | undefined = (globalThis as { navigator?: { storage?: StorageLike } }).navigator?.storage,
  caches: CacheStorageLike | undefined = (globalThis as { caches?: CacheStorageLike }).caches,
): ModelCache {
  const open = async (): Promise<Record<keyof typeof CACHE_SCOPES, CacheLike>> => {
    if (caches === undefined) throw new Error('This browser offers no Cache API to keep model files in.');
    const [model, config, wasm] = await Promise.all([caches.open(CACHE_SCOPES.model), caches.open(CACHE_SCOPES.config), caches.open(CACHE_SCOPES.wasm)]);
    return { model, config, wasm };
  };

  async function inventory(): Promise<CachedModel[]> {
    const c = await open();
    const [modelKeys, configKeys, wasmKeys] = await Promise.all([c.model.keys(), c.config.keys(), c.wasm.keys()]);
    const out: CachedModel[] = [];
    for (const record of appConfig.model_list) {
      const folder = modelFolderUrl(record);
      const own = [
        ...modelKeys.filter((k) => k.url.startsWith(folder)).map((k) => ({ cache: c.model, url: k.url })),
        ...configKeys.filter((k) => k.url.startsWith(folder)).map((k) => ({ cache: c.config, url: k.url })),
      ];
      if (own.length === 0) {
        out.push({ modelId: record.model_id, state: 'none', bytes: 0, files: 0 });
        continue;
      }
      const lib = wasmKeys.some((k) => k.url === record.model_lib) ? [{ cache: c.wasm, url: record.model_lib }] : [];
      let bytes = 0;
      for (const f of [...own, ...lib]) {
        const response = await f.cache.match(f.url);
        if (response !== undefined) bytes += await sizeOf(response);
      }
      const shards = await shardUrls(c.model, folder);
      const cached = new Set(modelKeys.map((k) => k.url));
      const complete = shards?.every((u) => cached.has(u));
      out.push({ modelId: record.model_id, state: complete ? 'complete' : 'partial', bytes, files: own.length + lib.length });
    }
    return out;
  }

  return {
    async has(modelId) {
      try {
        return (await inventory()).find((m) => m.modelId === modelId)?.state === 'complete';
      } catch {
        return false;
      }
    },
    inventory,
    async remove(modelId) {
      const record = findRecord(appConfig, modelId);
      if (record === undefined) return { ok: false, error: toLlmError(`ModelNotFoundError: Cannot find model record in appConfig for ${modelId}.`, modelId) };
      try {
        const c = await open();
        const folder = modelFolderUrl(record);
        for (const cache of [c.model, c.config]) {
          for (const k of await cache.keys()) if (k.url.startsWith(folder)) await cache.delete(k.url);
        }
        const others = (await inventory()).filter((m) => m.modelId !== modelId && m.state !== 'none');
        const shared = others.some((m) => findRecord(appConfig, m.modelId)?.model_lib === record.model_lib);
        if (!shared) await c.wasm.delete(record.model_lib);
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
