/**
 * The SQL runner's contract, as both sides of the worker read it: the
 * runner's interface (SqlWorkerApi is it made async, api.ts) and the outcomes
 * its calls give back. The runner itself is worker/runner.ts.
 */
import type { ExecError, ExecOptions, ExecOutcome } from '../../core/exec/types.ts';
import type { Schema } from '../../core/schema.ts';
import type { DbSource } from './source.ts';

/**
 * How thoroughly `open` checks a file: `header` reads the header and the
 * schema; `full` adds `PRAGMA quick_check` (about 25 ms per MB, so a file read
 * on demand is checked only when asked: SqlRunner.check).
 */
export type OpenCheck = 'full' | 'header';

/** What each outcome of a batch carries besides the result (ExecOptions.fingerprint, ExecOptions.normalize). */
export type ExecExtras = Pick<ExecOptions, 'fingerprint' | 'normalize'>;

/**
 * What the write-ahead log gave a database in WAL mode, or one given with its
 * `-wal` (worker/wal.ts): read as SQLite reads it, committed frames only.
 */
export interface WalReport {
  /** Whether a `-wal` was read with the file; false: the file alone, as of its last checkpoint. */
  readonly read: boolean;
  /** Committed transactions the log held (not yet checkpointed into the file). */
  readonly commits: number;
  /** Pages read from the log rather than the file. */
  readonly pages: number;
  /** Frames after the last commit, left out as SQLite leaves them out (an unfinished transaction, a torn write). */
  readonly leftOut: number;
  /** Why a log given was ignored as a whole, as SQLite ignores it (a damaged header); null otherwise. */
  readonly ignored: string | null;
}

/** Whether a database opened (NOT_SQLITE or CORRUPT otherwise), how long it took, and what its -wal gave (WAL mode only). */
export type OpenOutcome =
  | { readonly ok: true; readonly ms: number; readonly wal?: WalReport }
  | { readonly ok: false; readonly error: ExecError; readonly ms: number };

/** A schema, or why it could not be read; when opening, what the -wal gave (WAL mode only). */
export type SchemaOutcome = { readonly ok: true; readonly schema: Schema; readonly wal?: WalReport } | { readonly ok: false; readonly error: ExecError };

/** execChunks's answer: how many full chunks were reported, and the rest of the rows (or the failure). */
export interface ChunksAnswer {
  readonly chunks: number;
  readonly last: ExecOutcome;
}

/** What `memory` reports about a database: what SQLite holds now, and the bounds in force. */
export interface MemoryReport {
  /** Bytes SQLite has allocated now, all databases of this worker together (sqlite3_memory_used: page caches, sorts). */
  readonly sqliteHeapBytes: number;
  /** SQLite's `hard_heap_limit` in force, in bytes: no query's SQLite memory passes it. */
  readonly heapLimitBytes: number;
  /**
   * Where this database's sorts and temporary tables go, as SQLite reads `PRAGMA temp_store` back:
   * `memory` (SQLite's heap, so under the heap limit) or `file` (temporary files, outside it).
   */
  readonly tempStore: 'memory' | 'file' | 'default';
  /** The file read on demand under the key, or null for bytes held in memory. */
  readonly lazy: (LazyStats & { readonly size: number; readonly cacheBoundBytes: number }) | null;
}

/** The outcome of an integrity check. */
export type CheckOutcome = { readonly ok: true; readonly ms: number } | { readonly ok: false; readonly error: ExecError; readonly ms: number };

/** The runner's API; SqlWorkerApi is this, made async. A key that is not open throws RangeError. */
export interface SqlRunner {
  /**
   * Opens (or replaces) the database under `key`; NOT_SQLITE / CORRUPT as
   * values. Bytes are copied into sql.js; a Blob or path is read on demand
   * (never copied, never written). Default check: `full` for bytes, `header`
   * for a file read on demand.
   */
  open(key: string, source: DbSource, check?: OpenCheck): OpenOutcome;
  /** `PRAGMA quick_check` over the whole file: CORRUPT with SQLite's findings, or ok. */
  check(key: string): CheckOutcome;
  /** Memory held for `key` (and the whole WebAssembly heap). */
  memory(key: string): MemoryReport;
  schema(key: string): SchemaOutcome;
  /**
   * Runs one guarded statement, at most `rowCap` rows (default DEFAULT_ROW_CAP); `fingerprint`
   * attaches the success's fingerprint (ExecOptions.fingerprint), `normalize` SQLite's normalized
   * text (ExecOptions.normalize).
   */
  exec(key: string, sql: string, rowCap?: number, fingerprint?: boolean, normalize?: boolean): ExecOutcome;
  /**
   * Runs the statements one after another like `exec`, calling
   * `report(i, outcome)` as soon as statement `i` finishes (a worker posts
   * it, or writes the next query's start to shared memory, so the pool
   * knows while the batch goes on; see execBatchReporting); returns how many ran.
   * `next(i)` picks the position to run after `i` (-1 at the start; `sqls.length` or more stops):
   * by default each in turn; a worker sharing the list with others takes only the ones it claims.
   */
  execBatch(
    key: string,
    sqls: readonly string[],
    rowCap: number | undefined,
    report: (index: number, outcome: ExecOutcome) => void,
    extras?: ExecExtras,
    next?: (after: number) => number,
  ): number;
  /**
   * Runs one guarded statement like `exec`, at most `rowCap` rows, handing
   * them over as they are read: `report(i, chunk)` gets full chunk `i` of
   * `chunkRows` rows (an ExecSuccess holding only those rows; `cut` false),
   * and the answer is the outcome holding the rows after the last full chunk
   * (with `cut`), or the failure, plus how many chunks were reported. No more
   * than one chunk's rows is ever held, so a whole table can be read out.
   */
  execChunks(key: string, sql: string, chunkRows: number, rowCap: number, report: (index: number, chunk: ExecOutcome) => void): ChunksAnswer;
  /** SQLite's normalized SQL, null when the guard refuses it or it does not prepare. */
  normalizedSql(key: string, sql: string): string | null;
  /** Closes `key`; false when it was not open. */
  close(key: string): boolean;
}

/** What a database read on demand has cost so far. */
export interface LazyStats {
  /** Calls into the source. */
  readonly reads: number;
  /** Bytes read from the source. */
  readonly bytesRead: number;
  /** Bytes the block cache holds now. */
  readonly cachedBytes: number;
}
