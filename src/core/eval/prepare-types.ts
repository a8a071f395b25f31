/**
 * The shapes `prepareAll` works with: how it reaches the databases (DbAccess,
 * OpenedDb, a test suite's SuiteDb), where candidates are parsed (SqlAnalyzer),
 * its options, progress and result.
 */
import type { QuestionRecord } from '../bench/types.ts';
import type { ExecOutcome } from '../exec/types.ts';
import type { EquivalenceRule } from '../results/index.ts';
import type { Schema } from '../schema.ts';
import type { SqlFacts } from '../orm/sql-facts.ts';
import type { AnalyzedSql, SqlAnalyzer } from '../pipeline/analyzer.ts';
import type { PreparedQuestion } from '../prepared/types.ts';

export type { AnalyzedSql, SqlAnalyzer };

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
  /**
   * The other databases of `dbId`'s folder (Spider's test suites), in the
   * order they are checked after the one `open` opens; absent or empty when
   * the folder holds one.
   */
  suite?(dbId: string): readonly SuiteDb[];
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
  /**
   * Read the evidence of what each candidate returns (core/evidence; probes
   * through the same open database, each distinct probe once per database)
   * onto its view (`CandidateView.evidence`), for a verifier that reads it.
   * Needs the database's schema; default false.
   */
  readonly evidence?: boolean;
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
  /** Test-suite databases that could not be opened (their questions' open labels left unknown). */
  readonly suiteFailures: readonly SuiteFailure[];
}

/** One more database of a question's folder (Spider's test suites), opened for labels only. */
export interface SuiteDb {
  /** Its file name in the question's database folder, e.g. `concert_singer_3.sqlite`. */
  readonly name: string;
  open(): Promise<{ ok: true; db: OpenedDb } | OpenFailure>;
  close(): Promise<void>;
}

/** A database of a suite that could not be opened: the questions it was to check are left unlabeled. */
export interface SuiteFailure {
  readonly db_id: string;
  readonly name: string;
  readonly code: string;
  readonly message: string;
}
