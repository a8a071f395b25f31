/**
 * What open-time and pragma errors say. The reported database (a virtual
 * generated column or CHECK computing a 150-million-character value) used to
 * time out while opening with advice about queries and the pool's internal
 * key; opening now reads only the header and the schema, so it opens, and a
 * query that reads the column hits the query limit (a query that reads it
 * for every row of an endless recursive CTE, so it cannot finish inside the
 * limit on any machine, however fast: the limit, not the machine's speed,
 * ends it). An open that does run
 * past its limit names the file and points at the schema. A pragma table
 * function given too many arguments is a plain SQLITE_ERROR, not READONLY.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Remote } from 'comlink';
import type { SqlWorkerApi } from '../../../src/engines/sql/api.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { createSqlPool } from '../../../src/engines/sql/pool/pool.ts';
import type { SqlWorkerHandle } from '../../../src/engines/sql/pool/slot.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';
import { fixtureBytes } from './fixture.ts';

let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'confide-open-errors-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 400 rows whose virtual column builds a 150-million-character string each time it is read. */
function slowSchemaDatabase(path: string, kind: 'generated' | 'check'): Uint8Array {
  const db = new Database(path);
  const heavy = "length(printf('%.*c', 150000000, 'x'))";
  db.exec(
    kind === 'generated' ? `CREATE TABLE t (a INTEGER, g INTEGER GENERATED ALWAYS AS (${heavy}) VIRTUAL)` : `CREATE TABLE t (a INTEGER CHECK (${heavy} > 0))`,
  );
  db.exec(
    'PRAGMA ignore_check_constraints = ON; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) INSERT INTO t (a) SELECT i FROM n',
  );
  db.close();
  return new Uint8Array(readFileSync(path));
}

describe('a database slow to open', () => {
  it.each(['generated', 'check'] as const)(
    'the reported file (a %s column doing heavy work) opens at once, and a query reading it hits the query limit',
    async (kind) => {
      const bytes = slowSchemaDatabase(join(dir, `${kind}.sqlite`), kind);
      const sqlPool = createNodeSqlPool({ size: 1 });
      try {
        // Opening reads the header and the schema only: neither evaluates the heavy expression.
        const out = await sqlPool.open('db1', bytes, { name: `${kind}-heavy.sqlite` });
        expect(out.ok && out.schema.tables.map((t) => t.name)).toEqual(['t']);
        // Reads the heavy column once per row of an endless CTE: it ends only when the limit stops it.
        const endless = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT sum(g) FROM r, t';
        const sql = kind === 'generated' ? endless : 'SELECT count(*) FROM t';
        const q = await sqlPool.run('db1', sql, { timeoutMs: 1000 });
        if (kind === 'generated') expect(q).toMatchObject({ ok: false, error: { code: 'TIMEOUT', message: expect.stringMatching(/LIMIT/) } });
        else expect(q).toMatchObject({ ok: true, rows: [[400]] }); // a CHECK is not evaluated on read
      } finally {
        sqlPool.terminate();
      }
    },
    60_000,
  );

  it('an open that runs past its limit names the file, not the pool key, and points at the schema, not a query', async () => {
    // A worker whose open never answers stands in for a file whose schema takes forever to read.
    const spawn = (): SqlWorkerHandle => {
      const never = new Promise<never>(() => undefined);
      const api = {
        open: () => never,
        openRead: () => never,
        schema: () => never,
        close: async () => true,
        reportTo: async () => undefined,
      } as unknown as Remote<SqlWorkerApi>;
      return { api, terminate: () => undefined, onCrash: () => undefined };
    };
    const sqlPool = createSqlPool({ spawn, size: 1, openTimeoutMs: 200 });
    try {
      const out = await sqlPool.open('db1', await fixtureBytes(), { name: 'archive 2019.sqlite' });
      expect(out.ok ? 'OK' : out.error.code).toBe('TIMEOUT');
      if (out.ok) return;
      expect(out.error.message).toContain('opening "archive 2019.sqlite" ran past 200 ms');
      expect(out.error.message).not.toContain('"db1"');
      expect(out.error.message).toMatch(/generated column/);
      expect(out.error.message).toMatch(/CHECK constraint/);
      expect(out.error.message).not.toMatch(/LIMIT|recursive CTE/);
    } finally {
      sqlPool.terminate();
    }
  });
});

describe('pragma table functions', () => {
  it("too many arguments is SQLITE_ERROR with SQLite's words, not READONLY", async () => {
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
