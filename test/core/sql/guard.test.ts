import { describe, expect, it } from 'vitest';
import { guardSql } from '../../../src/core/sql/guard.ts';
import { lexSql } from '../../../src/core/sql/guard-lex.ts';

const codeOf = (sql: string): string => {
  const r = guardSql(sql);
  return r.ok ? 'OK' : r.error.code;
};

describe('guardSql: statement count', () => {
  it('accepts one statement and returns it without the trailing semicolon or comments', () => {
    expect(guardSql('  SELECT 1 ;  ')).toEqual({ ok: true, sql: 'SELECT 1' });
    expect(guardSql('-- lead\nSELECT a FROM t; -- done\n/* end */')).toEqual({ ok: true, sql: 'SELECT a FROM t' });
    expect(guardSql('SELECT 1;;')).toEqual({ ok: true, sql: 'SELECT 1' });
  });

  it('keeps semicolons inside strings, quoted identifiers and comments as text', () => {
    expect(guardSql('SELECT \'a;b\', "c;d", [e;f], `g;h` FROM t')).toMatchObject({ ok: true });
    expect(guardSql("SELECT 'it''s; fine'")).toEqual({ ok: true, sql: "SELECT 'it''s; fine'" });
    expect(guardSql('SELECT 1 /* ; DROP TABLE t */')).toMatchObject({ ok: true });
    expect(guardSql('SELECT 1 -- ; DROP TABLE t')).toMatchObject({ ok: true });
  });

  it('finds a second statement hidden behind a comment', () => {
    expect(codeOf('SELECT 1 -- note\n; DROP TABLE t')).toBe('MULTI_STATEMENT');
    expect(codeOf('SELECT 1; /* more */ SELECT 2')).toBe('MULTI_STATEMENT');
    expect(codeOf("SELECT ';' ; DELETE FROM t")).toBe('MULTI_STATEMENT');
    expect(codeOf('SELECT 1 /* a */; /* b */ SELECT 2 -- c')).toBe('MULTI_STATEMENT');
  });

  it('calls text with no statement EMPTY', () => {
    for (const sql of ['', '   ', ';', ' ; ;', '-- only a comment', '/* x */ ;']) expect(codeOf(sql)).toBe('EMPTY');
  });
});

describe('guardSql: read-only', () => {
  it('lets queries through', () => {
    for (const sql of [
      'select * from t',
      'WITH x AS (SELECT 1) SELECT * FROM x',
      'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM r WHERE n < 3) SELECT n FROM r',
      'VALUES (1, 2)',
      'EXPLAIN QUERY PLAN SELECT * FROM t',
      'EXPLAIN SELECT 1',
      "WITH x AS (SELECT 'a' AS s) SELECT replace(s, 'a', 'b') FROM x",
      "SELECT * FROM pragma_table_info('t')",
    ])
      expect(codeOf(sql), sql).toBe('OK');
  });

  it('refuses writes, schema changes and file operations', () => {
    for (const sql of [
      'DELETE FROM t',
      'DROP TABLE t',
      'UPDATE t SET a = 1',
      'INSERT INTO t VALUES (1)',
      'REPLACE INTO t VALUES (1)',
      'CREATE TABLE u(a)',
      'ALTER TABLE t ADD COLUMN b',
      "ATTACH DATABASE 'x.db' AS x",
      'DETACH DATABASE x',
      'VACUUM',
      "VACUUM INTO '/tmp/copy.db'",
      'BEGIN',
      'REINDEX',
      'ANALYZE',
      'WITH x AS (SELECT 1) DELETE FROM t',
      'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x',
      'WITH x AS (SELECT 1) REPLACE INTO t SELECT * FROM x',
      'EXPLAIN DELETE FROM t',
      "SELECT load_extension('evil')",
      "select LOAD_EXTENSION ('evil')",
    ])
      expect(codeOf(sql), sql).toBe('READONLY');
  });

  it('allows read-only PRAGMAs and refuses settings and unknown ones', () => {
    for (const sql of [
      'PRAGMA table_info(t)',
      'PRAGMA main.table_info("my t")',
      'pragma foreign_key_list(book)',
      'PRAGMA user_version',
      'PRAGMA index_list(t)',
    ]) {
      expect(codeOf(sql), sql).toBe('OK');
    }
    for (const sql of [
      'PRAGMA query_only = OFF',
      'PRAGMA query_only(0)',
      'PRAGMA user_version = 3',
      'PRAGMA journal_mode(DELETE)',
      'PRAGMA optimize',
      'PRAGMA incremental_vacuum',
      'PRAGMA writable_schema=1',
    ]) {
      expect(codeOf(sql), sql).toBe('READONLY');
    }
  });

  it('does not mistake keywords inside strings or quoted names for statements', () => {
    expect(codeOf("SELECT 'DELETE FROM t' AS s")).toBe('OK');
    expect(codeOf('SELECT "delete" FROM "update"')).toBe('OK');
    expect(codeOf("WITH x AS (SELECT 'insert' AS i) SELECT i FROM x")).toBe('OK');
    expect(codeOf('"DELETE" FROM t')).toBe('SYNTAX');
  });

  it('calls text that begins with no SQL statement keyword SYNTAX, not a write', () => {
    for (const sql of ['SELEC 1', 'Here is the query: SELECT 1', 'EXPLAIN', 'EXPLAIN SELEC 1', '(SELECT 1)']) expect(codeOf(sql), sql).toBe('SYNTAX');
  });

  it('puts the refused statement and an actionable message in the error', () => {
    const r = guardSql('DROP TABLE t;');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.sql).toBe('DROP TABLE t');
      expect(r.error.message).toMatch(/DROP.*read-only.*SELECT/);
    }
  });
});

describe('lexSql', () => {
  it('treats an unterminated string or comment as running to the end, as SQLite does', () => {
    expect(lexSql("SELECT 'abc; DROP").map((t) => t.kind)).toEqual(['word', 'string']);
    expect(lexSql('SELECT 1 /* ; DROP').map((t) => t.kind)).toEqual(['word', 'number']);
  });

  it('reads numbers with exponents as one token', () => {
    expect(lexSql('1e-5+2').map((t) => t.text)).toEqual(['1e-5', '+', '2']);
  });
});
