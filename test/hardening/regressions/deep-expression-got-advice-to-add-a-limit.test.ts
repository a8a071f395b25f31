/**
 * Regression: SQLite's "Expression tree is too large (maximum depth 1000)"
 * (a chain like `1+1+…+1` of thousands of terms) was answered TOO_LARGE with
 * the hint for memory bombs, "add a LIMIT or select shorter values", which
 * cannot help. It is now SQLITE_ERROR (a limit on the query's shape; the pool
 * keeps TOO_LARGE for memory and replaces the worker after one) with a hint to
 * write the query with fewer terms.
 */
import { expect, it } from 'vitest';
import { sqliteError } from '../../../src/engines/sql/worker/errors.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

it('a too-deep expression says to use fewer terms, not to add a LIMIT', async () => {
  const runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
  const out = runner.exec('db', `SELECT ${'1+'.repeat(5000)}1`);
  expect(out.ok ? 'OK' : out.error.code).toBe('SQLITE_ERROR');
  if (out.ok) return;
  expect(out.error.message).toMatch(/^Expression tree is too large/);
  expect(out.error.message).toMatch(/fewer terms/);
  expect(out.error.message).not.toMatch(/LIMIT/);
  // A memory bomb keeps its own advice.
  expect(sqliteError({ message: 'out of memory', resultCode: 7 }).message).toMatch(/LIMIT/); // SQLITE_NOMEM
});
