/**
 * How `prepareAll` batches a file's queries: records grouped by database,
 * each database's questions cut into chunks of about `chunkQueries` queries
 * (whole questions), and each chunk's texts run once each (distinctRuns).
 */
import type { QuestionRecord } from '../bench/types.ts';

/** SQLite functions that can give another value each time a query runs: random(), randomblob(), date and time 'now', CURRENT_DATE/TIME/TIMESTAMP. */
const VOLATILE = /random|\bnow\b|current_(?:date|time)/i;

/**
 * The queries to run for `sqls`: each distinct text once (on a read-only
 * database a query gives the same result every time, so one outcome serves
 * every copy), except a text that names a volatile function (VOLATILE), which
 * runs once per copy; `at[i]` is the run whose outcome is query i's.
 *
 * @example
 * distinctRuns(['SELECT 1', 'SELECT 2', 'SELECT 1']); // { sqls: ['SELECT 1', 'SELECT 2'], at: [0, 1, 0] }
 */
export function distinctRuns(sqls: readonly string[]): { sqls: string[]; at: number[] } {
  const first = new Map<string, number>();
  const unique: string[] = [];
  const at = sqls.map((sql) => {
    let k = VOLATILE.test(sql) ? undefined : first.get(sql);
    if (k === undefined) {
      k = unique.push(sql) - 1;
      if (!VOLATILE.test(sql)) first.set(sql, k);
    }
    return k;
  });
  return { sqls: unique, at };
}

/**
 * Splits a database's record indices into chunks of about `size` queries (whole questions).
 *
 * @example chunksOf([['a', 'b'], ['c'], ['d']], [0, 1, 2], 2); // [[0], [1, 2]]
 */
export function chunksOf(queries: readonly (readonly string[])[], indices: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let count = 0;
  for (const i of indices) {
    const n = (queries[i] as readonly string[]).length;
    if (current.length > 0 && count + n > size) {
      out.push(current);
      current = [];
      count = 0;
    }
    current.push(i);
    count += n;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * The records' indices by database, in order of first appearance.
 *
 * @example byDatabase([{ db_id: 'a' }, { db_id: 'b' }, { db_id: 'a' }]); // Map { 'a' => [0, 2], 'b' => [1] }
 */
export function byDatabase(records: readonly Pick<QuestionRecord, 'db_id'>[]): Map<string, number[]> {
  const byDb = new Map<string, number[]>();
  records.forEach((r, i) => {
    const same = byDb.get(r.db_id);
    if (same === undefined) byDb.set(r.db_id, [i]);
    else same.push(i); // in place: copying the list per record is quadratic in a database's records
  });
  return byDb;
}
