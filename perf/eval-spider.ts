/**
 * A full `confide eval` on Spider dev in one process: simulated N=8 candidate
 * pools (core/synth), execution and labeling through the worker pool, the
 * candidates parsed on the analysis thread (as `confide eval` does), and the
 * report with B = 2000. Candidate synthesis is outside the timed part; the
 * time is what a user waits for `confide eval` on an 8-candidate file.
 */
import { evaluate } from '../src/core/eval/report.ts';
import { loadBenchmark } from '../src/node/bench.ts';
import { createNodeAnalyzer } from '../src/node/analysis-worker.ts';
import { prepareRun } from '../src/node/prepare.ts';
import { createNodeSqlPool } from '../src/node/sql-pool.ts';
import { synthesizeBenchmark } from '../src/node/synth.ts';

export async function benchEvalSpider(spiderDir: string): Promise<{ seconds: number; questions: number; candidates: number; prepareSeconds: number }> {
  const bench = await loadBenchmark(spiderDir, { split: 'dev' });
  const sqlPool = createNodeSqlPool({});
  const analyzer = createNodeAnalyzer({ facts: false });
  try {
    const records = await synthesizeBenchmark(bench, sqlPool, { n: 8, seed: 1 });
    const t0 = performance.now();
    const run = await prepareRun(records, bench, { sqlPool, analyzer });
    const t1 = performance.now();
    const report = evaluate(run.prepared, { bootstrap: 2000, seed: 1 });
    const t2 = performance.now();
    return {
      seconds: (t2 - t0) / 1000,
      prepareSeconds: (t1 - t0) / 1000,
      questions: report.n_questions,
      candidates: records.reduce((a, r) => a + r.candidates.length, 0),
    };
  } finally {
    sqlPool.terminate();
    analyzer.terminate();
  }
}
