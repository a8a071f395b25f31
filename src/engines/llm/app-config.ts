/**
 * web-llm's AppConfig for the catalogue, pointing either at the upstream files
 * (Hugging Face weights, GitHub model libraries) or at a base URL the site
 * owner serves them from.
 *
 * web-llm needs absolute URLs laid out as `<model>/resolve/main/…`, and inside
 * a worker it resolves relative ones against the origin only (losing a
 * sub-path), so the base is resolved here against the page's location:
 *   base `models/` at `https://host/sub/path/` →
 *   weights `https://host/sub/path/models/<model_id>/resolve/main/`,
 *   library `https://host/sub/path/models/libs/<library file>`.
 * The folder layout a host must serve is in docs/models-hosting.md.
 */
import type { AppConfig, ModelRecord } from '@mlc-ai/web-llm';
import { MODELS, type ModelInfo } from './models.ts';

export interface AppConfigInput {
  /** Where model files are served from, absolute or relative to `location`; empty/undefined: upstream. */
  readonly base?: string | undefined;
  /** The page's URL (`window.location.href`), against which a relative base resolves. */
  readonly location: string | URL;
  readonly models?: readonly ModelInfo[];
  /**
   * Where web-llm keeps the files: the Cache API (its default) or IndexedDB
   * (web-llm 0.2.79's `useIndexedDBCache`).
   */
  readonly cacheBackend?: 'cache' | 'indexeddb';
}

/** The folder under the base that holds the model libraries. */
export const LIBS_FOLDER = 'libs';

/**
 * The absolute base URL with a trailing slash, or undefined for upstream.
 *
 * @example resolveModelBase('models', 'https://host/sub/path/index.html') // 'https://host/sub/path/models/'
 */
export function resolveModelBase(base: string | undefined, location: string | URL): string | undefined {
  const trimmed = base?.trim() ?? '';
  if (trimmed === '') return undefined;
  const withSlash = trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
  return new URL(withSlash, location).href;
}

/** The file name at the end of a URL. */
const fileName = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

function record(m: ModelInfo, base: string | undefined): ModelRecord {
  return {
    model: base === undefined ? m.upstreamModel : `${base}${encodeURIComponent(m.id)}/resolve/main/`,
    model_id: m.id,
    model_lib: base === undefined ? m.upstreamLib : `${base}${LIBS_FOLDER}/${fileName(m.upstreamLib)}`,
    vram_required_MB: m.vramMB,
    low_resource_required: m.lowResource,
    overrides: { context_window_size: m.contextWindow },
    // Fail before the weights download, not after, on a GPU without f16 shaders.
    ...(m.needsShaderF16 ? { required_features: ['shader-f16'] } : {}),
  };
}

/**
 * Builds the AppConfig for the given models (default: the whole catalogue).
 *
 * @example
 * buildAppConfig({ base: 'models/', location: 'https://host/sub/path/' }).model_list[0].model
 * // 'https://host/sub/path/models/Qwen2.5-Coder-0.5B-Instruct-q4f16_1-MLC/resolve/main/'
 */
export function buildAppConfig(input: AppConfigInput): AppConfig {
  const base = resolveModelBase(input.base, input.location);
  const models = input.models ?? MODELS;
  return {
    model_list: models.map((m) => record(m, base)),
    ...(input.cacheBackend === 'indexeddb' ? { useIndexedDBCache: true } : {}),
  };
}

/**
 * The model base chosen at build time (`VITE_CONFIDE_MODEL_BASE`), or undefined.
 * A user setting, when there is one, takes precedence over it.
 *
 * @example buildAppConfig({ base: userSetting ?? buildTimeModelBase(), location: location.href })
 */
export function buildTimeModelBase(): string | undefined {
  const value: unknown = import.meta.env?.VITE_CONFIDE_MODEL_BASE;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
