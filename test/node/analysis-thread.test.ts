/**
 * Parsing on the analysis thread changes nothing but where the work is done:
 * the demo prepared with an analyzer gives the same views (plus each
 * candidate's analysis, equal to analyzeSql on this thread), the same ORM
 * facts as sqlFacts, and the same report as preparing without one.
 */
import { afterAll, expect, it } from 'vitest';
import { evaluate } from '../../src/core/eval/report.ts';
import { sqlFacts } from '../../src/core/orm/sql-facts.ts';
import { analyzeSql } from '../../src/core/sql/analysis.ts';
import { createNodeAnalyzer } from '../../src/node/analysis-worker.ts';
import { loadBenchmark, readCandidateFile } from '../../src/node/bench.ts';
import { prepareRun } from '../../src/node/prepare.ts';
import { createNodeSqlPool } from '../../src/node/sql-pool.ts';

const sqlPool = createNodeSqlPool({ size: 2 });
const analyzer = createNodeAnalyzer({ facts: true });
afterAll(() => {
  sqlPool.terminate();
  analyzer.terminate();
});

it('gives the same views, facts and report as parsing on the evaluating thread', async () => {
  const bench = await loadBenchmark('public/demo', { split: 'dev' });
  const records = await readCandidateFile('public/demo/candidates.jsonl');
  const here = await prepareRun(records, bench, { sqlPool });
  const there = await prepareRun(records, bench, { sqlPool, analyzer });
  expect(there.prepared.length).toBe(here.prepared.length);
  let analysed = 0;
  there.prepared.forEach((q, i) => {
    q.view.candidates.forEach((c, j) => {
      const { analysis, ...rest } = c;
      expect(rest).toEqual(here.prepared[i]!.view.candidates[j]);
      expect(analysis).toEqual(analyzeSql(c.sql, q.view.schema));
      expect(there.facts.get(c.sql)).toEqual(sqlFacts(c.sql));
      analysed++;
    });
  });
  expect(analysed).toBeGreaterThan(100);
  const options = { bootstrap: 200, seed: 3, provenance: { data: 'demo', generator: 'demo', created: 'now' } };
  expect(JSON.stringify(evaluate(there.prepared, options))).toBe(JSON.stringify(evaluate(here.prepared, options)));
});
