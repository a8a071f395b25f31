import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../src/engines/llm/app-config.ts';
import { createModelCache, recoverModelCache, type CacheLike, type CacheStorageLike } from '../../../src/engines/llm/cache.ts';
import { llmError, toLlmError } from '../../../src/engines/llm/errors.ts';
import { modelFolderUrl } from '../../../src/engines/llm/model-url.ts';

const A = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const B = 'Qwen2.5-Coder-1.5B-Instruct-q4f32_1-MLC';
const A16 = 'Qwen2.5-Coder-0.5B-Instruct-q4f16_1-MLC';
const appConfig = buildAppConfig({ base: 'models/', location: 'https://host.example/app/' });
const record = (id: string) => appConfig.model_list.find((m) => m.model_id === id)!;

/** The Cache API as web-llm 0.2.79 leaves it: named caches of URL → body, with or without Content-Length. */
function fakeCaches() {
  const stores = new Map<string, Map<string, { body: string; length: boolean }>>();
  const store = (name: string) => stores.get(name) ?? stores.set(name, new Map()).get(name)!;
  const caches: CacheStorageLike = {
    async open(name): Promise<CacheLike> {
      const s = store(name);
      return {
        keys: async () => [...s.keys()].map((url) => ({ url })),
        async match(url) {
          const e = s.get(url);
          if (e === undefined) return undefined;
          return {
            headers: { get: (h: string) => (h === 'content-length' && e.length ? String(e.body.length) : null) },
            blob: async () => ({ size: e.body.length }),
            text: async () => e.body,
          };
        },
        delete: async (url) => s.delete(url),
      };
    },
  };
  /** Puts a whole model (index, two shards, tokenizer, config, library) or only its first shard. */
  const put = (id: string, part: 'whole' | 'first-shard' = 'whole'): void => {
    const r = record(id);
    const folder = modelFolderUrl(r);
    const index = JSON.stringify({
      records: [
        { dataPath: 'params_shard_0.bin', nbytes: 100 },
        { dataPath: 'params_shard_1.bin', nbytes: 50 },
      ],
    });
    store('webllm/model').set(`${folder}params_shard_0.bin`, { body: 'x'.repeat(100), length: true });
    if (part === 'first-shard') return;
    store('webllm/model').set(`${folder}ndarray-cache.json`, { body: index, length: false });
    store('webllm/model').set(`${folder}params_shard_1.bin`, { body: 'y'.repeat(50), length: false });
    store('webllm/model').set(`${folder}tokenizer.json`, { body: '{}', length: true });
    store('webllm/config').set(`${folder}mlc-chat-config.json`, { body: '{"a":1}', length: true });
    store('webllm/wasm').set(r.model_lib, { body: 'w'.repeat(30), length: true });
  };
  return { caches, put, stores };
}

describe('model cache', () => {
  it('lists every model with its state and bytes, the library counted with the model', async () => {
    const f = fakeCaches();
    f.put(A);
    f.put(B, 'first-shard');
    const inventory = await createModelCache(appConfig, undefined, f.caches).inventory();
    expect(inventory.map((m) => m.modelId)).toEqual(appConfig.model_list.map((m) => m.model_id));
    const index = JSON.stringify({
      records: [
        { dataPath: 'params_shard_0.bin', nbytes: 100 },
        { dataPath: 'params_shard_1.bin', nbytes: 50 },
      ],
    });
    expect(inventory.find((m) => m.modelId === A)).toEqual({ modelId: A, state: 'complete', bytes: 100 + 50 + index.length + 2 + 7 + 30, files: 6 });
    expect(inventory.find((m) => m.modelId === B)).toEqual({ modelId: B, state: 'partial', bytes: 100, files: 1 });
    expect(inventory.find((m) => m.modelId === A16)).toEqual({ modelId: A16, state: 'none', bytes: 0, files: 0 });
    const cache = createModelCache(appConfig, undefined, f.caches);
    expect(await cache.has(A)).toBe(true);
    expect(await cache.has(B)).toBe(false);
  });

  it('deletes every file of one model, its shard index included, and nothing of the others', async () => {
    const f = fakeCaches();
    f.put(A);
    f.put(B);
    const cache = createModelCache(appConfig, undefined, f.caches);
    expect(await cache.remove(A)).toEqual({ ok: true });
    const left = [...f.stores.values()].flatMap((s) => [...s.keys()]);
    expect(left.some((u) => u.startsWith(modelFolderUrl(record(A))))).toBe(false);
    expect(left).not.toContain(record(A).model_lib);
    expect(left.filter((u) => u.startsWith(modelFolderUrl(record(B))))).toHaveLength(5);
    expect((await cache.inventory()).find((m) => m.modelId === A)?.state).toBe('none');
  });

  it('keeps a model library another cached model still uses', async () => {
    const shared = buildAppConfig({ base: 'models/', location: 'https://host.example/app/' });
    const twin = { ...shared.model_list.find((m) => m.model_id === A)!, model_id: 'twin', model: 'https://host.example/app/models/twin/resolve/main/' };
    const config = { ...shared, model_list: [...shared.model_list, twin] };
    const f = fakeCaches();
    f.put(A);
    // The twin's first shard is cached: it still needs the library.
    f.stores.get('webllm/model')!.set(`${modelFolderUrl(twin)}params_shard_0.bin`, { body: 'z', length: true });
    expect(await createModelCache(config, undefined, f.caches).remove(A)).toEqual({ ok: true });
    expect([...f.stores.get('webllm/wasm')!.keys()]).toEqual([record(A).model_lib]);
  });

  it('recovers from a corrupt download by deleting only that model, and nothing for other errors', async () => {
    const f = fakeCaches();
    f.put(A);
    f.put(B);
    const cache = createModelCache(appConfig, undefined, f.caches);
    expect(await recoverModelCache(toLlmError('DeviceLostError: lost', A), cache)).toBe(false);
    expect(await recoverModelCache(toLlmError('TypeError: Failed to fetch'), cache)).toBe(false);
    const truncated = llmError('FILE_TRUNCATED', "params_shard_1.bin in this browser's cache is 5 bytes.", { modelId: B, recovery: 'delete-model-cache' });
    expect(await recoverModelCache(truncated, cache)).toBe(true);
    const states = Object.fromEntries((await cache.inventory()).map((m) => [m.modelId, m.state]));
    expect(states[A]).toBe('complete');
    expect(states[B]).toBe('none');
  });

  it('returns failures as data: an unknown model, no Cache API', async () => {
    expect(await createModelCache(appConfig, undefined, fakeCaches().caches).remove('x')).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND' } });
    const none = createModelCache(appConfig, undefined, undefined);
    expect(await none.has(A)).toBe(false);
    expect(await none.remove(A)).toMatchObject({ ok: false, error: { code: 'ENGINE_ERROR' } });
  });

  it('asks for persistent storage, and says when the browser cannot', async () => {
    let asked = 0;
    const granted = createModelCache(appConfig, {
      persisted: async () => false,
      persist: async () => (asked++, true),
      estimate: async () => ({ usage: 10, quota: 100 }),
    });
    expect(await granted.persist()).toBe('granted');
    expect(asked).toBe(1);
    expect(await granted.estimate()).toEqual({ usage: 10, quota: 100 });
    const denied = createModelCache(appConfig, { persist: async () => false });
    expect(await denied.persist()).toBe('denied');
    const none = createModelCache(appConfig, undefined);
    expect(await none.persist()).toBe('unsupported');
    expect(await none.estimate()).toBeUndefined();
  });
});
