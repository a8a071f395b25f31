/**
 * What "the database did not change" means when only queries can look at it
 * (a worker's copy cannot be read back as bytes): the answers to these
 * queries over the engine test fixture, covering every table, the schema,
 * temp objects, attached databases and the connection's read-only setting.
 */
import type { ExecOutcome } from '../../src/core/exec/types.ts';
import type { SqlPool } from '../../src/engines/sql/pool/pool-types.ts';
import { withoutMs } from './corpus.ts';

export const DIGEST_QUERIES: readonly string[] = [
  'SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name',
  'SELECT * FROM author ORDER BY id',
  'SELECT id, author_id, title, price, hex(cover) FROM book ORDER BY id',
  'SELECT * FROM review ORDER BY book_id, n',
  `SELECT * FROM "odd ""name"" table" ORDER BY "the key"`,
  'SELECT count(*), sum(i) FROM nums',
  'SELECT count(*) FROM sqlite_temp_master',
  'PRAGMA user_version',
  'PRAGMA schema_version',
  'PRAGMA query_only',
  "SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq", // an ATTACH would add a row
];

/** The digest answers without timings, comparable with toEqual. */
export const digestOf = (outs: readonly ExecOutcome[]): unknown => outs.map(withoutMs);

/**
 * The digest as seen by the pool's workers: the queries run twice in one
 * batch, so with two idle workers each worker answers a full set. Returns
 * both sets.
 *
 * @example
 * const [a, b] = await poolDigests(pool, 'db');
 */
export async function poolDigests(sqlPool: SqlPool, key: string): Promise<[unknown, unknown]> {
  const outs = await sqlPool.runMany(key, [...DIGEST_QUERIES, ...DIGEST_QUERIES]);
  return [digestOf(outs.slice(0, DIGEST_QUERIES.length)), digestOf(outs.slice(DIGEST_QUERIES.length))];
}
