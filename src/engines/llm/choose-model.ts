/**
 * The default model for a GPU, from what WebGPU tells about it. WebGPU does not
 * report memory, so the VRAM budget is a coarse estimate from the adapter's
 * largest buffer: budget = min(8192, 2 × maxBufferSize in MiB) MB (a GPU that
 * allows a 4 GiB buffer has at least 8 GB; SwiftShader's 1 GiB gives 2048).
 * The rule:
 *   1. without `shader-f16`, only q4f32 builds;
 *   2. a storage-buffer binding limit under 256 MiB (phones): only web-llm's
 *      low-resource models;
 *   3. VRAM need ≤ budget and estimated download ≤ `maxDownloadMB` (1000);
 *   4. a software (fallback) adapter gets the smallest such model, any other the
 *      largest, preferring q4f16 at equal size (smaller and faster).
 * When nothing passes, the smallest q4f32 build, with `fits: false`.
 */
import type { GpuCapabilities } from './capabilities.ts';
import { MODELS, type ModelInfo } from './models.ts';

const MIB = 1024 * 1024;
/** Below this storage-buffer binding limit only low-resource models are offered. */
export const LOW_RESOURCE_BINDING_BYTES = 256 * MIB;
export const DEFAULT_MAX_DOWNLOAD_MB = 1000;

export interface ModelPick {
  readonly model: ModelInfo;
  /** False when no model passed the rule and this is the smallest fallback. */
  readonly fits: boolean;
  /** Why this one, in a sentence for the settings page. */
  readonly reason: string;
}

export interface ChooseOptions {
  readonly models?: readonly ModelInfo[];
  readonly maxDownloadMB?: number;
  /** Overrides the estimate when the user knows better. */
  readonly vramBudgetMB?: number;
}

/**
 * The VRAM budget estimate in MB from the adapter's `maxBufferSize` (bytes).
 *
 * @example estimateVramBudgetMB(1024 ** 3) // 2048
 */
export function estimateVramBudgetMB(maxBufferSize: number): number {
  return Math.min(8192, Math.floor((2 * maxBufferSize) / MIB));
}

/**
 * Picks the default model for a GPU (see the file comment for the rule).
 *
 * @example
 * const limits = { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 30 };
 * chooseDefaultModel({ features: [], isFallbackAdapter: true, limits }).model.id
 * // 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC'
 */
export function chooseDefaultModel(gpu: Pick<GpuCapabilities, 'features' | 'isFallbackAdapter' | 'limits'>, options: ChooseOptions = {}): ModelPick {
  const models = options.models ?? MODELS;
  const f16 = gpu.features.includes('shader-f16');
  const lowBinding = gpu.limits.maxStorageBufferBindingSize < LOW_RESOURCE_BINDING_BYTES;
  const budget = options.vramBudgetMB ?? estimateVramBudgetMB(gpu.limits.maxBufferSize);
  const maxDownload = options.maxDownloadMB ?? DEFAULT_MAX_DOWNLOAD_MB;
  const eligible = models.filter((m) => (f16 || !m.needsShaderF16) && (!lowBinding || m.lowResource) && m.vramMB <= budget && m.downloadMB <= maxDownload);
  const bySize = [...eligible].sort((a, b) => a.parameters - b.parameters || Number(b.needsShaderF16) - Number(a.needsShaderF16));
  const why = `${f16 ? 'shader-f16 available' : 'no shader-f16, so q4f32 only'}; VRAM budget about ${budget} MB`;
  if (bySize.length > 0) {
    if (gpu.isFallbackAdapter) {
      return { model: bySize[0]!, fits: true, reason: `software GPU adapter: the smallest model (${why})` };
    }
    const largest = bySize[bySize.length - 1]!.parameters;
    const pick = bySize.find((m) => m.parameters === largest)!;
    const reason = `the largest model within limits (${why}; downloads ≤ ${maxDownload} MB)`;
    return { model: pick, fits: true, reason };
  }
  const smallest = [...models].filter((m) => !m.needsShaderF16).sort((a, b) => a.parameters - b.parameters)[0];
  if (smallest === undefined) throw new RangeError('the model list has no q4f32 build to fall back to');
  const reason = `no model fits this GPU's limits (${why}); the smallest may still fail`;
  return { model: smallest, fits: false, reason };
}
