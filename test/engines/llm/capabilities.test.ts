import { describe, expect, it } from 'vitest';
import { detectWebGpu, type GpuAdapterLike, type NavigatorLike } from '../../../src/engines/llm/capabilities.ts';

const GiB = 1024 ** 3;
const adapter = (extra: Partial<GpuAdapterLike> = {}): GpuAdapterLike => ({
  features: new Set(['timestamp-query', 'shader-f16']),
  limits: { maxBufferSize: 4 * GiB, maxStorageBufferBindingSize: 2 * GiB },
  info: { vendor: 'nvidia', architecture: 'ampere', description: 'NVIDIA RTX' },
  ...extra,
});
const nav = (result: () => Promise<GpuAdapterLike | null>): NavigatorLike => ({ gpu: { requestAdapter: result } });

describe('detectWebGpu', () => {
  it('says NO_WEBGPU without navigator.gpu (this Node process has none)', async () => {
    expect(await detectWebGpu({})).toMatchObject({ ok: false, error: { code: 'NO_WEBGPU', recovery: 'enable-webgpu' } });
    expect(await detectWebGpu(undefined)).toMatchObject({ ok: false, error: { code: 'NO_WEBGPU' } });
    expect(await detectWebGpu()).toMatchObject({ ok: false, error: { code: 'NO_WEBGPU' } });
  });

  it('says NO_ADAPTER when requestAdapter gives null or throws', async () => {
    expect(await detectWebGpu(nav(async () => null))).toMatchObject({ ok: false, error: { code: 'NO_ADAPTER' } });
    const thrown = await detectWebGpu(nav(async () => Promise.reject(new Error('blocklisted'))));
    expect(thrown).toMatchObject({ ok: false, error: { code: 'NO_ADAPTER', cause: 'Error: blocklisted' } });
  });

  it('reads features (sorted), limits and adapter info as plain data', async () => {
    const d = await detectWebGpu(nav(async () => adapter()));
    expect(d).toEqual({
      ok: true,
      gpu: {
        features: ['shader-f16', 'timestamp-query'],
        isFallbackAdapter: false,
        limits: { maxBufferSize: 4 * GiB, maxStorageBufferBindingSize: 2 * GiB },
        vendor: 'nvidia',
        architecture: 'ampere',
        description: 'NVIDIA RTX',
      },
    });
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });

  it('reads the fallback flag from adapter.info (new) or the adapter (old)', async () => {
    const fromInfo = await detectWebGpu(nav(async () => adapter({ info: { isFallbackAdapter: true } })));
    const fromAdapter = await detectWebGpu(nav(async () => adapter({ info: undefined, isFallbackAdapter: true })));
    expect(fromInfo.ok && fromInfo.gpu.isFallbackAdapter).toBe(true);
    expect(fromAdapter.ok && fromAdapter.gpu.isFallbackAdapter).toBe(true);
  });
});
