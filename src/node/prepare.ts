/**
 * Executes and labels a candidate file against a benchmark's databases on
 * Node worker threads: records grouped by database, each database opened once
 * in the pool, questions prepared a few at a time so every worker stays busy.
 * Shared by `confide label`, `confide eval` and the benchmarks.
 */
import { readFile } from 'node:fs/promises';
import type { QuestionRecord } from '../core/bench/types.ts';
import { resolveGold } from '../core/bench/gold.ts';
import { prepareQuestion, type PreparedQuestion } from '../core/eval/prepare.ts';
import type { EquivalenceRule } from '../core/results/index.ts';
import type { SqlPool } from '../engines/sql/pool-types.ts';
import type { LoadedBenchmark } from './bench.ts';

export interface PrepareRunOptions {
  readonly pool: SqlPool;
  readonly rule?: EquivalenceRule;
  readonly timeoutMs?: number;
  /** Questions in flight at once (default 2 × pool size). */
  readonly concurrency?: number;
  readonly onProgress?: (p: { done: number; total: number; text: string }) => void;
  /**
   * Only the labels will be read (`confide label`): no candidate is parsed and
   * no normalized SQL is asked of the pool, since only the signals' structure
   * keys use it. Default false.
   */
  readonly labelsOnly?: boolean;
}

export interface PreparedRun {
  /** Prepared questions in input order (records of missing databases left out). */
  readonly prepared: PreparedQuestion[];
  /** The records that were prepared, gold filled in, in the same order. */
  readonly records: QuestionRecord[];
  /** Records whose database file is missing, by db_id, with their ids. */
  readonly skippedMissingDb: { db_id: string; records: number; ids: string[] }[];
  /** Records with no gold in the record or the benchmark. */
  readonly noGold: number;
  /** Databases that could not be opened (NOT_SQLITE, CORRUPT …), with their records skipped. */
  readonly badDbs: { db_id: string; code: string; message: string; records: number }[];
}

/**
 * Prepares every record whose database exists.
 *
 * @example
 * const run = await prepareRun(records, await loadBenchmark(dir), { pool });
 */
export async function prepareRun(input: readonly QuestionRecord[], bench: LoadedBenchmark, options: PrepareRunOptions): Promise<PreparedRun> {
  const { records, missing } = resolveGold(input, bench.questions);
  const byDb = new Map<string, number[]>();
  const skipped = new Map<string, string[]>();
  records.forEach((r, i) => {
    let exists = true;
    try {
      bench.dbPath(r.db_id);
    } catch {
      exists = false;
    }
    if (!exists) skipped.set(r.db_id, [...(skipped.get(r.db_id) ?? []), r.id]);
    else byDb.set(r.db_id, [...(byDb.get(r.db_id) ?? []), i]);
  });
  const out: (PreparedQuestion | undefined)[] = new Array(records.length);
  const badDbs: PreparedRun['badDbs'] = [];
  const total = [...byDb.values()].reduce((a, b) => a + b.length, 0);
  let done = 0;
  const pool = options.pool;
  const concurrency = options.concurrency ?? 2 * pool.stats().size;
  const runOpts = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  for (const [dbId, indices] of byDb) {
    const opened = await pool.open(dbId, new Uint8Array(await readFile(bench.dbPath(dbId))));
    if (!opened.ok) {
      badDbs.push({ db_id: dbId, code: opened.error.code, message: opened.error.message, records: indices.length });
      continue;
    }
    const schema = opened.schema;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < indices.length) {
        const i = indices[next++] as number;
        out[i] = await prepareQuestion(records[i] as QuestionRecord, {
          runMany: (sqls) => pool.runMany(dbId, sqls, runOpts),
          ...(options.labelsOnly === true ? {} : { normalizedSql: (sql: string) => pool.normalizedSql(dbId, sql) }),
          schema,
          ...(options.rule !== undefined ? { rule: options.rule } : {}),
        });
        done++;
        options.onProgress?.({ done, total, text: `${dbId}: ${done}/${total} questions` });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, indices.length) }, worker));
    await pool.close(dbId);
  }
  const keep = out.map((p, i) => (p === undefined ? -1 : i)).filter((i) => i >= 0);
  return {
    prepared: keep.map((i) => out[i] as PreparedQuestion),
    records: keep.map((i) => records[i] as QuestionRecord),
    skippedMissingDb: [...skipped].map(([db_id, ids]) => ({ db_id, records: ids.length, ids })),
    noGold: missing,
    badDbs,
  };
}

/** Reads a database file's bytes (a fresh copy: the pool copies again on open). */
export async function readDb(path: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path));
}
