/**
 * Regression: a database whose schema declares a collation this SQLite does
 * not have (Android apps write `COLLATE LOCALIZED` or `UNICODE`; here
 * `NOSUCH`) could not be opened at all: reading sample values with DISTINCT
 * needs the collation, and the schema read failed with SQLite's bare "no such
 * collation sequence". The file now opens; that column has no samples; a
 * query that compares with the collation fails with a hint saying why.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';
import { unknownCollation } from '../../../scripts/hostile-files.ts';

let sqlPool: SqlPool;
beforeAll(() => {
  sqlPool = createNodeSqlPool({ size: 1 });
});
afterAll(() => sqlPool.terminate());

it('opens a database with an unknown collation and explains the queries that need it', async () => {
  const opened = await sqlPool.open('db', await unknownCollation());
  expect(opened.ok).toBe(true);
  if (!opened.ok) return;
  const t = opened.schema.tables.find((x) => x.name === 't')!;
  expect(t.columns.map((c) => [c.name, c.samples.length])).toEqual([
    ['id', 2],
    ['name', 0],
  ]);
  expect(t.rowCount).toBe(2);
  const plain = await sqlPool.run('db', 'SELECT count(*), max(id) FROM t');
  expect(plain.ok && plain.rows).toEqual([[2, 2]]);
  const compared = await sqlPool.run('db', "SELECT id FROM t WHERE name = 'a'");
  expect(compared.ok ? 'OK' : compared.error.code).toBe('SQLITE_ERROR');
  expect(!compared.ok && compared.error.message).toMatch(/no such collation sequence: NOSUCH.*COLLATE NOCASE/);
  const workaround = await sqlPool.run('db', "SELECT id FROM t WHERE name = 'a' COLLATE NOCASE");
  expect(workaround.ok && workaround.rows).toEqual([[1]]);
});
