import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../src/engines/llm/app-config.ts';
import type { CacheStorageLike } from '../../../src/engines/llm/cache.ts';
import { checkModelFiles, type FetchLike } from '../../../src/engines/llm/model-files.ts';
import { whereOf } from '../../../src/engines/llm/model-url.ts';

const ID = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const LIB = 'Qwen2-0.5B-Instruct-q4f32_1-ctx4k_cs1k-webgpu.wasm';
const appConfig = buildAppConfig({ base: 'http://127.0.0.1:8080/models/', location: 'https://host.example/app/' });
const upstream = buildAppConfig({ location: 'https://host.example/' });
const FOLDER = `http://127.0.0.1:8080/models/${ID}/resolve/main/`;
const CONFIG = '{"tokenizer_files": ["tokenizer.json"]}';
const INDEX = JSON.stringify({
  records: [
    { dataPath: 'params_shard_0.bin', nbytes: 100 },
    { dataPath: 'params_shard_1.bin', nbytes: 40 },
  ],
});

/** A host serving a folder of files (name → body) under FOLDER and the library under libs/; everything else 404. */
function host(files: Record<string, string | number>, calls: string[] = []): FetchLike {
  const all: Record<string, string | number> = {
    'mlc-chat-config.json': CONFIG,
    'ndarray-cache.json': INDEX,
    'tokenizer.json': '{}',
    'params_shard_0.bin': 100,
    'params_shard_1.bin': 40,
    ...files,
  };
  return async (url, init) => {
    calls.push(`${init.method} ${url}`);
    const name = url.startsWith(FOLDER) ? url.slice(FOLDER.length) : url.endsWith(`/libs/${LIB}`) ? 'lib' : '';
    const body = name === 'lib' ? (all['lib'] ?? 3000) : all[name];
    if (body === undefined || body === -1) return { ok: false, status: 404, headers: { get: () => null }, text: async () => 'not found' };
    const text = typeof body === 'number' ? 'x'.repeat(body) : body;
    return { ok: true, status: 200, headers: { get: (h) => (h === 'content-length' ? String(text.length) : null) }, text: async () => text };
  };
}

/** A Cache API holding some URLs. */
function cached(entries: Record<string, string>): CacheStorageLike {
  return {
    async open() {
      return {
        keys: async () => Object.keys(entries).map((url) => ({ url })),
        match: async (url) =>
          entries[url] === undefined
            ? undefined
            : { headers: { get: () => null }, blob: async () => ({ size: entries[url]!.length }), text: async () => entries[url]! },
        delete: async () => false,
      };
    },
  };
}
const noCache = cached({});

describe('checkModelFiles', () => {
  it('passes a complete model, counting its files and bytes, and asks only HEAD for the large ones', async () => {
    const calls: string[] = [];
    const r = await checkModelFiles(appConfig, ID, { fetch: host({}, calls), caches: noCache });
    expect(r).toMatchObject({ ok: true, files: 6, cachedBytes: 0 });
    expect(r.ok && r.bytes).toBe(CONFIG.length + INDEX.length + 2 + 100 + 40 + 3000);
    expect(calls).toEqual([
      `GET ${FOLDER}mlc-chat-config.json`,
      `GET ${FOLDER}ndarray-cache.json`,
      `HEAD ${FOLDER}tokenizer.json`,
      `HEAD ${FOLDER}params_shard_0.bin`,
      `HEAD ${FOLDER}params_shard_1.bin`,
      `HEAD http://127.0.0.1:8080/models/libs/${LIB}`,
    ]);
  });

  it('names a missing shard, its host and one next step (MODEL_NOT_FOUND)', async () => {
    const r = await checkModelFiles(appConfig, ID, { fetch: host({ 'params_shard_1.bin': -1 }), caches: noCache });
    expect(r).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND', file: 'params_shard_1.bin', host: '127.0.0.1:8080', modelId: ID } });
    expect(!r.ok && r.error.message).toBe(
      "params_shard_1.bin is not on 127.0.0.1:8080 (404). Copy the model's files to that host (docs/models-hosting.md), or set another model host.",
    );
  });

  it('names a missing model library', async () => {
    const r = await checkModelFiles(appConfig, ID, { fetch: host({ lib: -1 }), caches: noCache });
    expect(r).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND', file: LIB, host: '127.0.0.1:8080' } });
    expect(!r.ok && r.error.message).toMatch(new RegExp(`^The model library ${LIB.replace(/\./g, '\\.')} is not on 127\\.0\\.0\\.1:8080 \\(404\\)\\.`));
  });

  it('names a shard shorter than the index says (FILE_TRUNCATED), on the host and in the cache', async () => {
    const onHost = await checkModelFiles(appConfig, ID, { fetch: host({ 'params_shard_0.bin': 60 }), caches: noCache });
    expect(onHost).toMatchObject({ ok: false, error: { code: 'FILE_TRUNCATED', file: 'params_shard_0.bin', host: '127.0.0.1:8080' } });
    expect(!onHost.ok && onHost.error.message).toBe(
      'params_shard_0.bin on 127.0.0.1:8080 is 60 bytes, but ndarray-cache.json lists 100. Copy the file to the host again.',
    );
    const inCache = await checkModelFiles(appConfig, ID, { fetch: host({}), caches: cached({ [`${FOLDER}params_shard_0.bin`]: 'x'.repeat(7) }) });
    expect(inCache).toMatchObject({ ok: false, error: { code: 'FILE_TRUNCATED', recovery: 'delete-model-cache' } });
    expect(!inCache.ok && inCache.error.message).toMatch(
      /^params_shard_0\.bin in this browser's cache is 7 bytes, but ndarray-cache\.json lists 100\. Delete this model's download/,
    );
  });

  it('tells a JSON file cut short from a fallback web page', async () => {
    const cut = await checkModelFiles(appConfig, ID, { fetch: host({ 'ndarray-cache.json': INDEX.slice(0, 30) }), caches: noCache });
    expect(cut).toMatchObject({ ok: false, error: { code: 'FILE_TRUNCATED', file: 'ndarray-cache.json' } });
    const page = await checkModelFiles(appConfig, ID, { fetch: host({ 'mlc-chat-config.json': '<!doctype html><title>app</title>' }), caches: noCache });
    expect(page).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND', file: 'mlc-chat-config.json' } });
    expect(!page.ok && page.error.message).toMatch(/answered mlc-chat-config\.json with a web page/);
  });

  it('says which host it could not reach (DOWNLOAD_FAILED), upstream included', async () => {
    const offline: FetchLike = async () => Promise.reject(new TypeError('Failed to fetch'));
    const r = await checkModelFiles(upstream, ID, { fetch: offline, caches: noCache });
    expect(r).toMatchObject({ ok: false, error: { code: 'DOWNLOAD_FAILED', file: 'mlc-chat-config.json', host: 'huggingface.co', recovery: 'retry' } });
    expect(!r.ok && r.error.message).toBe(
      'Could not reach huggingface.co for mlc-chat-config.json. Check the connection and the model host setting, then load again.',
    );
    const busy = await checkModelFiles(appConfig, ID, {
      fetch: async () => ({ ok: false, status: 503, headers: { get: () => null }, text: async () => '' }),
      caches: noCache,
    });
    expect(busy).toMatchObject({ ok: false, error: { code: 'DOWNLOAD_FAILED' } });
  });

  it('costs no network for a model whose files are all cached', async () => {
    const calls: string[] = [];
    const entries = {
      [`${FOLDER}mlc-chat-config.json`]: CONFIG,
      [`${FOLDER}ndarray-cache.json`]: INDEX,
      [`${FOLDER}tokenizer.json`]: '{}',
      [`${FOLDER}params_shard_0.bin`]: 'x'.repeat(100),
      [`${FOLDER}params_shard_1.bin`]: 'x'.repeat(40),
      [`http://127.0.0.1:8080/models/libs/${LIB}`]: 'w'.repeat(10),
    };
    const r = await checkModelFiles(appConfig, ID, { fetch: host({}, calls), caches: cached(entries) });
    expect(r).toMatchObject({ ok: true, files: 6 });
    expect(r.ok && r.cachedBytes).toBe(r.ok && r.bytes);
    expect(calls).toEqual([]);
  });

  it('refuses a model id the configuration does not have', async () => {
    const r = await checkModelFiles(appConfig, 'nope', { fetch: host({}), caches: noCache });
    expect(r).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND' } });
  });
});

describe('whereOf', () => {
  it('names the file below the model folder, or the last segment, and the host', () => {
    expect(whereOf(`${FOLDER}params_shard_3.bin`)).toEqual({ file: 'params_shard_3.bin', host: '127.0.0.1:8080' });
    expect(whereOf('https://huggingface.co/mlc-ai/x/resolve/main/tokenizer.json')).toEqual({ file: 'tokenizer.json', host: 'huggingface.co' });
    expect(whereOf(`https://raw.githubusercontent.com/a/b/${LIB}`)).toEqual({ file: LIB, host: 'raw.githubusercontent.com' });
  });
});
