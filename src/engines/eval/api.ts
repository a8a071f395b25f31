/**
 * The evaluation statistics as a worker's face: `evaluate()` (bootstrap,
 * cross-fit, curves) takes seconds on a benchmark, so the page runs it on a
 * worker (workers/eval.worker.ts exposes this; app/evaluate/evaluate-worker.ts
 * is its client) and stays responsive.
 */
import { evaluate } from '../../core/eval/report.ts';

/** What the evaluation worker answers. */
export type EvalWorkerApi = { evaluate: typeof evaluate };

/**
 * The API a worker exposes.
 *
 * @example expose(evalWorkerApi());
 */
export function evalWorkerApi(): EvalWorkerApi {
  return { evaluate };
}
