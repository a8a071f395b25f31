/**
 * How the page's analyzer runs its worker: a worker started (it must answer
 * `ready` within a limit), one call over some texts with a watchdog that
 * gives up when no text has finished for the hard limit, and a call over
 * every text that stops a stuck worker, records the text it was on as
 * unparsed (never handed to the parser again) and goes on in a fresh one.
 */
import { proxy, type Remote, wrap } from 'comlink';
import type { AnalysisEngine } from '../engines/analysis/engine.ts';

/** The analysis thread could not be started (or kept stopping before any text). */
export class AnalysisWorkerFailed extends Error {
  readonly code = 'ANALYSIS_WORKER_FAILED';
}

/** A worker that answered `ready`. */
export interface Running {
  readonly worker: Worker;
  readonly api: Remote<AnalysisEngine>;
  /** Rejects when the worker reports an error (it died or could not load). */
  readonly failed: Promise<never>;
  schemaId: number | null;
}

/** One call of the worker on some texts (`onEach` hears each result as it is made), after what it needs there first. */
export interface Call<T> {
  prepare?(w: Running): Promise<void>;
  run(w: Running, sqls: readonly string[], unparsed: string[], onEach: (i: number, r: T) => void): Promise<T[]>;
}

/** The analyzer's worker and what it knows across calls; each part reads and sets it as one closure would. */
export interface AnalysisRuns {
  readonly spawn: () => Worker;
  readonly hardLimitMs: number;
  readonly startLimitMs: number;
  running: Running | null;
  /** Texts the watchdog stopped the worker on. */
  readonly overrun: Set<string>;
}

/**
 * Stops the worker, if one runs (the next call starts another).
 *
 * @example stopWorker(runs);
 */
export function stopWorker(s: AnalysisRuns): void {
  s.running?.worker.terminate();
  s.running = null;
}

/** Starts a worker and waits for it to be ready, within the start limit; one that fails or is late is terminated. */
async function startWorker(s: AnalysisRuns): Promise<Running> {
  const worker = s.spawn();
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new AnalysisWorkerFailed(`the SQL analysis worker stopped${e.message ? `: ${e.message}` : ''}`)));
  });
  failed.catch(() => undefined);
  const api = wrap<AnalysisEngine>(worker);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AnalysisWorkerFailed(`the SQL analysis worker did not start within ${s.startLimitMs / 1000} s`)), s.startLimitMs);
  });
  try {
    await Promise.race([api.ready(), failed, late]);
  } catch (e) {
    worker.terminate();
    throw e;
  } finally {
    clearTimeout(timer);
  }
  return { worker, api, failed, schemaId: null };
}

/** Runs `call` on `sqls[from…]` in one worker; answers where it got to and whether it finished. */
async function runFrom<T>(s: AnalysisRuns, call: Call<T>, sqls: readonly string[], from: number, results: T[]): Promise<{ finished: boolean; at: number }> {
  const w = (s.running ??= await startWorker(s));
  await call.prepare?.(w);
  let at = from;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise((resolve, reject) => {
    const stalled = (): void => resolve({ finished: false, at });
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(stalled, s.hardLimitMs);
    };
    arm();
    const onEach = proxy((i: number, r: T) => {
      results[from + i] = r;
      at = from + i + 1;
      arm();
    });
    call.run(w, sqls.slice(from), [...s.overrun], onEach).then(
      (all) => {
        all.forEach((r, i) => (results[from + i] = r)); // the answer holds every result, whatever order the progress calls arrive in
        resolve({ finished: true, at: sqls.length });
      },
      (e: unknown) => reject(e),
    );
    // A worker that dies mid-way (memory) is blamed on the text it was on, like one that overruns.
    w.failed.catch(stalled);
  }).finally(() => clearTimeout(timer)) as Promise<{ finished: boolean; at: number }>;
}

/**
 * Runs `call` over every text, a stuck worker stopped and the text it was on read as unparsed from then on.
 *
 * @example const readings = await runAll(runs, describeCall, sqls);
 */
export async function runAll<T>(s: AnalysisRuns, call: Call<T>, sqls: readonly string[]): Promise<T[]> {
  const results: T[] = new Array(sqls.length);
  let from = 0;
  while (from < sqls.length) {
    const r = await runFrom(s, call, sqls, from, results);
    if (r.finished) break;
    stopWorker(s);
    const text = sqls[r.at] as string;
    if (s.overrun.has(text)) throw new AnalysisWorkerFailed('the SQL analysis worker stopped twice on the same text');
    s.overrun.add(text);
    from = r.at;
  }
  return results;
}
