import type { AppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../src/engines/llm/app-config.ts';
import { createModelCache, recoverModelCache, type CacheFunctions } from '../../../src/engines/llm/cache.ts';
import { toLlmError } from '../../../src/engines/llm/errors.ts';

const A = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const B = 'Qwen2.5-Coder-1.5B-Instruct-q4f32_1-MLC';
const appConfig = buildAppConfig({ base: 'models/', location: 'https://host.example/app/' });

/** A cache holding some models, recording every call. */
function fakeCache(held: string[]) {
  const calls: { fn: string; modelId: string; appConfig: AppConfig | undefined }[] = [];
  const fns: CacheFunctions = {
    async hasModelInCache(modelId, config) {
      calls.push({ fn: 'has', modelId, appConfig: config });
      return held.includes(modelId);
    },
    async deleteModelAllInfoInCache(modelId, config) {
      calls.push({ fn: 'delete', modelId, appConfig: config });
      held.splice(held.indexOf(modelId), 1);
    },
  };
  return { fns, calls, held };
}

describe('model cache', () => {
  it('reports whether a model is cached, using the same AppConfig as loading', async () => {
    const f = fakeCache([A]);
    const cache = createModelCache(appConfig, f.fns, undefined);
    expect(await cache.has(A)).toBe(true);
    expect(await cache.has(B)).toBe(false);
    expect(f.calls.every((c) => c.appConfig === appConfig)).toBe(true);
  });

  it('recovers from a failed download by deleting only that model', async () => {
    const f = fakeCache([A, B]);
    const cache = createModelCache(appConfig, f.fns, undefined);
    const error = toLlmError('TypeError: Failed to fetch', B);
    expect(error.recovery).toBe('delete-model-cache');
    expect(await recoverModelCache(error, cache)).toBe(true);
    expect(f.calls.filter((c) => c.fn === 'delete').map((c) => c.modelId)).toEqual([B]);
    expect(f.held).toEqual([A]);
  });

  it('does not delete anything for other errors or an error without a model', async () => {
    const f = fakeCache([A]);
    const cache = createModelCache(appConfig, f.fns, undefined);
    expect(await recoverModelCache(toLlmError('DeviceLostError: lost', A), cache)).toBe(false);
    expect(await recoverModelCache(toLlmError('TypeError: Failed to fetch'), cache)).toBe(false);
    expect(f.calls).toEqual([]);
  });

  it('returns a failed delete as data', async () => {
    const fns: CacheFunctions = {
      hasModelInCache: async () => Promise.reject(new Error('SecurityError: no storage')),
      deleteModelAllInfoInCache: async () => Promise.reject(new Error('Cannot find model record in appConfig for x')),
    };
    const cache = createModelCache(appConfig, fns, undefined);
    expect(await cache.has(A)).toBe(false);
    expect(await cache.remove('x')).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND' } });
  });

  it('asks for persistent storage, and says when the browser cannot', async () => {
    let asked = 0;
    const granted = createModelCache(appConfig, fakeCache([]).fns, {
      persisted: async () => false,
      persist: async () => (asked++, true),
      estimate: async () => ({ usage: 10, quota: 100 }),
    });
    expect(await granted.persist()).toBe('granted');
    expect(asked).toBe(1);
    expect(await granted.estimate()).toEqual({ usage: 10, quota: 100 });
    const denied = createModelCache(appConfig, fakeCache([]).fns, { persist: async () => false });
    expect(await denied.persist()).toBe('denied');
    const none = createModelCache(appConfig, fakeCache([]).fns, undefined);
    expect(await none.persist()).toBe('unsupported');
    expect(await none.estimate()).toBeUndefined();
  });
});
