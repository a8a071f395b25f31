/**
 * Loading a model into a web-llm engine, with progress, a stop, and every
 * failure returned as an {@link LlmError} rather than thrown.
 *
 * Stopping a load calls `engine.unload()`, which aborts web-llm's downloads;
 * web-llm then resolves `reload()` quietly, so the result is checked against
 * the signal afterwards. Files already downloaded stay in the cache and the
 * next load resumes from them.
 */
import type { AppConfig, InitProgressReport } from '@mlc-ai/web-llm';
import type { LoadableEngine } from './engine.ts';
import { llmError, toLlmError } from './errors.ts';
import { isAborted } from './interrupt.ts';
import type { LlmError } from './types.ts';

/** Loading progress: `progress` from 0 to 1 and web-llm's text ("Fetching param cache[3/20]: 120MB …"). */
export interface LoadProgress {
  readonly progress: number;
  readonly text: string;
}

export interface LoadOptions {
  readonly modelId: string;
  readonly appConfig: AppConfig;
  readonly onProgress?: (p: LoadProgress) => void;
  readonly signal?: AbortSignal;
}

export type LoadResult = { readonly ok: true } | { readonly ok: false; readonly error: LlmError };

/** web-llm's progress report as Confide's `{progress, text}`. */
export const toLoadProgress = (r: InitProgressReport): LoadProgress => ({ progress: r.progress, text: r.text });

const aborted = (modelId: string): LoadResult => ({
  ok: false,
  error: llmError('ABORTED', 'Loading the model was stopped; downloaded files stay cached.', { modelId }),
});

/**
 * Loads `modelId` into `engine` (unloading whatever it held).
 *
 * @example
 * const r = await loadModel(engine, { modelId, appConfig, onProgress: (p) => bar.value = p.progress });
 * if (!r.ok) show(r.error.message);
 */
export async function loadModel(engine: LoadableEngine, options: LoadOptions): Promise<LoadResult> {
  const { modelId, signal } = options;
  if (isAborted(signal)) return aborted(modelId);
  if (!options.appConfig.model_list.some((m) => m.model_id === modelId)) {
    const thrown = `ModelNotFoundError: Cannot find model record in appConfig for ${modelId}.`;
    return { ok: false, error: toLlmError(thrown, modelId) };
  }
  engine.setAppConfig(options.appConfig);
  engine.setInitProgressCallback((r) => options.onProgress?.(toLoadProgress(r)));
  const onAbort = (): void => void engine.unload().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await engine.reload(modelId);
  } catch (thrown) {
    return isAborted(signal) ? aborted(modelId) : { ok: false, error: toLlmError(thrown, modelId) };
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return isAborted(signal) ? aborted(modelId) : { ok: true };
}
