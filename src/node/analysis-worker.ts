/**
 * The analysis worker: one worker_threads thread that parses candidate SQL
 * for the evaluation (core/eval/sql-analysis.ts), so the thread that labels
 * and evaluates parses nothing and parsing runs beside execution (prepareAll
 * sends each database's texts here as soon as it is open). Its calls run in
 * order. One thread: parsing's code is large and starts cold in every thread
 * (measured with two threads on two busy cores: 25% more CPU and wall time). When the thread dies, every call in flight and every later
 * one rejects with ANALYSIS_WORKER_CRASHED.
 */
import { Worker } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { SqlAnalyzer } from '../core/eval/prepare-all.ts';
import type { SqlAnalysisApi } from '../core/eval/sql-analysis.ts';
import { ANALYSIS_WORKER_ENTRY } from './locations.ts';

/** An analyzer on its own thread; `terminate` ends the thread. */
export interface NodeAnalyzer extends SqlAnalyzer {
  terminate(): void;
}

/** The analysis thread stopped (an error in it, or an exit nobody asked for). */
export class AnalysisWorkerCrashed extends Error {
  readonly code = 'ANALYSIS_WORKER_CRASHED';
}

/**
 * Starts the analysis thread. With `facts`, each text's ORM facts come back
 * too (`confide eval --orm`).
 *
 * @example
 * const analyzer = createNodeAnalyzer({ facts: false });
 * const run = await prepareRun(records, bench, { sqlPool, analyzer });
 * analyzer.terminate();
 */
export function createNodeAnalyzer(options: { facts: boolean }): NodeAnalyzer {
  const worker = new Worker(ANALYSIS_WORKER_ENTRY);
  const api = wrap<SqlAnalysisApi>(nodeEndpoint(worker));
  let stopped = false;
  let crashed: AnalysisWorkerCrashed | null = null;
  const waiting = new Set<(e: Error) => void>();
  const crash = (why: string): void => {
    if (stopped || crashed !== null) return;
    crashed = new AnalysisWorkerCrashed(`the SQL analysis thread stopped: ${why}`);
    for (const reject of waiting) reject(crashed);
    waiting.clear();
  };
  worker.on('error', (e: Error) => crash(e.message));
  worker.on('exit', (code) => crash(`it exited with code ${code}`));
  return {
    analyze(sqls, schema) {
      if (crashed !== null) return Promise.reject(crashed);
      // comlink never settles a call whose thread died: the crash rejects it instead.
      return new Promise((resolve, reject) => {
        waiting.add(reject);
        api
          .analyze(sqls, schema, options.facts)
          .then(resolve, reject)
          .finally(() => waiting.delete(reject));
      });
    },
    terminate() {
      stopped = true;
      void worker.terminate();
    },
  };
}
