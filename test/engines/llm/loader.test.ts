import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../src/engines/llm/app-config.ts';
import { loadModel, type LoadProgress } from '../../../src/engines/llm/loader.ts';
import { FakeEngine, webLlmError } from './fake-engine.ts';

const MODEL = 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC';
const appConfig = buildAppConfig({ location: 'https://example.org/' });
const noReplies = () => ({ throws: new Error('no chat expected') });

describe('loadModel', () => {
  it('loads with the given AppConfig and reports {progress, text} to 1', async () => {
    const engine = new FakeEngine(noReplies, { steps: 4 });
    const seen: LoadProgress[] = [];
    const r = await loadModel(engine, { modelId: MODEL, appConfig, onProgress: (p) => seen.push(p) });
    expect(r).toEqual({ ok: true });
    expect(engine.loaded).toBe(MODEL);
    expect(engine.appConfig).toBe(appConfig);
    expect(seen.map((p) => p.progress)).toEqual([0.25, 0.5, 0.75, 1]);
    expect(seen[0]!.text).toContain('Fetching');
  });

  it('returns MODEL_NOT_FOUND for an id outside the AppConfig without calling reload', async () => {
    const engine = new FakeEngine(noReplies);
    const r = await loadModel(engine, { modelId: 'nope', appConfig });
    expect(r).toMatchObject({ ok: false, error: { code: 'MODEL_NOT_FOUND', modelId: 'nope' } });
    expect(engine.appConfig).toBeUndefined();
  });

  it.each([
    ['DOWNLOAD_FAILED', new TypeError('Failed to fetch')],
    ['NO_SHADER_F16', webLlmError('ShaderF16SupportError', 'This model requires WebGPU extension shader-f16.')],
    ['DEVICE_LOST', webLlmError('DeviceLostError', 'The WebGPU device was lost while loading the model.')],
    ['QUOTA_EXCEEDED', webLlmError('QuotaExceededError', 'The quota has been exceeded.')],
    ['NO_WEBGPU', 'WebGPUNotAvailableError: WebGPU is not supported in your current environment'],
  ])('returns %s as data when reload throws it', async (code, thrown) => {
    const engine = new FakeEngine(noReplies, { throws: thrown });
    const r = await loadModel(engine, { modelId: MODEL, appConfig });
    expect(r).toMatchObject({ ok: false, error: { code, modelId: MODEL } });
  });

  it('stops a load through unload() and says so', async () => {
    const controller = new AbortController();
    const engine = new FakeEngine(noReplies, { steps: 10, msPerStep: 20 });
    setTimeout(() => controller.abort(), 30);
    const r = await loadModel(engine, { modelId: MODEL, appConfig, signal: controller.signal });
    expect(r).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(engine.unloads).toBe(1);
    expect(engine.loaded).toBeUndefined();
  });
});
