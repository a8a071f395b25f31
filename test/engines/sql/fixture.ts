/**
 * A tiny database built with sql.js for the engine tests: two tables joined
 * by a foreign key, a composite key whose foreign key names no parent column,
 * a blob column, a table whose name has a space and quotes, and a 50-row
 * table for the row cap.
 */
import { createHash } from 'node:crypto';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import { loadSqlJs, loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';

export const FIXTURE_SQL = `
CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born REAL);
CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL REFERENCES author(id), title TEXT, price REAL, cover BLOB);
CREATE TABLE review (book_id INTEGER, n INTEGER, stars INTEGER, PRIMARY KEY (book_id, n), FOREIGN KEY (book_id) REFERENCES book);
CREATE TABLE "odd ""name"" table" ("the key" TEXT, v);
CREATE TABLE nums (i INTEGER);
INSERT INTO author VALUES (1, 'Ann', 1950.5), (2, 'Bo', NULL), (3, 'Cy', 1980);
INSERT INTO book VALUES (1, 1, 'Alpha', 9.5, x'deadbeef'), (2, 1, 'Beta', NULL, NULL), (3, 2, 'Gamma', 12, zeroblob(100)), (4, 3, NULL, 7.25, NULL);
INSERT INTO review VALUES (1, 1, 5), (1, 2, 3), (3, 1, 4);
INSERT INTO "odd ""name"" table" VALUES ('k1', 9007199254740993), ('k2', 'text'), ('${'x'.repeat(60)}', NULL);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) INSERT INTO nums SELECT i FROM n;
`;

/** The fixture as SQLite file bytes. */
export async function fixtureBytes(): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec(FIXTURE_SQL);
  const bytes = db.export();
  db.close();
  return bytes;
}

/**
 * The fixture open as `db` in a direct runner (the expected outcomes) and in a
 * Node pool made with `options` (the one under test).
 */
export async function fixtureRunnerAndPool(options: Parameters<typeof createNodeSqlPool>[0]): Promise<{ runner: SqlRunner; sqlPool: SqlPool }> {
  const bytes = await fixtureBytes();
  const runner = await loadSqlRunner();
  runner.open('db', bytes);
  const sqlPool = createNodeSqlPool(options);
  const opened = await sqlPool.open('db', bytes);
  if (!opened.ok) throw new Error(`the fixture did not open in the pool: ${opened.error.message}`);
  return { runner, sqlPool };
}

/** sha-256 of bytes, hex. */
export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** `n` queries whose answers are 1 … n: `SELECT 1 AS n`, …. */
export const queries = (n: number): string[] => Array.from({ length: n }, (_, i) => `SELECT ${i + 1} AS n`);

/** The first cell of each result, or its error code. */
export const valuesOf = (outs: readonly ExecOutcome[]): unknown[] => outs.map((o) => (o.ok ? o.rows[0]![0] : o.error.code));

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A runaway query: an unbounded recursive CTE. */
export const RUNAWAY = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM r) SELECT count(*) FROM r';

/** Statements that would change the database or reach outside it. */
export const WRITES = [
  'DELETE FROM book',
  'DROP TABLE author',
  "UPDATE author SET name = 'Zed'",
  "INSERT INTO author VALUES (9, 'Eve', NULL)",
  'CREATE TABLE evil (a)',
  "ATTACH DATABASE 'file:other.db' AS other",
  'DETACH DATABASE main',
  'PRAGMA query_only = OFF',
  'PRAGMA user_version = 7',
  "VACUUM INTO '/tmp/confide-copy.db'",
  "SELECT load_extension('evil')",
  'WITH x AS (SELECT 1) DELETE FROM book',
];
