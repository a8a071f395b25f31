/**
 * The ORM worker as the client holds it: started on first use, every call
 * through one chain (a load and a scoring never cross), a worker that fails
 * to start ending the call with ORM_WORKER_FAILED, and scoring under a time
 * limit past which the worker is terminated (the next call starts another).
 */
import { type Remote, wrap } from 'comlink';
import type { OrmErrorData, OrmItem, OrmSidecar } from '../../core/orm/index.ts';
import type { OrmEngine, OrmResult, OrmScores } from '../../engines/orm/index.ts';

/** The worker, its proxy, the model it holds, and the chain of calls; each part reads and sets it as one closure would. */
export interface OrmWorker {
  readonly spawn: () => Worker;
  remote: Remote<OrmEngine> | null;
  worker: Worker | null;
  /** The choice the worker holds, with its sidecar. */
  held: { id: string; sidecar: OrmSidecar } | null;
  chain: Promise<unknown>;
  /** Settles (rejects) only when the worker reports an error: a worker that cannot start answers no call. */
  failed: Promise<never>;
}

/**
 * No worker yet; `spawn` starts one.
 *
 * @example const w = ormWorker(() => new Worker(url, { type: 'module' }));
 */
export function ormWorker(spawn: () => Worker): OrmWorker {
  return { spawn, remote: null, worker: null, held: null, chain: Promise.resolve(), failed: new Promise<never>(() => undefined) };
}

/**
 * Runs `f` after every call before it, whether they succeeded or not.
 *
 * @example await serialize(w, () => engine(w).score(items));
 */
export function serialize<T>(w: OrmWorker, f: () => Promise<T>): Promise<T> {
  const p = w.chain.then(f, f);
  w.chain = p.catch(() => undefined);
  return p;
}

/**
 * The worker's proxy, starting the worker (and watching it for a failure to start) when there is none.
 *
 * @example const r = await engine(w).loadFromUrl(url);
 */
export function engine(w: OrmWorker): Remote<OrmEngine> {
  if (w.remote !== null) return w.remote;
  const started = w.spawn();
  w.worker = started;
  w.failed = new Promise<never>((_, reject) => {
    started.addEventListener(
      'error',
      (ev: Event) => {
        const message = (ev as Partial<ErrorEvent>).message;
        const detail = message ? `: ${message}` : '';
        reject({
          code: 'ORM_WORKER_FAILED',
          message: `The reward model's worker could not start${detail}. Reload the page to try again.`,
        } satisfies OrmErrorData);
      },
      { once: true },
    );
  });
  w.failed.catch(() => undefined);
  w.remote = wrap<OrmEngine>(started);
  return w.remote;
}

/**
 * Runs one call to the worker; a worker that failed ends it with ORM_WORKER_FAILED (and the next call starts a new worker).
 *
 * @example await guarded(w, () => engine(w).loadFromUrl(url));
 */
export async function guarded<T extends object>(w: OrmWorker, f: () => Promise<OrmResult<T>>): Promise<OrmResult<T>> {
  try {
    return await Promise.race([f(), w.failed]);
  } catch (e) {
    if (typeof e === 'object' && e !== null && (e as OrmErrorData).code === 'ORM_WORKER_FAILED') {
      w.remote = null;
      w.held = null;
      return { ok: false, error: e as OrmErrorData };
    }
    throw e;
  }
}

/**
 * Scores in the worker within `ms`; past it, the worker is terminated (the next call starts another) and the call answers ORM_TIMEOUT, naming the model as `name`.
 *
 * @example await scoreLimited(w, items, 10_800, () => 'The reward model');
 */
export async function scoreLimited(w: OrmWorker, items: readonly OrmItem[], ms: number, name: () => string): Promise<OrmResult<OrmScores>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<OrmResult<OrmScores>>((resolve) => {
    timer = setTimeout(() => {
      w.worker?.terminate();
      w.worker = null;
      w.remote = null;
      w.held = null;
      w.failed = new Promise<never>(() => undefined);
      resolve({
        ok: false,
        error: {
          code: 'ORM_TIMEOUT',
          message: `${name()} took longer than ${(ms / 1000).toFixed(1)} s to score ${items.length} rows, so it was stopped and its scores are missing from this run. A model whose time grows with the number of candidates does this; use the bundled model or a smaller one.`,
        },
      });
    }, ms);
  });
  try {
    return await Promise.race([engine(w).score(items), late]);
  } finally {
    clearTimeout(timer);
  }
}
