/**
 * Execution asks the run itself for SQLite's normalized text (ExecOptions.normalize):
 * a runMany that returns it (the SQL pool) needs no second call per candidate; one
 * that does not still gets it from the `normalizedSql` fallback.
 */
import { beforeAll, expect, it } from 'vitest';
import type { ExecOptions } from '../../../src/core/exec/types.ts';
import { executeCandidates } from '../../../src/core/pipeline/execute.ts';
import type { SampledCandidate } from '../../../src/core/pipeline/types.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

const SQLS = ['select title from book where id = 3', 'SELEC 1', 'select title from book where id = 3', 'SELECT count(*) FROM nums'];
const sampled: SampledCandidate[] = [...SQLS.map((sql) => ({ sql, source: 'test' })), { sql: null, source: 'test' }];

let runner: SqlRunner;
beforeAll(async () => {
  runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
});

it('takes the normalized text from the outcomes when the run makes it, with no call per candidate', async () => {
  const asked: ExecOptions[] = [];
  let calls = 0;
  const runs = await executeCandidates(sampled, {
    runMany: async (sqls, o) => {
      asked.push(o);
      return sqls.map((s) => runner.exec('db', s, undefined, o.fingerprint, o.normalize));
    },
    normalizedSql: async () => {
      calls += 1;
      return 'never used';
    },
  });
  expect(asked).toMatchObject([{ fingerprint: true, normalize: true }]);
  expect(calls).toBe(0);
  expect(runs.map((r) => r.normalizedSql)).toEqual([...SQLS.map((s) => runner.normalizedSql('db', s)), undefined]);
  expect(runs[0]!.normalizedSql).toMatch(/^SELECT title FROM book WHERE id=\?;?$/);
  expect(runs.every((r) => !('normalizedSql' in r.exec))).toBe(true); // kept once, on the run
});

it('falls back to normalizedSql for a runMany that leaves it out', async () => {
  const runs = await executeCandidates(sampled, {
    runMany: async (sqls) => sqls.map((s) => runner.exec('db', s)),
    normalizedSql: async (s) => runner.normalizedSql('db', s),
  });
  expect(runs.map((r) => r.normalizedSql)).toEqual([...SQLS.map((s) => runner.normalizedSql('db', s)), undefined]);
});
