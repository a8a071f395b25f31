/**
 * The main-thread side of the model worker: spawns `workers/llm.worker.ts`
 * (web-llm's `WebWorkerMLCEngineHandler`) and connects to it with web-llm's
 * `CreateWebWorkerMLCEngine`, which loads the model. The UI thread never runs
 * the model; it holds a `WebWorkerMLCEngine`, which implements
 * {@link LlmEngine} by messages. Failures come back as {@link LlmError} values:
 * across the worker, web-llm rejects with strings like
 * `"TypeError: Failed to fetch"`, which `toLlmError` maps by text.
 */
import { CreateWebWorkerMLCEngine, type AppConfig, type WebWorkerMLCEngine } from '@mlc-ai/web-llm';
import type { LlmEngine } from './engine.ts';
import { llmError, toLlmError } from './errors.ts';
import { isAborted } from './interrupt.ts';
import { toLoadProgress, type LoadProgress } from './loader.ts';
import type { LlmError } from './types.ts';

/** What web-llm's worker client and Confide need from a worker. */
export interface WorkerLike {
  onmessage: unknown;
  postMessage(message: unknown): void;
  terminate(): void;
}

export interface StartOptions {
  readonly modelId: string;
  readonly appConfig: AppConfig;
  readonly onProgress?: (p: LoadProgress) => void;
  readonly signal?: AbortSignal;
  /** A worker running the handler (default: a fresh `workers/llm.worker.ts`). */
  readonly worker?: WorkerLike;
}

export type StartResult =
  | { readonly ok: true; readonly engine: WebWorkerMLCEngine & LlmEngine; readonly worker: WorkerLike }
  | { readonly ok: false; readonly error: LlmError };

/**
 * A new module worker running web-llm's engine.
 *
 * @example const worker = spawnLlmWorker();
 */
export function spawnLlmWorker(): Worker {
  return new Worker(new URL('../../../workers/llm.worker.ts', import.meta.url), {
    type: 'module',
    name: 'confide-llm',
  });
}

/**
 * Starts the model worker and loads `modelId` in it. On failure or stop the
 * worker is terminated (a stopped download resumes from the cache next time).
 *
 * @example
 * const r = await startWebLlm({ modelId, appConfig: buildAppConfig({ location: location.href }), onProgress });
 * if (r.ok) generator = createWebLlmGenerator(r.engine, modelId); else show(r.error.message);
 */
export async function startWebLlm(options: StartOptions): Promise<StartResult> {
  const { modelId, signal } = options;
  const stopped: StartResult = {
    ok: false,
    error: llmError('ABORTED', 'Loading the model was stopped; downloaded files stay cached.', { modelId }),
  };
  if (isAborted(signal)) return stopped;
  const worker = options.worker ?? spawnLlmWorker();
  let onAbort: (() => void) | undefined;
  const stop = new Promise<'stopped'>((resolve) => {
    onAbort = () => resolve('stopped');
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const engine = await Promise.race([
      CreateWebWorkerMLCEngine(worker, modelId, {
        appConfig: options.appConfig,
        initProgressCallback: (r) => options.onProgress?.(toLoadProgress(r)),
      }),
      stop,
    ]);
    if (engine === 'stopped') {
      worker.terminate();
      return stopped;
    }
    return { ok: true, engine, worker };
  } catch (thrown) {
    worker.terminate();
    return isAborted(signal) ? stopped : { ok: false, error: toLlmError(thrown, modelId) };
  } finally {
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  }
}
