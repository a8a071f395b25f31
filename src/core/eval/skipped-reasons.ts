/**
 * Why records of a candidate file were left out before preparing, in the
 * words `confide eval` prints and Evaluate shows: the file holds no
 * questions, a record names a database the benchmark lacks (`MISSING_DB`),
 * or its database does not open (the failure's code and message). Records
 * are counted per database, missing databases first, each in file order.
 */
import type { PrepareAllResult } from './prepare-types.ts';

/** The code of an open failure whose database the benchmark does not have. */
export const MISSING_DB = 'MISSING_DB';

/** A record skipped before preparing, as `prepareAll` lists it. */
export type SkippedRecord = PrepareAllResult['skipped'][number];

/** The skipped records by database: those the benchmark lacks, with their ids, and those that did not open, with why. */
export interface SkippedByDatabase {
  readonly missing: readonly { readonly db_id: string; readonly ids: readonly string[] }[];
  readonly bad: readonly { readonly db_id: string; readonly code?: string; readonly message: string; readonly records: number }[];
}

/**
 * Groups skipped records by database: `MISSING_DB` apart, the others with
 * the first record's code and message (every record of a database fails alike).
 *
 * @example
 * skippedByDatabase([{ id: 'q1', db_id: 'x', code: 'MISSING_DB', reason: 'no x' }]); // { missing: [{ db_id: 'x', ids: ['q1'] }], bad: [] }
 */
export function skippedByDatabase(skipped: readonly SkippedRecord[]): SkippedByDatabase {
  const missing = new Map<string, string[]>();
  const bad = new Map<string, { code?: string; message: string; records: number }>();
  for (const s of skipped) {
    if (s.code === MISSING_DB) {
      const ids = missing.get(s.db_id) ?? [];
      ids.push(s.id);
      missing.set(s.db_id, ids);
    } else {
      const b = bad.get(s.db_id) ?? { ...(s.code !== undefined ? { code: s.code } : {}), message: s.reason, records: 0 };
      bad.set(s.db_id, { ...b, records: b.records + 1 });
    }
  }
  return {
    missing: [...missing].map(([db_id, ids]) => ({ db_id, ids })),
    bad: [...bad].map(([db_id, b]) => ({ db_id, ...b })),
  };
}

/**
 * Why records were skipped before preparing, one reason per database; with
 * `file`, also that the file holds no questions when nothing was prepared or skipped.
 *
 * @example
 * skippedReasons([{ id: 'q1', db_id: 'demo', code: 'NOT_SQLITE', reason: 'the file is not a SQLite database' }]);
 * // ['1 record(s) on database demo skipped: NOT_SQLITE: the file is not a SQLite database']
 * skippedReasons([], { name: 'c.jsonl', prepared: 0 }); // ['c.jsonl holds no questions']
 */
export function skippedReasons(skipped: readonly SkippedRecord[], file?: { readonly name: string; readonly prepared: number }): string[] {
  const { missing, bad } = skippedByDatabase(skipped);
  return [
    ...(file !== undefined && file.prepared === 0 && skipped.length === 0 ? [`${file.name} holds no questions`] : []),
    ...missing.map((s) => `${s.ids.length} record(s) name database ${s.db_id}, which is not in the benchmark`),
    ...bad.map((b) => `${b.records} record(s) on database ${b.db_id} skipped: ${b.code === undefined ? '' : `${b.code}: `}${b.message}`),
  ];
}
