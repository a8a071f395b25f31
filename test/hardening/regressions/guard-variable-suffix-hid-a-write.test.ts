/**
 * Regression: SQLite reads `$name(…)` (also `:name(…)`, `@name(…)`, `#name(…)`)
 * as ONE parameter token running to the first `)` or space, so a quote inside
 * it is not a string. The guard's lexer used to read the quote as the start
 * of a string, which hid the rest of the statement from it:
 * `WITH x AS (SELECT $a(')) DELETE FROM t --')` passed the guard as a query
 * (only `PRAGMA query_only` stopped the DELETE). Also: a quoted function
 * name, `"load_extension"('x')`, is the same call to SQLite, and the guard
 * refuses it by name like the bare one.
 */
import { describe, expect, it } from 'vitest';
import { guardSql } from '../../../src/core/sql/guard.ts';
import { splitStatements } from '../../../src/core/sql/guard-lex.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

const codeOf = (sql: string): string => {
  const r = guardSql(sql);
  return r.ok ? 'OK' : r.error.code;
};

describe('guard: parameters with a (…) suffix', () => {
  it('refuses a write hidden behind a quote inside a parameter suffix', () => {
    for (const p of ['$', ':', '@', '#']) {
      expect(codeOf(`WITH x AS (SELECT ${p}a(')) DELETE FROM book --')`), p).toBe('READONLY');
      expect(codeOf(`WITH x AS (SELECT ${p}a::b(')) UPDATE author SET name = 'z' --')`), p).toBe('READONLY');
    }
  });

  it('splits statements where SQLite does: not at a semicolon inside the suffix, but after it', () => {
    expect(splitStatements('SELECT $a(;x)')).toHaveLength(1);
    expect(codeOf("SELECT $a(') ; DROP TABLE book --'")).toBe('MULTI_STATEMENT');
    expect(codeOf('SELECT $a(/*) ; DELETE FROM book --*/')).toBe('MULTI_STATEMENT');
  });

  it('agrees with SQLite on what runs: the same SQL through the runner gives the same verdict', async () => {
    const runner = await loadSqlRunner();
    runner.open('db', await fixtureBytes());
    const out = runner.exec('db', `WITH x AS (SELECT $a(')) DELETE FROM book --')`);
    expect(out.ok ? 'OK' : out.error.code).toBe('READONLY');
    expect(!out.ok && out.error.message).toMatch(/WITH … DELETE/);
    // A harmless parameter still runs (unbound parameters are NULL).
    const ok = runner.exec('db', "SELECT $a(') AS p");
    expect(ok.ok && ok.rows).toEqual([[null]]);
    const count = runner.exec('db', 'SELECT count(*) FROM book');
    expect(count.ok && count.rows).toEqual([[4]]);
  });
});

describe('guard: a quoted load_extension name', () => {
  it('refuses "load_extension"(…), [load_extension](…) and `load_extension`(…)', () => {
    for (const sql of [`SELECT "load_extension"('x')`, "SELECT [load_extension]('x')", "SELECT `LOAD_EXTENSION`('x')"]) {
      expect(codeOf(sql), sql).toBe('READONLY');
    }
    expect(codeOf(`SELECT "load_extension" FROM t`)).toBe('OK'); // a column of that name is only read
  });
});
