/**
 * Runs `evaluate()` in its own worker (workers/eval.worker.ts), so a long
 * bootstrap never freezes the page, and an abort stops it by terminating the
 * worker. Only what the statistics read crosses the boundary: result rows are
 * left behind (labels and fingerprints are already computed).
 */
import { wrap } from 'comlink';
import { type LabeledQuestions, type PreparedQuestion, stillLabeled } from '../../core/eval/index.ts';
import type { EvaluateOptions } from '../../core/eval/index.ts';
import type { EvalReport } from '../../core/eval/index.ts';
import type { EvalWorkerApi } from '../../engines/eval/api.ts';

/** The prepared questions without their result rows. */
function slim(prepared: readonly PreparedQuestion[]): PreparedQuestion[] {
  return prepared.map((p) => ({
    ...p,
    candidates: p.candidates.map((c) => ({ ...c, outcome: c.outcome.ok ? { ...c.outcome, rows: [] } : c.outcome })),
  }));
}

/**
 * The report, computed off the main thread; rejects with the signal's reason when aborted.
 *
 * @example
 * const report = await evaluateInWorker(prepared, { bootstrap: 2000, seed: 1 }, signal);
 */
export async function evaluateInWorker(prepared: LabeledQuestions, options: EvaluateOptions, signal?: AbortSignal): Promise<EvalReport> {
  signal?.throwIfAborted();
  const worker = new Worker(new URL('../../../workers/eval.worker.ts', import.meta.url), { type: 'module', name: 'eval' });
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(`the statistics worker failed: ${e.message || 'could not start'}`)));
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  try {
    return await Promise.race([wrap<EvalWorkerApi>(worker).evaluate(stillLabeled(prepared, slim(prepared)), options), failed]);
  } finally {
    worker.terminate();
  }
}
