/**
 * What executing one SQL query produces, in plain data that crosses worker
 * boundaries unchanged. Errors are values with a closed `code`, never thrown
 * across a boundary (comlink keeps only name/message/stack of an Error).
 */

/** Every way a query or a database file can fail, as a closed union. */
export type ExecErrorCode =
  | 'SYNTAX' // the SQL does not parse
  | 'NO_SUCH_TABLE'
  | 'NO_SUCH_COLUMN'
  | 'AMBIGUOUS_COLUMN'
  | 'READONLY' // a write, schema change, ATTACH, writable PRAGMA, VACUUM INTO, load_extension
  | 'MULTI_STATEMENT' // more than one statement in one candidate
  | 'EMPTY' // no statement at all
  | 'NO_SQL' // a generator output with no SQL in it
  | 'TIMEOUT' // past its time limit; the worker was terminated and respawned
  | 'TOO_MANY_ROWS' // past a hard cap where cutting is not allowed
  | 'TOO_LARGE' // a value or result too large to hold (memory bombs)
  | 'NOT_SQLITE' // the bytes are not a SQLite database
  | 'CORRUPT' // a SQLite header, but the file is damaged or truncated
  | 'WORKER_CRASHED' // the worker died while running the query
  | 'SQLITE_ERROR'; // any other SQLite error (the message says which)

/** An expected failure, as data. `message` says what happened and how to act on it. */
export interface ExecError {
  readonly code: ExecErrorCode;
  readonly message: string;
  /** The statement that failed, when there is one. */
  readonly sql?: string;
}

/** A binary value: hex of at most the first 64 bytes, plus the full length. */
export interface BlobCell {
  readonly blob: string;
  readonly bytes: number;
}

/**
 * One result value. SQLite INTEGER and REAL both arrive as `number`
 * (so 1 and 1.0 are the same value, as both equivalence rules want);
 * integers outside ±2^53 arrive as their decimal `string` with a `bigint` tag
 * lost, which no benchmark query here produces.
 */
export type Cell = null | number | string | BlobCell;

/** A successful execution. */
export interface ExecSuccess {
  readonly ok: true;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  /** True when the row cap cut the result: `rows.length === rowCap` and more existed. */
  readonly cut: boolean;
  /** Wall time inside the runner, in milliseconds. */
  readonly ms: number;
  /**
   * The result's fingerprint under the default rule (spider, rows unordered; see
   * core/results/fingerprint.ts), computed where the rows were produced (the SQL
   * worker), so a large result is never hashed on the page's main thread. Absent
   * when the producer did not compute it; callers then compute it themselves.
   */
  readonly fingerprint?: string;
  /** SQLite's normalized text of the statement, when asked for (ExecOptions.normalize). */
  readonly normalizedSql?: string | null;
}

/** A failed execution. */
export interface ExecFailure {
  readonly ok: false;
  readonly error: ExecError;
  readonly ms: number;
  /** SQLite's normalized text of the statement when asked for (ExecOptions.normalize); null when it did not prepare. */
  readonly normalizedSql?: string | null;
}

export type ExecOutcome = ExecSuccess | ExecFailure;

/** Options for one execution. */
export interface ExecOptions {
  /** Wall-clock limit in ms (default 5000). Enforced by the pool, which terminates the worker. */
  readonly timeoutMs?: number;
  /** Most rows returned (default 10,000); the result says when it was cut. */
  readonly rowCap?: number;
  /**
   * Fingerprint each success where it runs (`ExecSuccess.fingerprint`, default rule): asked for by
   * the Ask pipeline and the evaluation, which cluster by result; the console and plain queries skip it.
   */
  readonly fingerprint?: boolean;
  /**
   * Attach SQLite's normalized statement text (`normalizedSql`: literals as `?`, canonical spacing
   * and keyword case; null when it does not prepare), read off the statement the run prepares
   * anyway, so no second call is needed: asked for by the Ask pipeline (structure-key fallback).
   */
  readonly normalize?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_ROW_CAP = 10_000;
