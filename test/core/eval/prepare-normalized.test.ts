/**
 * Preparing a question for evaluation takes SQLite's normalized text for the
 * candidates no parser dialect reads from their execution outcomes
 * (ExecOptions.normalize): no round trip per such candidate. A runMany that
 * leaves the text out still gets it from the `normalizedSql` fallback. The
 * prepared outcomes do not carry the text twice (it lives on the view).
 */
import { beforeAll, expect, it } from 'vitest';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { prepareQuestion } from '../../../src/core/eval/prepare.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

// The first two are SQLite the parser does not read; the third it reads.
const SQLS = ['SELECT i FROM nums NOT INDEXED WHERE i = 3', 'SELECT i FROM nums WHERE i IS NOT DISTINCT FROM 3', 'SELECT i FROM nums WHERE i = 3'];
const record: QuestionRecord = { id: 'q1', db_id: 'db', question: 'Which is three?', gold: 'SELECT 3', candidates: SQLS.map((sql) => ({ sql })) };

let runner: SqlRunner;
beforeAll(async () => {
  runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
});

it('takes the normalized text of unparseable candidates from their outcomes, with no call per candidate', async () => {
  let calls = 0;
  const prepared = await prepareQuestion(record, {
    runMany: async (sqls) => sqls.map((s) => runner.exec('db', s, undefined, false, true)),
    normalizedSql: async () => {
      calls += 1;
      return 'never used';
    },
  });
  expect(calls).toBe(0);
  const normalized = prepared.view.candidates.map((c) => c.normalizedSql);
  expect(normalized).toEqual([runner.normalizedSql('db', SQLS[0]!), runner.normalizedSql('db', SQLS[1]!), undefined]);
  expect(normalized[0]).toMatch(/NOT INDEXED/);
  // The labels run test-suite-sql-eval's texts: with DISTINCT removed, `IS NOT DISTINCT FROM 3` no longer parses.
  expect(prepared.candidates.map((c) => c.correct)).toEqual([true, false, true]);
  expect(prepared.candidates.every((c) => !('normalizedSql' in c.outcome))).toBe(true);
});

it('falls back to normalizedSql, once per unparseable candidate, for a runMany that leaves it out', async () => {
  const asked: string[] = [];
  const prepared = await prepareQuestion(record, {
    runMany: async (sqls) => sqls.map((s) => runner.exec('db', s)),
    normalizedSql: async (s) => {
      asked.push(s);
      return runner.normalizedSql('db', s);
    },
  });
  expect(asked).toEqual(SQLS.slice(0, 2));
  expect(prepared.view.candidates.map((c) => c.normalizedSql)).toEqual([runner.normalizedSql('db', SQLS[0]!), runner.normalizedSql('db', SQLS[1]!), undefined]);
});
