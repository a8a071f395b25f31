/**
 * Preparing a whole candidate file for evaluation: each question's database
 * opened (one at a time, reused while consecutive questions share it), its
 * candidates executed and labelled with `prepareQuestion` (src/core/eval), in
 * file order so the seeded steps of `evaluate` see the same order as
 * `confide eval`. A question whose database is missing is skipped and listed.
 */
import type { QuestionRecord } from '../bench/types.ts';
import type { ExecOutcome } from '../exec/types.ts';
import { prepareQuestion, type PreparedQuestion } from '../eval/prepare.ts';
import type { Schema } from '../schema.ts';

/** One open database, as `prepareQuestion` needs it. */
export interface OpenedDb {
  runMany(sqls: readonly string[], signal?: AbortSignal): Promise<ExecOutcome[]>;
  normalizedSql(sql: string): Promise<string | null>;
  readonly schema: Schema;
}

export interface DbAccess {
  /** Opens a database by id, or says why it cannot. */
  open(dbId: string): Promise<{ ok: true; db: OpenedDb } | { ok: false; message: string }>;
  /** Closes one that is no longer needed. */
  close(dbId: string): Promise<void>;
}

export interface PrepareAllResult {
  readonly prepared: PreparedQuestion[];
  readonly skipped: readonly { readonly id: string; readonly db_id: string; readonly reason: string }[];
}

/**
 * Prepares every record. Rejects with the signal's reason when aborted.
 *
 * @example
 * const { prepared, skipped } = await prepareAll(records, access, { signal, onProgress });
 * const report = evaluate(prepared, { seed: 1 });
 */
export async function prepareAll(
  records: readonly QuestionRecord[],
  access: DbAccess,
  options: { signal?: AbortSignal; onProgress?: (p: { progress: number; text: string }) => void } = {},
): Promise<PrepareAllResult> {
  const prepared: PreparedQuestion[] = [];
  const skipped: { id: string; db_id: string; reason: string }[] = [];
  let openId: string | null = null;
  let openDb: OpenedDb | null = null;
  let reason = '';
  for (const [i, record] of records.entries()) {
    options.signal?.throwIfAborted();
    if (openId !== record.db_id) {
      if (openId !== null && openDb !== null) await access.close(openId);
      const opened = await access.open(record.db_id);
      openId = record.db_id;
      openDb = opened.ok ? opened.db : null;
      reason = opened.ok ? '' : opened.message;
    }
    const db = openDb;
    if (db === null) {
      skipped.push({ id: record.id, db_id: record.db_id, reason });
    } else {
      prepared.push(
        await prepareQuestion(record, {
          runMany: (sqls) => db.runMany(sqls, options.signal),
          normalizedSql: (sql) => db.normalizedSql(sql),
          schema: db.schema,
        }),
      );
    }
    options.onProgress?.({ progress: (i + 1) / records.length, text: `${i + 1} of ${records.length} questions executed and labelled` });
  }
  if (openId !== null && openDb !== null) await access.close(openId);
  return { prepared, skipped };
}
