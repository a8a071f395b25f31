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
 * the page can say how much a download is before it starts.
 */
import type { AppConfig } from '@mlc-ai/web-llm';
import type { CacheLike, CacheStorageLike } from './cache.ts';
import { llmError } from './errors.ts';
import { CACHE_SCOPES, CHAT_CONFIG, findRecord, modelFolderUrl, SHARD_INDEX, whereOf } from './model-url.ts';
import type { LlmError, LlmErrorCode, LlmRecovery } from './types.ts';

/** The part of a fetch Response used. */
export interface FetchedLike {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}
export type FetchLike = (url: string, init: { method: 'GET' | 'HEAD'; cache: 'no-store' }) => Promise<FetchedLike>;

export interface FileCheckDeps {
  readonly fetch?: FetchLike;
  readonly caches?: CacheStorageLike;
}

export type FileCheck =
  | { readonly ok: true; readonly files: number; readonly bytes: number; readonly cachedBytes: number }
  | { readonly ok: false; readonly error: LlmError };

/** Thrown inside the check to stop at the first bad file. */
class BadFile extends Error {
  constructor(readonly error: LlmError) {
    super(error.message);
  }
}

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
  const folder = modelFolderUrl(record);
  const fail = (code: LlmErrorCode, url: string, what: string, next: string, recovery?: LlmRecovery): never => {
    const { file, host } = whereOf(url);
    const message = `${what.startsWith('the ') ? `T${what.slice(1)}` : what} ${next}`;
    throw new BadFile(llmError(code, message, { modelId, file, host, ...(recovery ? { recovery } : {}) }));
  };
  const cacheOf = async (scope: string): Promise<CacheLike | undefined> => (storage === undefined ? undefined : storage.open(scope));
  const [modelCache, configCache, wasmCache] = await Promise.all([cacheOf(CACHE_SCOPES.model), cacheOf(CACHE_SCOPES.config), cacheOf(CACHE_SCOPES.wasm)]);
  let bytes = 0;
  let cachedBytes = 0;
  let files = 0;

  const request = async (url: string, method: 'GET' | 'HEAD', what = ''): Promise<FetchedLike> => {
    const { file: name, host } = whereOf(url);
    const file = `${what}${name}`;
    let response: FetchedLike;
    try {
      response = await fetchFn(url, { method, cache: 'no-store' });
    } catch {
      return fail('DOWNLOAD_FAILED', url, `Could not reach ${host} for ${file}.`, 'Check the connection and the model host setting, then load again.', 'retry');
    }
    if (response.status === 404) {
      fail(
        'MODEL_NOT_FOUND',
        url,
        `${file} is not on ${host} (404).`,
        "Copy the model's files to that host (docs/models-hosting.md), or set another model host.",
      );
    }
    if (!response.ok) fail('DOWNLOAD_FAILED', url, `${host} answered ${response.status} for ${file}.`, 'Try again later.', 'retry');
    return response;
  };

  /** A JSON file's object, from the cache or the host. */
  const readJson = async (cache: CacheLike | undefined, name: string): Promise<Record<string, unknown>> => {
    const url = `${folder}${name}`;
    const cached = await cache?.match(url);
    const text = cached !== undefined ? await cached.text() : await (await request(url, 'GET')).text();
    files++;
    bytes += text.length;
    if (cached !== undefined) cachedBytes += text.length;
    const { file, host } = whereOf(url);
    if (/^\s*</.test(text)) {
      fail(
        'MODEL_NOT_FOUND',
        url,
        `${host} answered ${file} with a web page, not the model's JSON.`,
        'Make the host answer missing files with 404 and serve the model there (docs/models-hosting.md).',
      );
    }
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    const where = cached !== undefined ? "in this browser's cache" : `on ${host}`;
    return fail(
      'FILE_TRUNCATED',
      url,
      `${file} ${where} is not complete JSON (${text.length} bytes).`,
      cached !== undefined ? "Delete this model's download and load it again." : 'Copy the file to the host again.',
      cached !== undefined ? 'delete-model-cache' : undefined,
    );
  };

  /** A binary file: in the cache with its size, or HEAD on the host; `expected` bytes when known. */
  const checkBinary = async (cache: CacheLike | undefined, url: string, expected: number | undefined, what = ''): Promise<void> => {
    const { file: name, host } = whereOf(url);
    const file = `${what}${name}`;
    const cached = await cache?.match(url);
    let size: number;
    if (cached !== undefined) {
      const declared = Number(cached.headers.get('content-length'));
      size = Number.isFinite(declared) && declared > 0 ? declared : (await cached.blob()).size;
      cachedBytes += size;
      if (expected !== undefined && size !== expected) {
        fail(
          'FILE_TRUNCATED',
          url,
          `${file} in this browser's cache is ${size} bytes, but ${SHARD_INDEX} lists ${expected}.`,
          "Delete this model's download and load it again.",
          'delete-model-cache',
        );
      }
    } else {
      const response = await request(url, 'HEAD', what);
      const length = response.headers.get('content-length');
      size = length === null ? (expected ?? 0) : Number(length);
      if (expected !== undefined && length !== null && size !== expected) {
        fail('FILE_TRUNCATED', url, `${file} on ${host} is ${size} bytes, but ${SHARD_INDEX} lists ${expected}.`, 'Copy the file to the host again.');
      }
    }
    files++;
    bytes += size;
  };

  try {
    const config = await readJson(configCache, CHAT_CONFIG);
    const index = await readJson(modelCache, SHARD_INDEX);
    const tokenizers = Array.isArray(config['tokenizer_files']) ? (config['tokenizer_files'] as unknown[]).map(String) : [];
    for (const name of tokenizers) await checkBinary(modelCache, new URL(name, folder).href, undefined);
    const shards = (Array.isArray(index['records']) ? index['records'] : []) as Shard[];
    for (const s of shards) await checkBinary(modelCache, new URL(s.dataPath, folder).href, s.nbytes);
    await checkBinary(wasmCache, record.model_lib, undefined, 'the model library ');
    return { ok: true, files, bytes, cachedBytes };
  } catch (thrown) {
    if (thrown instanceof BadFile) return { ok: false, error: thrown.error };
    throw thrown;
  }
}
