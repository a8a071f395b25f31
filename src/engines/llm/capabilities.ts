/**
 * What this browser's WebGPU offers, read before any model is downloaded:
 * whether there is WebGPU at all, an adapter, its features (`shader-f16`), its
 * limits and whether it is a software fallback (SwiftShader in headless
 * Chromium). The WebGPU types are declared structurally here (TypeScript's DOM
 * library has none), with only the fields read.
 */
import { describeThrown, llmError } from './errors.ts';
import type { LlmError } from './types.ts';

interface AdapterInfoLike {
  readonly vendor?: string;
  readonly architecture?: string;
  readonly description?: string;
  readonly isFallbackAdapter?: boolean;
}

/** The part of a `GPUAdapter` read here. */
export interface GpuAdapterLike {
  readonly features: Iterable<string>;
  readonly limits: { readonly maxBufferSize: number; readonly maxStorageBufferBindingSize: number };
  /** Older Chromium: on the adapter; newer: on `info`. */
  readonly isFallbackAdapter?: boolean;
  readonly info?: AdapterInfoLike | undefined;
}

/** The part of `navigator` read here. */
export interface NavigatorLike {
  readonly gpu?: { requestAdapter(options?: { powerPreference?: string }): Promise<GpuAdapterLike | null> };
}

/** A WebGPU adapter's capabilities, as plain data. */
export interface GpuCapabilities {
  readonly features: readonly string[];
  readonly isFallbackAdapter: boolean;
  readonly limits: { readonly maxBufferSize: number; readonly maxStorageBufferBindingSize: number };
  readonly vendor: string;
  readonly architecture: string;
  readonly description: string;
}

export type WebGpuDetection = { readonly ok: true; readonly gpu: GpuCapabilities } | { readonly ok: false; readonly error: LlmError };

/**
 * Detects WebGPU: no `navigator.gpu` → NO_WEBGPU; no adapter (or requestAdapter
 * throws) → NO_ADAPTER; otherwise the adapter's features, limits and
 * fallback flag. Asks for the high-performance adapter.
 *
 * @example
 * const d = await detectWebGpu();
 * if (!d.ok) show(d.error.message); else console.log(d.gpu.features.includes('shader-f16'));
 */
export async function detectWebGpu(nav: NavigatorLike | undefined = (globalThis as { navigator?: NavigatorLike }).navigator): Promise<WebGpuDetection> {
  if (nav?.gpu === undefined) {
    return {
      ok: false,
      error: llmError(
        'NO_WEBGPU',
        'This browser exposes no WebGPU, so models cannot run here. Use a recent Chrome or Edge on a desktop ' +
          '(or Safari/Firefox with WebGPU enabled); replayed candidates still work.',
        { recovery: 'enable-webgpu' },
      ),
    };
  }
  let adapter: GpuAdapterLike | null;
  let cause: string | undefined;
  try {
    adapter = await nav.gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (thrown) {
    adapter = null;
    cause = describeThrown(thrown);
  }
  if (adapter === null) {
    return {
      ok: false,
      error: llmError(
        'NO_ADAPTER',
        'WebGPU is present but gave no GPU adapter: the GPU may be blocklisted or WebGPU disabled. ' +
          'Check chrome://gpu, update the graphics driver, or try another browser.',
        { recovery: 'enable-webgpu', ...(cause === undefined ? {} : { cause }) },
      ),
    };
  }
  return {
    ok: true,
    gpu: {
      features: [...adapter.features].sort(),
      isFallbackAdapter: adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false,
      limits: {
        maxBufferSize: adapter.limits.maxBufferSize,
        maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      },
      vendor: adapter.info?.vendor ?? '',
      architecture: adapter.info?.architecture ?? '',
      description: adapter.info?.description ?? '',
    },
  };
}
