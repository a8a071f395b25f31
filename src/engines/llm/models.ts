/**
 * The models Confide offers: Qwen2.5-Coder Instruct at 0.5B, 1.5B, 3B and 7B
 * parameters, each as a q4f16_1 build (needs the GPU's shader-f16 feature) and
 * a q4f32_1 build (runs everywhere). Ids, upstream URLs, VRAM needs and the
 * low-resource flag are copied from web-llm 0.2.79's `prebuiltAppConfig`
 * (test/engines/llm/models.test.ts checks them against the installed package).
 *
 * Download sizes are estimates, not measurements: parameters × bits per weight,
 * with 4-bit weights plus one scale per group of 32 (q4f16_1: 4 + 16/32 = 4.5
 * bits; q4f32_1: 4 + 32/32 = 5 bits). Parameter counts are Qwen2.5-Coder's
 * published totals.
 */

export type Quantization = 'q4f16_1' | 'q4f32_1';

export interface ModelInfo {
  /** web-llm's `model_id`. */
  readonly id: string;
  /** Short name for the UI, e.g. 'Qwen2.5-Coder 1.5B (q4f16)'. */
  readonly label: string;
  readonly parameters: number;
  readonly quantization: Quantization;
  /** True for q4f16 builds: they need the `shader-f16` WebGPU feature. */
  readonly needsShaderF16: boolean;
  /** web-llm's `vram_required_MB`. */
  readonly vramMB: number;
  /** Estimated download, MB (10^6 bytes); see the file comment. */
  readonly downloadMB: number;
  /** web-llm's `low_resource_required`: runs with a 128 MiB storage-buffer binding limit. */
  readonly lowResource: boolean;
  readonly contextWindow: number;
  /** Upstream weights (Hugging Face) and model library (.wasm) URLs. */
  readonly upstreamModel: string;
  readonly upstreamLib: string;
}

const LIB_PREFIX = 'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_48/';

const BITS_PER_WEIGHT: Readonly<Record<Quantization, number>> = { q4f16_1: 4.5, q4f32_1: 5 };

/** Estimated download in MB for a parameter count and quantization. */
export function estimateDownloadMB(parameters: number, quantization: Quantization): number {
  return Math.round((parameters * BITS_PER_WEIGHT[quantization]) / 8 / 1e6);
}

interface Row {
  readonly size: string;
  readonly parameters: number;
  /** Library file name stem: web-llm shares libraries between architectures. */
  readonly lib: string;
  readonly vram: Readonly<Record<Quantization, number>>;
  readonly lowResource: boolean;
}

const ROWS: readonly Row[] = [
  {
    size: '0.5B',
    parameters: 494_032_768,
    lib: 'Qwen2-0.5B-Instruct',
    vram: { q4f16_1: 944.62, q4f32_1: 1060.2 },
    lowResource: true,
  },
  {
    size: '1.5B',
    parameters: 1_543_714_304,
    lib: 'Qwen2-1.5B-Instruct',
    vram: { q4f16_1: 1629.75, q4f32_1: 1888.97 },
    lowResource: false,
  },
  {
    size: '3B',
    parameters: 3_085_938_688,
    lib: 'Qwen2.5-3B-Instruct',
    vram: { q4f16_1: 2504.76, q4f32_1: 2893.64 },
    lowResource: true,
  },
  {
    size: '7B',
    parameters: 7_615_616_512,
    lib: 'Qwen2-7B-Instruct',
    vram: { q4f16_1: 5106.67, q4f32_1: 5900.09 },
    lowResource: false,
  },
];

function info(row: Row, quantization: Quantization): ModelInfo {
  const id = `Qwen2.5-Coder-${row.size}-Instruct-${quantization}-MLC`;
  return {
    id,
    label: `Qwen2.5-Coder ${row.size} (${quantization.replace('_1', '')})`,
    parameters: row.parameters,
    quantization,
    needsShaderF16: quantization === 'q4f16_1',
    vramMB: row.vram[quantization],
    downloadMB: estimateDownloadMB(row.parameters, quantization),
    lowResource: row.lowResource,
    contextWindow: 4096,
    upstreamModel: `https://huggingface.co/mlc-ai/${id}`,
    upstreamLib: `${LIB_PREFIX}${row.lib}-${quantization}-ctx4k_cs1k-webgpu.wasm`,
  };
}

/**
 * Every offered model, smallest first, the q4f16 build before the q4f32 one.
 *
 * @example MODELS.map((m) => m.id)[0] // 'Qwen2.5-Coder-0.5B-Instruct-q4f16_1-MLC'
 */
export const MODELS: readonly ModelInfo[] = ROWS.flatMap((r) => [info(r, 'q4f16_1'), info(r, 'q4f32_1')]);

/**
 * The catalogue entry for a model id, or undefined.
 *
 * @example findModel('Qwen2.5-Coder-3B-Instruct-q4f32_1-MLC')?.vramMB // 2893.64
 */
export function findModel(id: string, models: readonly ModelInfo[] = MODELS): ModelInfo | undefined {
  return models.find((m) => m.id === id);
}
