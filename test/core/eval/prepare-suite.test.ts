/**
 * prepareAll over a database whose folder holds more databases (a test
 * suite, DbAccess.suite): each further database is opened after the one
 * before it (at most two open at once: the one running and the next), runs
 * only the gold and the candidates still in the running, and one that cannot
 * be opened leaves the labels it was to decide unknown, listed as a failure.
 */
import { beforeAll, expect, it } from 'vitest';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { prepareAll, type DbAccess, type OpenedDb, type SuiteDb } from '../../../src/core/eval/prepare-all.ts';
import { loadSqlJs, loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';

let runner: SqlRunner;
const PRICES = [
  [3, 7, 9],
  [6, 7, 4],
  [6, 7, 9],
];

beforeAll(async () => {
  runner = await loadSqlRunner();
  const SQL = await loadSqlJs();
  PRICES.forEach((prices, k) => {
    const db = new SQL.Database();
    db.exec(`CREATE TABLE items(name TEXT, price REAL); INSERT INTO items VALUES ${prices.map((p, i) => `('${'abc'[i]}', ${p})`).join(', ')};`);
    runner.open(`shop${k}`, db.export());
    db.close();
  });
});

/** An access to shop0 with shop1 and shop2 as its suite (shop2 failing to open when `broken`), logging what it does. */
function access(log: string[], broken = false): DbAccess {
  let open = 0;
  let most = 0;
  const opened = (key: string): OpenedDb => {
    most = Math.max(most, ++open);
    log.push(`open ${key} (${most} at most)`);
    return {
      runMany: async (sqls) => (log.push(`${key}: ${sqls.length} queries`), sqls.map((s) => runner.exec(key, s))),
      normalizedSql: async (s) => runner.normalizedSql(key, s),
    };
  };
  const member = (key: string): SuiteDb => ({
    name: `${key}.sqlite`,
    open: async () => (broken && key === 'shop2' ? { ok: false, code: 'NOT_SQLITE', message: 'not a database' } : { ok: true, db: opened(key) }),
    close: async () => void (open--, log.push(`close ${key}`)),
  });
  return {
    open: async () => ({ ok: true, db: opened('shop0') }),
    close: async () => void (open--, log.push('close shop0')),
    suite: () => [member('shop1'), member('shop2')],
  };
}

const GOLD = 'SELECT name FROM items WHERE price > 5';
const record: QuestionRecord = {
  id: 'q',
  db_id: 'shop',
  question: 'Which cost more than 5?',
  gold: GOLD,
  candidates: [
    { sql: 'SELECT name FROM items WHERE price >= 6' }, // right on every database
    { sql: "SELECT name FROM items WHERE name IN ('b', 'c')" }, // right on shop0 only
    { sql: 'SELECT name FROM items WHERE price > 8' }, // wrong on shop0 already
  ],
};

it('labels a candidate right only when it matches on every database, running on each only what is still open', async () => {
  const log: string[] = [];
  const { prepared, suiteFailures } = await prepareAll([record], access(log), { labelsOnly: true });
  expect(prepared[0]!.candidates.map((c) => c.correct)).toEqual([true, false, false]);
  expect(prepared[0]!.databases).toBe(3);
  expect(suiteFailures).toEqual([]);
  // shop1 runs the gold and the two candidates still in; shop2 the gold and the one left
  expect(log.filter((l) => l.includes('queries'))).toEqual(['shop0: 4 queries', 'shop1: 3 queries', 'shop2: 2 queries']);
  expect(log.every((l) => !/\(3 at most\)/.test(l))).toBe(true);
  expect(log.filter((l) => l.startsWith('close'))).toEqual(['close shop0', 'close shop1', 'close shop2']);
});

it('leaves the labels a database could not check unknown, and names it', async () => {
  const log: string[] = [];
  const { prepared, suiteFailures } = await prepareAll([record], access(log, true), { labelsOnly: true });
  expect(prepared[0]!.candidates.map((c) => c.correct)).toEqual([null, null, null]);
  expect(prepared[0]!.goldError).toBe('NOT_SQLITE');
  expect(suiteFailures).toEqual([{ db_id: 'shop', name: 'shop2.sqlite', code: 'NOT_SQLITE', message: 'not a database' }]);
});
