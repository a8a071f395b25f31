/**
 * The CLI's side of preparing a run: a candidate file's records, gold filled
 * in from the benchmark, prepared by the shared `prepareAll`
 * (src/core/eval/prepare-all.ts) over the Node worker pool with the
 * benchmark's database files. Shared by `confide label`, `confide eval`,
 * curation, ORM training pools and the benchmarks.
 */
import { readFile } from 'node:fs/promises';
import type { QuestionRecord } from '../core/bench/types.ts';
import { resolveGold } from '../core/bench/gold.ts';
import { prepareAll, type DbAccess, type PrepareAllOptions, type PrepareAllResult, type SqlAnalyzer, type SuiteFailure } from '../core/eval/prepare-all.ts';
import { MISSING_DB, skippedByDatabase } from '../core/eval/skipped-reasons.ts';
import type { SqlFacts } from '../core/orm/sql-facts.ts';
import type { PreparedQuestion } from '../core/eval/prepare.ts';
import type { EquivalenceRule } from '../core/results/index.ts';
import { pooledDb, type SqlPool } from '../engines/sql/index.ts';
import type { LoadedBenchmark } from './bench.ts';
import { openDbFile } from './sql-pool.ts';

export interface PrepareRunOptions {
  readonly sqlPool: SqlPool;
  readonly rule?: EquivalenceRule;
  readonly timeoutMs?: number;
  /** Chunks of queries in flight at once (default 2). */
  readonly concurrency?: number;
  readonly onProgress?: (p: { done: number; total: number; text: string }) => void;
  /** Only labels will be read: nothing is parsed or normalized (see `prepareAll`). */
  readonly labelsOnly?: boolean;
  /** Where candidates are parsed (an analysis worker, createNodeAnalyzer), beside execution; see `prepareAll`. */
  readonly analyzer?: SqlAnalyzer;
  /** Read the evidence of what each candidate returns onto its view (see `prepareAll`). */
  readonly evidence?: boolean;
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
  /** The ORM's facts of each candidate text, where the analyzer made them (for attachOrmScores). */
  readonly facts: ReadonlyMap<string, SqlFacts>;
  /** Test-suite databases that could not be opened; the questions they were to check are left unlabeled. */
  readonly suiteFailures: readonly SuiteFailure[];
}

/**
 * A DbAccess over the pool for the benchmark's database files; with `labelsOnly`, no schema is read and no result
 * fingerprinted (labels use neither). A test suite's other databases open one at a time, for labels only.
 */
function fileAccess(bench: LoadedBenchmark, sqlPool: SqlPool, timeoutMs: number | undefined, labelsOnly: boolean): DbAccess {
  // Fingerprints are made in the workers, where the rows are; labels alone need none.
  const limit = timeoutMs === undefined ? {} : { timeoutMs };
  const runOpts = { fingerprint: !labelsOnly, ...limit };
  return {
    suite: (dbId) =>
      suiteOrNone(bench, dbId).map(({ name, path }) => {
        const key = `${dbId}/${name}`;
        return {
          name,
          async open() {
            const opened = await openDbFile(sqlPool, key, path, { schema: false });
            if (!opened.ok) return { ok: false as const, code: opened.error.code, message: opened.error.message };
            return { ok: true as const, db: pooledDb(sqlPool, key, { fingerprint: false, ...limit }) };
          },
          close: () => sqlPool.close(key),
        };
      }),
    async open(dbId) {
      let path: string;
      try {
        path = bench.dbPath(dbId);
        bench.suite(dbId); // a test-suite database that leads out refuses the database, as its own file would
      } catch (e) {
        // A db_id that would leave the benchmark is refused as such, not reported missing.
        const code = (e as { code?: string }).code === 'OUTSIDE_BENCH' ? 'OUTSIDE_BENCH' : MISSING_DB;
        return { ok: false, code, message: e instanceof Error ? e.message : String(e) };
      }
      // Small files are copied into the workers; big ones (BIRD) are read on demand.
      const opened = labelsOnly ? await openDbFile(sqlPool, dbId, path, { schema: false }) : await openDbFile(sqlPool, dbId, path);
      if (!opened.ok) return { ok: false, code: opened.error.code, message: opened.error.message };
      return {
        ok: true,
        db: { ...pooledDb(sqlPool, dbId, runOpts), ...('schema' in opened ? { schema: opened.schema } : {}) },
      };
    },
    close: (dbId) => sqlPool.close(dbId),
  };
}

/** The database's test suite; none when it cannot be read (its open then fails and says why). */
function suiteOrNone(bench: LoadedBenchmark, dbId: string): ReturnType<LoadedBenchmark['suite']> {
  try {
    return bench.suite(dbId);
  } catch {
    return [];
  }
}

/**
 * What `prepareAll` is given for a run over the benchmark's database files on
 * the pool: their DbAccess, and its options (enough queries per call for a
 * full batch on every worker, twice over; `concurrency` chunks in flight).
 *
 * @example
 * const { access, options } = prepareInputs(bench, { sqlPool, rule: 'spider' });
 * const result = await prepareAll(records, access, options);
 */
export function prepareInputs(bench: LoadedBenchmark, options: PrepareRunOptions): { access: DbAccess; options: PrepareAllOptions } {
  const size = options.sqlPool.stats().size;
  return {
    access: fileAccess(bench, options.sqlPool, options.timeoutMs, options.labelsOnly === true),
    options: {
      ...(options.rule !== undefined ? { rule: options.rule } : {}),
      ...(options.labelsOnly !== undefined ? { labelsOnly: options.labelsOnly } : {}),
      ...(options.analyzer !== undefined ? { analyzer: options.analyzer } : {}),
      ...(options.evidence === true ? { evidence: true } : {}),
      chunkQueries: 64 * size,
      inFlight: options.concurrency ?? 2,
      ...(options.onProgress ? { onProgress: ({ done, total, text }) => options.onProgress?.({ done, total, text }) } : {}),
    },
  };
}

/**
 * Prepares every record whose database exists, a few chunks of queries in
 * flight so every worker stays busy.
 *
 * @example
 * const run = await prepareRun(records, await loadBenchmark(dir), { sqlPool });
 */
export async function prepareRun(input: readonly QuestionRecord[], bench: LoadedBenchmark, options: PrepareRunOptions): Promise<PreparedRun> {
  const { records, missing } = resolveGold(input, bench.questions);
  const { access, options: prepareOptions } = prepareInputs(bench, options);
  return preparedRunOf(await prepareAll(records, access, prepareOptions), missing);
}

/**
 * A run as the CLI reports it from `prepareAll`'s result: the records skipped
 * grouped by missing and by unopened database; `noGold` records had no gold.
 *
 * @example
 * reportRun(preparedRunOf(file, file.noGold));
 */
export function preparedRunOf(result: PrepareAllResult, noGold: number): PreparedRun {
  const { prepared, records, skipped, facts, suiteFailures } = result;
  const { missing, bad } = skippedByDatabase(skipped);
  return {
    facts,
    suiteFailures,
    prepared,
    records,
    skippedMissingDb: missing.map((s) => ({ db_id: s.db_id, records: s.ids.length, ids: [...s.ids] })),
    noGold,
    badDbs: bad.map((b) => ({ db_id: b.db_id, code: b.code ?? 'UNKNOWN', message: b.message, records: b.records })),
  };
}

/** Reads a database file's bytes (a fresh copy: the pool copies again on open). */
export async function readDb(path: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(path));
}
