/** The SQL pool's public types: options, API, progress and stats. */
import type { Cell, ExecFailure, ExecOptions, ExecOutcome } from '../../../core/exec/types.ts';
import type { DbSource } from '../source.ts';
import type { CheckOutcome, MemoryReport, OpenOutcome, SchemaOutcome } from '../types.ts';
import type { SqlSpawn } from './slot.ts';

export interface SqlPoolOptions {
  /** How to start one worker (browserSqlSpawn, nodeSqlSpawn, or a fake in tests). */
  readonly spawn: SqlSpawn;
  /** Workers (default min(4, hardwareConcurrency), at least 1). */
  readonly size?: number;
  /** Default per-query limit in ms (default DEFAULT_TIMEOUT_MS, 5000). */
  readonly timeoutMs?: number;
  /** Default row cap (default DEFAULT_ROW_CAP, 10,000). */
  readonly rowCap?: number;
  /** Limit for loading a database into a worker and reading its schema (default 30,000 ms). */
  readonly openTimeoutMs?: number;
  /** Limit for the whole-file integrity check, `check` (default 10 minutes; it can also be cancelled). */
  readonly checkTimeoutMs?: number;
  /** Databases held at once; opening one more closes the least recently used (default 4). */
  readonly maxOpen?: number;
  /**
   * How runMany shares a list among the workers. `claim` (the default where threads share
   * memory: Node, a cross-origin-isolated page) gives every worker the whole list, and each
   * takes the next query no other has taken, so a slower or later worker simply takes fewer
   * (lanes.ts). `deal` (the default elsewhere) cuts it into batches of neighbours, dealt out to the workers.
   */
  readonly share?: 'claim' | 'deal';
  /** With `share: 'deal'`: batches per worker runMany deals a list into, each at most 32 queries (default 1; see batchCount). */
  readonly batchesPerWorker?: number;
}

/** Options of SqlPool.open. */
export interface SqlOpenOptions {
  /** What messages call the file (default: the file's name, or the key). */
  readonly name?: string;
  readonly signal?: AbortSignal;
  /**
   * Whether the open reads the schema and answers with it (default true). With false it answers
   * once the file is loaded and SQLite has read its header and parsed its schema table (the same
   * NOT_SQLITE and CORRUPT failures), without building the Schema: for a caller that only runs
   * queries, such as labeling, that saves a round of schema queries on the way to the first query.
   */
  readonly schema?: boolean;
}

/** Per-call options: ExecOptions plus cancellation (an abort rejects with `signal.reason`). */
export interface SqlRunOptions extends ExecOptions {
  readonly signal?: AbortSignal;
}

/** Options of SqlPool.stream. */
export interface SqlStreamOptions {
  /** Limit for each chunk, from the start or the chunk before (default: the pool's timeoutMs). */
  readonly timeoutMs?: number;
  /** Rows per chunk (default 5,000). */
  readonly chunkRows?: number;
  /** Most rows read in all (default: no cap); the outcome says when it cut. */
  readonly rowCap?: number;
  readonly signal?: AbortSignal;
}

/** How a stream ended: the result's columns and how many rows were handed over, or the failure. */
export type StreamOutcome =
  | { readonly ok: true; readonly columns: readonly string[]; readonly rows: number; readonly cut: boolean; readonly ms: number }
  | ExecFailure;

/** Progress of runMany, after each finished query. */
export interface SqlProgress {
  /** Fraction done, 0..1. */
  readonly progress: number;
  readonly text: string;
  readonly done: number;
  readonly total: number;
}

export interface SqlPoolStats {
  readonly size: number;
  /** Workers started and not dead. */
  readonly alive: number;
  readonly busy: number;
  /** Calls waiting for a free worker (a queued batch of runMany counts its queries; the rest of a running one does not). */
  readonly queued: number;
  /** Workers replaced after a timeout, crash, abort or a TOO_LARGE answer (a memory bomb). */
  readonly respawns: number;
  /** Keys of the open databases. */
  readonly open: readonly string[];
}

/**
 * A pool of sql.js workers. Every method resolves for expected failures
 * (bad file, bad SQL, timeout, crash) with `{ok: false, error}`; it rejects
 * only for broken contracts (a key that is not open, a call after
 * terminate) and for an aborted signal.
 */
export interface SqlPool {
  /**
   * Opens a database and reads its schema in one worker; other workers load it
   * next. Bytes are copied into each worker; a File/Blob (browser) or
   * `{path}` (Node) is read on demand by every worker, never copied or
   * written. Either way the header and the schema are checked (a damaged page
   * met later fails that query CORRUPT); `check` reads the whole file. `name` is what messages call it (default: the file's
   * name, or the key).
   */
  open(key: string, source: DbSource, options: SqlOpenOptions & { readonly schema: false }): Promise<OpenOutcome>;
  open(key: string, source: DbSource, options?: SqlOpenOptions): Promise<SchemaOutcome>;
  /** The whole-file integrity check (`PRAGMA quick_check`), cancellable: CORRUPT with SQLite's findings, or ok. */
  check(key: string, signal?: AbortSignal): Promise<CheckOutcome>;
  /** What one worker holds for `key` (null if it could not answer). */
  memory(key: string): Promise<MemoryReport | null>;
  schema(key: string): Promise<SchemaOutcome>;
  run(key: string, sql: string, options?: SqlRunOptions): Promise<ExecOutcome>;
  /** Runs in parallel across workers; exactly one outcome per input, in input order. */
  runMany(key: string, sqls: readonly string[], options?: SqlRunOptions, onProgress?: (p: SqlProgress) => void): Promise<ExecOutcome[]>;
  /**
   * Runs one read-only statement to its end in one worker and hands its rows
   * to `onChunk` in order, a chunk at a time as the worker reads them, never
   * the whole result in one message (a whole table saved as a file). The
   * time limit counts per chunk; an abort stops the worker. After a failure
   * the chunks already handed over are not the whole result.
   */
  stream(
    key: string,
    sql: string,
    options: SqlStreamOptions,
    onChunk: (rows: readonly (readonly Cell[])[], columns: readonly string[]) => void,
  ): Promise<StreamOutcome>;
  /** SQLite's normalized form of the statement (Statement.getNormalizedSQL), null when it does not prepare. */
  normalizedSql(key: string, sql: string): Promise<string | null>;
  close(key: string): Promise<void>;
  /** Stops every worker; calls in flight resolve as WORKER_CRASHED, later calls reject. */
  terminate(): void;
  stats(): SqlPoolStats;
}
