/**
 * A check of every file a model needs, before loading it and again after a
 * failed load. web-llm downloads through the Cache API, whose errors name no
 * file ("TypeError: Failed to execute 'add' on 'Cache': Request failed"), and
 * a file that arrives short is stored as it is. This check names the file,
 * its host and one next step:
 *   1. `mlc-chat-config.json` and `ndarray-cache.json`, read (from the cache
 *      when web-llm has them, else fetched): a 404 or a page that is not JSON
 *      (a static host's fallback index.html) is MODEL_NOT_FOUND, JSON cut
 *      short is FILE_TRUNCATED;
 *   2. the tokenizer files the config names, every shard the index lists and
 *      the model library, each checked in the cache or asked for with HEAD: a
 *      404 is MODEL_NOT_FOUND, a shard whose size is not the index's `nbytes`
 *      is FILE_TRUNCATED (in the cache: delete the download; on the host: copy
 *      the file again), an unreachable host is DOWNLOAD_FAILED.
 * A cached model costs no network at all. The files' bytes are counted, so
 * the page can say how much a download is before it starts. The reads are
 * model-file-reads.ts.
 */
import type { AppConfig } from '@mlc-ai/web-llm';
import type { CacheLike, CacheStorageLike } from './cache.ts';
import { llmError } from './errors.ts';
import { BadFile, checkBinary, readJson, type FetchLike, type FileRun } from './model-file-reads.ts';
import { CACHE_SCOPES, CHAT_CONFIG, findRecord, modelFolderUrl, SHARD_INDEX } from './model-url.ts';
import type { LlmError } from './types.ts';

export type { FetchedLike, FetchLike } from './model-file-reads.ts';

export interface FileCheckDeps {
  readonly fetch?: FetchLike;
  readonly caches?: CacheStorageLike;
}

export type FileCheck =
  | { readonly ok: true; readonly files: number; readonly bytes: number; readonly cachedBytes: number }
  | { readonly ok: false; readonly error: LlmError };

interface Shard {
  readonly dataPath: string;
  readonly nbytes: number;
}

/**
 * Checks the files of `modelId` (see the file comment).
 *
 * @example
 * const check = await checkModelFiles(appConfig, modelId);
 * if (!check.ok) show(check.error.message); // e.g. "params_shard_3.bin is not on 127.0.0.1:8080 (404). …"
 */
export async function checkModelFiles(appConfig: AppConfig, modelId: string, deps: FileCheckDeps = {}): Promise<FileCheck> {
  const fetchFn: FetchLike = deps.fetch ?? ((url, init) => fetch(url, init));
  const storage = deps.caches ?? (globalThis as { caches?: CacheStorageLike }).caches;
  const record = findRecord(appConfig, modelId);
  if (record === undefined) {
    return { ok: false, error: llmError('MODEL_NOT_FOUND', `There is no model ${modelId} in this configuration. Choose a model from the list.`, { modelId }) };
  }
  const run: FileRun = { modelId, folder: modelFolderUrl(record), fetch: fetchFn, files: 0, bytes: 0, cachedBytes: 0 };
  const cacheOf = async (scope: string): Promise<CacheLike | undefined> => (storage === undefined ? undefined : storage.open(scope));
  const [modelCache, configCache, wasmCache] = await Promise.all([cacheOf(CACHE_SCOPES.model), cacheOf(CACHE_SCOPES.config), cacheOf(CACHE_SCOPES.wasm)]);
  try {
    await checkAll(run, { model: modelCache, config: configCache, wasm: wasmCache }, record.model_lib);
    return { ok: true, files: run.files, bytes: run.bytes, cachedBytes: run.cachedBytes };
  } catch (thrown) {
    if (thrown instanceof BadFile) return { ok: false, error: thrown.error };
    throw thrown;
  }
}

/** The files in order: the config, the shard index, the tokenizers the config names, the shards the index lists, the model library. */
async function checkAll(run: FileRun, caches: Record<'model' | 'config' | 'wasm', CacheLike | undefined>, modelLib: string): Promise<void> {
  const { folder } = run;
  const config = await readJson(run, caches.config, CHAT_CONFIG);
  const index = await readJson(run, caches.model, SHARD_INDEX);
  const tokenizers = Array.isArray(config['tokenizer_files']) ? (config['tokenizer_files'] as unknown[]).map(String) : [];
  for (const name of tokenizers) await checkBinary(run, caches.model, new URL(name, folder).href, undefined);
  const shards = (Array.isArray(index['records']) ? index['records'] : []) as Shard[];
  for (const s of shards) await checkBinary(run, caches.model, new URL(s.dataPath, folder).href, s.nbytes);
  await checkBinary(run, caches.wasm, modelLib, undefined, 'the model library ');
}
