/**
 * What open-time and pragma errors say. A database whose schema makes every
 * row read slow (a virtual generated column computing a huge value) times
 * out while opening: the message names the file, not the pool's internal
 * key, and points at the schema, not at a query. A pragma table function
 * given too many arguments is a plain SQLITE_ERROR, not READONLY.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSqlRunner } from '../../../src/engines/sql/load.ts';
import { createNodeSqlPool } from '../../../src/node/sqlPool.ts';
import { fixtureBytes } from './fixture.ts';

let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'confide-open-errors-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 400 rows whose virtual column builds a 150-million-character string each time it is read. */
function slowSchemaDatabase(path: string, kind: 'generated' | 'check'): Uint8Array {
  const db = new Database(path);
  const heavy = "length(printf('%.*c', 150000000, 'x'))";
  db.exec(
    kind === 'generated'
      ? `CREATE TABLE t (a INTEGER, g INTEGER GENERATED ALWAYS AS (${heavy}) VIRTUAL)`
      : `CREATE TABLE t (a INTEGER CHECK (${heavy} > 0))`,
  );
  db.exec("PRAGMA ignore_check_constraints = ON; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) INSERT INTO t (a) SELECT i FROM n");
  db.close();
  return new Uint8Array(readFileSync(path));
}

describe('a database slow to open', () => {
  it.each(['generated', 'check'] as const)('a %s column that does heavy work: TIMEOUT naming the file, with advice about the schema', async (kind) => {
    const bytes = slowSchemaDatabase(join(dir, `${kind}.sqlite`), kind);
    const pool = createNodeSqlPool({ size: 1, openTimeoutMs: 1500 });
    try {
      const out = await pool.open('db1', bytes, { name: `${kind}-heavy.sqlite` });
      expect(out.ok ? 'OK' : out.error.code).toBe('TIMEOUT');
      if (out.ok) return;
      expect(out.error.message).toContain(`"${kind}-heavy.sqlite"`);
      expect(out.error.message).not.toContain('"db1"');
      expect(out.error.message).toMatch(/generated column/);
      expect(out.error.message).toMatch(/CHECK constraint/);
      expect(out.error.message).not.toMatch(/LIMIT|recursive CTE/);
    } finally {
      pool.terminate();
    }
  }, 60_000);
});

describe('pragma table functions', () => {
  it('too many arguments is SQLITE_ERROR with SQLite\'s words, not READONLY', async () => {
    const runner = await loadSqlRunner();
    runner.open('db', await fixtureBytes());
    for (const sql of ['SELECT * FROM pragma_query_only(0)', 'SELECT * FROM pragma_user_version(3)']) {
      const out = runner.exec('db', sql);
      expect(out.ok ? 'OK' : out.error.code, sql).toBe('SQLITE_ERROR');
      if (!out.ok) expect(out.error.message).toMatch(/too many arguments on pragma_\w+\(\)/);
      if (!out.ok) expect(out.error.message).not.toMatch(/read-only/);
    }
    // A real write is still READONLY.
    expect(runner.exec('db', 'DELETE FROM nums')).toMatchObject({ ok: false, error: { code: 'READONLY' } });
    expect(runner.exec('db', 'SELECT * FROM pragma_query_only')).toMatchObject({ ok: true, rows: [[1]] });
  });
});
