/**
 * Worker entry for the evaluation statistics: `evaluate()` (bootstrap,
 * cross-fit, curves) takes seconds on a benchmark, so Evaluate runs it here
 * and the page stays responsive; stopping terminates the worker.
 */
import { expose } from 'comlink';
import { evaluate } from '../src/core/eval/report.ts';

export type EvalWorkerApi = { evaluate: typeof evaluate };

expose({ evaluate } satisfies EvalWorkerApi);
