/**
 * Preparing a whole candidate file for evaluation, the one way the browser
 * and the CLI both do it: records grouped by database, each database opened
 * once (the next one opened while the current one runs), its questions
 * executed in chunks of many queries per `runMany` call (few round trips to
 * the workers; a text repeated in a chunk runs once, see distinctRuns) with a
 * few chunks in flight so the workers never wait for the labeling, each
 * question labelled with `prepareQuestion`. The result keeps
 * input order, so the seeded steps of `evaluate` see the file's order. A
 * record whose database cannot be opened is skipped and listed.
 */
import type { QuestionRecord } from '../bench/types.ts';
import type { ExecOutcome } from '../exec/types.ts';
import type { SqlFacts } from '../orm/sql-facts.ts';
import type { EquivalenceRule } from '../results/index.ts';
import type { Schema } from '../schema.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';
import { prepareQuestion, type PreparedQuestion } from './prepare.ts';

/** One open database, as `prepareQuestion` needs it. */
export interface OpenedDb {
  /** With `normalize`, each outcome carries SQLite's normalized text (ExecOptions.normalize). */
  runMany(sqls: readonly string[], signal?: AbortSignal, normalize?: boolean): Promise<ExecOutcome[]>;
  /** The normalized text of one statement: the fallback for an outcome without it. */
  normalizedSql(sql: string): Promise<string | null>;
  /** The database's schema, for the signals (absent where only labels are read). */
  readonly schema?: Schema;
}

/** Why a database could not be opened: `code` from the pool (NOT_SQLITE, CORRUPT …) or `MISSING_DB`. */
export interface OpenFailure {
  readonly ok: false;
  readonly message: string;
  readonly code?: string;
}

/** How prepareAll reaches the databases; `Db` says what an opened one carries (e.g. always a schema). */
export interface DbAccess<Db extends OpenedDb = OpenedDb> {
  /** Opens a database by id, or says why it cannot. */
  open(dbId: string): Promise<{ ok: true; db: Db } | OpenFailure>;
  /** Closes one that is no longer needed. */
  close(dbId: string): Promise<void>;
}

/** One text as an analyzer gives it back: its analysis, and the ORM's facts when the analyzer makes them. */
export interface AnalyzedSql {
  readonly analysis: SqlAnalysis;
  readonly facts?: SqlFacts;
}

/**
 * Parses SQL elsewhere (a worker thread, src/node/analysis-worker.ts): one
 * result per text, in order, each `analyzeSql(text, schema)`.
 */
export interface SqlAnalyzer {
  analyze(sqls: readonly string[], schema: Schema | undefined): Promise<readonly AnalyzedSql[]>;
}

/** Progress after each question: `progress` is `done / total`. */
export interface PrepareProgress {
  readonly done: number;
  readonly total: number;
  readonly progress: number;
  readonly text: string;
}

export interface PrepareAllOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: PrepareProgress) => void;
  /** Equivalence rule for labels (default `spider`). */
  readonly rule?: EquivalenceRule;
  /**
   * Only the labels will be read (`confide label`): no candidate is parsed, no
   * normalized SQL is asked for (only the signals' structure keys use it), and
   * no result is fingerprinted unless a view is read (PrepareDeps.labelsOnly).
   * Default false.
   */
  readonly labelsOnly?: boolean;
  /** Queries per `runMany` call (whole questions; at least one question). Default 256. */
  readonly chunkQueries?: number;
  /** Chunks in flight at once. Default 2. */
  readonly inFlight?: number;
  /**
   * Where candidates are parsed (not with `labelsOnly`): as soon as a database
   * is open, its chunks' texts go to it (each distinct text once per
   * database), so parsing runs beside execution and ahead of it; without
   * one, the signals parse on this thread.
   */
  readonly analyzer?: SqlAnalyzer;
}

export interface PrepareAllResult {
  /** Prepared questions in input order (records of unopened databases left out). */
  readonly prepared: PreparedQuestion[];
  /** The records prepared, in the same order. */
  readonly records: QuestionRecord[];
  /** Records skipped because their database could not be opened, in input order. */
  readonly skipped: readonly { readonly id: string; readonly db_id: string; readonly reason: string; readonly code?: string }[];
  /** The ORM's facts of each candidate text, where the analyzer made them. */
  readonly facts: ReadonlyMap<string, SqlFacts>;
}

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

/** Splits a database's record indices into chunks of about `size` queries (whole questions). */
function chunksOf(records: readonly QuestionRecord[], indices: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let queries = 0;
  for (const i of indices) {
    const r = records[i] as QuestionRecord;
    const n = r.candidates.length + (r.gold === undefined ? 0 : 1);
    if (current.length > 0 && queries + n > size) {
      out.push(current);
      current = [];
      queries = 0;
    }
    current.push(i);
    queries += n;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Prepares every record. Rejects with the signal's reason when aborted.
 *
 * @example
 * const { prepared, skipped } = await prepareAll(records, access, { signal, onProgress });
 * const report = evaluate(prepared, { seed: 1 });
 */
export async function prepareAll(records: readonly QuestionRecord[], access: DbAccess, options: PrepareAllOptions = {}): Promise<PrepareAllResult> {
  const { signal } = options;
  const chunkQueries = options.chunkQueries ?? 256;
  const inFlight = options.inFlight ?? 2;
  if (!(chunkQueries >= 1 && Number.isInteger(inFlight) && inFlight >= 1)) throw new RangeError('chunkQueries and inFlight must be at least 1');
  const byDb = new Map<string, number[]>();
  records.forEach((r, i) => {
    const same = byDb.get(r.db_id);
    if (same === undefined) byDb.set(r.db_id, [i]);
    else same.push(i); // in place: copying the list per record is quadratic in a database's records
  });
  const out: (PreparedQuestion | undefined)[] = new Array(records.length);
  const reasons = new Map<string, OpenFailure>();
  const total = records.length;
  let done = 0;
  const step = (dbId: string): void => {
    done++;
    options.onProgress?.({ done, total, progress: done / total, text: `${dbId}: ${done} of ${total} questions executed and labelled` });
  };

  const facts = new Map<string, SqlFacts>();
  const analyzer = options.labelsOnly === true ? undefined : options.analyzer;

  const chunksOfDb = new Map([...byDb].map(([dbId, indices]) => [dbId, chunksOf(records, indices, chunkQueries)]));
  // Each database's candidate texts as the analyzer parses them: requested chunk by chunk as soon as the database
  // is open (so the analyzer works ahead of execution), each distinct text once; read when its chunk is labelled.
  const analysedOf = new Map<string, Map<string, Promise<AnalyzedSql>>>();
  const requestAnalyses = (dbId: string, schema: Schema | undefined): void => {
    if (analyzer === undefined) return;
    const analysed = new Map<string, Promise<AnalyzedSql>>();
    analysedOf.set(dbId, analysed);
    for (const chunk of chunksOfDb.get(dbId) as number[][]) {
      const fresh = [...new Set(chunk.flatMap((i) => (records[i] as QuestionRecord).candidates.map((c) => c.sql)))].filter((t) => !analysed.has(t));
      if (fresh.length === 0) continue;
      const all = analyzer.analyze(fresh, schema);
      all.catch(() => undefined); // awaited when labelled, through each text's share
      fresh.forEach((t, j) => analysed.set(t, all.then((r) => r[j] as AnalyzedSql)));
    }
  };
  const open = (dbId: string): ReturnType<DbAccess['open']> =>
    access.open(dbId).then((o) => {
      if (o.ok) requestAnalyses(dbId, o.db.schema);
      return o;
    });

  const dbIds = [...byDb.keys()];
  let opening = dbIds.length > 0 ? open(dbIds[0]!) : null;
  for (const [k, dbId] of dbIds.entries()) {
    const opened = await (opening as ReturnType<DbAccess['open']>);
    opening = null;
    if (signal?.aborted) {
      if (opened.ok) await access.close(dbId);
      signal.throwIfAborted();
    }
    const indices = byDb.get(dbId) as number[];
    if (!opened.ok) {
      reasons.set(dbId, opened);
      for (let n = 0; n < indices.length; n++) step(dbId);
      if (k + 1 < dbIds.length) opening = open(dbIds[k + 1]!);
      continue;
    }
    // The next database opens while this one's questions run.
    if (k + 1 < dbIds.length) opening = open(dbIds[k + 1]!);
    const db = opened.db;
    const chunks = chunksOfDb.get(dbId) as number[][];
    const analysed = analysedOf.get(dbId);
    analysedOf.delete(dbId);
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < chunks.length) {
        const chunk = chunks[next++] as number[];
        const sqls = chunk.flatMap((i) => {
          const r = records[i] as QuestionRecord;
          return r.gold === undefined ? r.candidates.map((c) => c.sql) : [...r.candidates.map((c) => c.sql), r.gold];
        });
        // Normalized text comes back with the outcomes (no round trip per unparseable candidate), unless only labels are read.
        const runs = distinctRuns(sqls);
        const ran = await db.runMany(runs.sqls, signal, options.labelsOnly !== true);
        const outcomes = runs.at.map((k) => ran[k] as ExecOutcome);
        const analyses = new Map<string, SqlAnalysis>();
        if (analysed !== undefined) {
          for (const t of new Set(chunk.flatMap((i) => (records[i] as QuestionRecord).candidates.map((c) => c.sql)))) {
            const a = await (analysed.get(t) as Promise<AnalyzedSql>);
            analyses.set(t, a.analysis);
            if (a.facts !== undefined) facts.set(t, a.facts);
          }
        }
        let at = 0;
        for (const i of chunk) {
          const record = records[i] as QuestionRecord;
          const mine = outcomes.slice(at, (at += record.candidates.length + (record.gold === undefined ? 0 : 1)));
          out[i] = await prepareQuestion(record, {
            runMany: async () => mine,
            ...(options.labelsOnly === true ? {} : { normalizedSql: (sql: string) => db.normalizedSql(sql) }),
            ...(db.schema === undefined ? {} : { schema: db.schema }),
            ...(options.rule !== undefined ? { rule: options.rule } : {}),
            ...(analysed === undefined ? {} : { analysis: (sql: string) => analyses.get(sql) }),
            ...(options.labelsOnly === true ? { labelsOnly: true } : {}),
          });
          step(dbId);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(inFlight, chunks.length) }, lane));
    } catch (e) {
      const pending = opening;
      if (pending !== null) void pending.then((o) => (o.ok ? access.close(dbIds[k + 1]!) : undefined), () => undefined);
      await access.close(dbId);
      throw e;
    }
    await access.close(dbId);
  }
  const keep = out.flatMap((p, i) => (p === undefined ? [] : [i]));
  return {
    facts,
    prepared: keep.map((i) => out[i] as PreparedQuestion),
    records: keep.map((i) => records[i] as QuestionRecord),
    skipped: records.flatMap((r) => {
      const f = reasons.get(r.db_id);
      return f === undefined ? [] : [{ id: r.id, db_id: r.db_id, reason: f.message, ...(f.code !== undefined ? { code: f.code } : {}) }];
    }),
  };
}
