/**
 * Preparing runs each distinct query text of a chunk once (a read-only
 * database answers it the same way each time) and gives its outcome to every
 * copy; a text naming a volatile function (random(), 'now', CURRENT_TIME …)
 * still runs once per copy. The labels are those of running every copy.
 */
import { beforeAll, expect, it } from 'vitest';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { distinctRuns, prepareAll, type DbAccess } from '../../../src/core/eval/prepare-all.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

let runner: SqlRunner;
beforeAll(async () => {
  runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
});

it('names each distinct text once, but a volatile one once per copy', () => {
  const sqls = ['SELECT 1', 'SELECT random()', 'SELECT 1', "SELECT date('now')", 'SELECT random()', 'SELECT CURRENT_TIMESTAMP', 'SELECT 2', 'SELECT 1'];
  const { sqls: runs, at } = distinctRuns(sqls);
  expect(runs).toEqual(['SELECT 1', 'SELECT random()', "SELECT date('now')", 'SELECT random()', 'SELECT CURRENT_TIMESTAMP', 'SELECT 2']);
  expect(at.map((k) => runs[k])).toEqual(sqls);
});

it('runs a repeated candidate once and labels every copy as running each would', async () => {
  const ran: string[] = [];
  const access: DbAccess = {
    open: async () => ({
      ok: true,
      db: {
        runMany: async (sqls) => (ran.push(...sqls), sqls.map((s) => runner.exec('db', s, undefined, true))),
        normalizedSql: async (s) => runner.normalizedSql('db', s),
      },
    }),
    close: async () => undefined,
  };
  const cands = [
    'SELECT i FROM nums WHERE i = 3',
    'SELECT i FROM nums WHERE i = 4',
    'SELECT i FROM nums WHERE i = 3',
    'SELECT 3',
    'SELECT abs(random()) % 1 + 3',
  ];
  const record: QuestionRecord = {
    id: 'q1',
    db_id: 'db',
    question: 'Which is three?',
    gold: 'SELECT 3',
    candidates: [...cands, cands[4]!].map((sql) => ({ sql })),
  };
  const { prepared } = await prepareAll([record], access, { labelsOnly: true });
  expect(ran.filter((s) => s === cands[0])).toHaveLength(1);
  expect(ran.filter((s) => s === 'SELECT 3')).toHaveLength(1); // the gold and a candidate with its text
  expect(ran.filter((s) => s === cands[4])).toHaveLength(2);
  expect(prepared[0]!.candidates.map((c) => c.correct)).toEqual([true, false, true, true, true, true]);
});
