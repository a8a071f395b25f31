import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { chooseDefaultModel, estimateVramBudgetMB } from '../../../src/engines/llm/choose-model.ts';
import { estimateDownloadMB, findModel, MODELS } from '../../../src/engines/llm/models.ts';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

describe('model catalogue', () => {
  it('matches web-llm 0.2.79 prebuiltAppConfig: ids, upstream URLs, VRAM, low-resource flag, context window', () => {
    for (const m of MODELS) {
      const p = prebuiltAppConfig.model_list.find((r) => r.model_id === m.id);
      expect(p, m.id).toBeDefined();
      expect(m.upstreamModel).toBe(p!.model);
      expect(m.upstreamLib).toBe(p!.model_lib);
      expect(m.vramMB).toBe(p!.vram_required_MB);
      expect(m.lowResource).toBe(p!.low_resource_required);
      expect(m.contextWindow).toBe(p!.overrides?.context_window_size);
    }
  });

  it('offers 0.5B, 1.5B, 3B and 7B, each as q4f16_1 and q4f32_1', () => {
    expect(MODELS.map((m) => m.id)).toEqual(
      ['0.5B', '1.5B', '3B', '7B'].flatMap((s) => [`Qwen2.5-Coder-${s}-Instruct-q4f16_1-MLC`, `Qwen2.5-Coder-${s}-Instruct-q4f32_1-MLC`]),
    );
    expect(MODELS.filter((m) => m.needsShaderF16).every((m) => m.quantization === 'q4f16_1')).toBe(true);
  });

  it('estimates downloads as parameters × 4.5 or 5 bits', () => {
    expect(estimateDownloadMB(8e8, 'q4f16_1')).toBe(450);
    expect(estimateDownloadMB(8e8, 'q4f32_1')).toBe(500);
    expect(findModel('Qwen2.5-Coder-7B-Instruct-q4f16_1-MLC')!.downloadMB).toBe(Math.round((7_615_616_512 * 4.5) / 8 / 1e6));
    expect(findModel('nope')).toBeUndefined();
  });
});

describe('chooseDefaultModel', () => {
  const desktop = { maxBufferSize: 4 * GiB, maxStorageBufferBindingSize: 2 * GiB };

  it('takes the largest q4f16 model within the download cap on a capable GPU with shader-f16', () => {
    const pick = chooseDefaultModel({ features: ['shader-f16'], isFallbackAdapter: false, limits: desktop });
    expect(pick).toMatchObject({ fits: true, model: { id: 'Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC' } });
  });

  it('takes only q4f32 builds without shader-f16', () => {
    const pick = chooseDefaultModel({ features: [], isFallbackAdapter: false, limits: desktop });
    expect(pick.model.id).toBe('Qwen2.5-Coder-1.5B-Instruct-q4f32_1-MLC');
    expect(pick.reason).toMatch(/no shader-f16/);
  });

  it('goes larger when the user allows larger downloads and the budget allows', () => {
    const pick = chooseDefaultModel({ features: ['shader-f16'], isFallbackAdapter: false, limits: desktop }, { maxDownloadMB: 5000 });
    expect(pick.model.id).toBe('Qwen2.5-Coder-7B-Instruct-q4f16_1-MLC');
  });

  it('takes the smallest model on a software adapter (SwiftShader: 1 GiB buffers, no f16)', () => {
    const pick = chooseDefaultModel({ features: [], isFallbackAdapter: true, limits: { maxBufferSize: GiB, maxStorageBufferBindingSize: GiB } });
    expect(pick.model.id).toBe('Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC');
  });

  it('keeps to the VRAM budget from small buffer limits', () => {
    // 512 MiB buffers → budget 1024 MB: only the 0.5B q4f16 (944.62 MB) fits.
    const pick = chooseDefaultModel({
      features: ['shader-f16'],
      isFallbackAdapter: false,
      limits: { maxBufferSize: 512 * MiB, maxStorageBufferBindingSize: 512 * MiB },
    });
    expect(pick.model.id).toBe('Qwen2.5-Coder-0.5B-Instruct-q4f16_1-MLC');
  });

  it('takes only low-resource models under a 256 MiB storage binding limit', () => {
    const pick = chooseDefaultModel(
      { features: ['shader-f16'], isFallbackAdapter: false, limits: { maxBufferSize: 4 * GiB, maxStorageBufferBindingSize: 128 * MiB } },
      { maxDownloadMB: 5000 },
    );
    // 1.5B and 7B are not low-resource in web-llm's list; 3B is.
    expect(pick.model.id).toBe('Qwen2.5-Coder-3B-Instruct-q4f16_1-MLC');
  });

  it('falls back to the smallest q4f32 build, marked as not fitting, when nothing passes', () => {
    const pick = chooseDefaultModel({ features: [], isFallbackAdapter: false, limits: { maxBufferSize: 128 * MiB, maxStorageBufferBindingSize: 128 * MiB } });
    expect(pick).toMatchObject({ fits: false, model: { id: 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC' } });
  });

  it('estimates the VRAM budget as twice the largest buffer, capped at 8192 MB', () => {
    expect(estimateVramBudgetMB(GiB)).toBe(2048);
    expect(estimateVramBudgetMB(16 * GiB)).toBe(8192);
  });
});
