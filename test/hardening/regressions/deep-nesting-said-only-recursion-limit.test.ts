/**
 * Regression: SQLite (3.46 and later, as in sql.js 1.17) reports a query
 * nested past its parser's depth (thousands of parentheses, CASEs, NOTs or
 * subqueries) as "Recursion limit". The error mapping only knew the older
 * text "parser stack overflow", so these came back as SQLITE_ERROR with the
 * two words alone. They now carry advice to nest less (still SQLITE_ERROR:
 * a limit on the query's shape, not on memory).
 */
import { expect, it } from 'vitest';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

const DEEP = [
  `SELECT ${'('.repeat(100_000)}1${')'.repeat(100_000)}`,
  `SELECT ${'NOT '.repeat(5000)}1`,
  `SELECT ${'CASE WHEN 1 THEN '.repeat(3000)}1${' END'.repeat(3000)}`,
  `SELECT * FROM ${'(SELECT * FROM '.repeat(500)}book${')'.repeat(500)}`,
];

it('a query nested past the parser depth says so, with advice to nest less', async () => {
  const runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
  for (const sql of DEEP) {
    const out = runner.exec('db', sql);
    expect(out.ok ? 'OK' : out.error.code, sql.slice(0, 40)).toBe('SQLITE_ERROR');
    if (!out.ok) expect(out.error.message).toMatch(/^Recursion limit: .*nests or chains more terms/);
  }
  const after = runner.exec('db', 'SELECT count(*) FROM book');
  expect(after.ok && after.rows).toEqual([[4]]);
});
