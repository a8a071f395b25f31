/**
 * The evaluation statistics as a worker's face: `evaluateLabeled()` (bootstrap,
 * cross-fit, curves) takes seconds on a benchmark, so the page runs it on a
 * worker (workers/eval.worker.ts exposes this; app/evaluate/evaluate-worker.ts
 * is its client, after evaluateFile's labeled-enough check) and stays responsive.
 */
import { evaluateLabeled } from '../../core/eval/report.ts';

/** What the evaluation worker answers. */
export type EvalWorkerApi = { evaluate: typeof evaluateLabeled };

/**
 * The API a worker exposes.
 *
 * @example expose(evalWorkerApi());
 */
export function evalWorkerApi(): EvalWorkerApi {
  return { evaluate: evaluateLabeled };
}
