/**
 * The synchronous sql.js runner: read-only databases held by key (a small
 * LRU), one guarded statement at a time, results as plain data. It runs in
 * whatever thread calls it (a worker in the app and the CLI, the test thread
 * in tests); time limits are the pool's job, since sql.js cannot interrupt
 * a running statement. The databases held are runner-held.ts, what is read
 * from them runner-reads.ts; opening is open.ts; one statement is statement.ts.
 */
import type { SqlJsStatic } from 'sql.js';
import type { SqlRunner } from '../types.ts';
import { failureReader } from './errors.ts';
import type { RandomAccess } from './lazy-file.ts';
import { closeHeld, held, openHeld, type RunnerState } from './runner-held.ts';
import { checkOf, execBatchOf, execChunksOf, execOne, memoryOf, schemaOf } from './runner-reads.ts';
import { normalizeStatement } from './statement.ts';

export interface SqlRunnerOptions {
  /** Databases kept open at once; the least recently used is closed past this (default 8). */
  readonly maxOpen?: number;
  /** SQLite's `PRAGMA hard_heap_limit`, in bytes (default 512 MiB). */
  readonly heapLimitBytes?: number;
  /** Most bytes a result may hold in JS before it fails TOO_LARGE (default 64 MiB). */
  readonly maxResultBytes?: number;
  /** How a path source is read (a Node worker passes pathRandomAccess; elsewhere a path cannot be opened). */
  readonly openPath?: (path: string) => RandomAccess;
  /** Memory bound of one database read on demand: SQLite's page cache plus the block cache, each half (default 32 MiB; plus 2 MiB of read buffers). */
  readonly lazyCacheBytes?: number;
}

const MiB = 1024 * 1024;

/**
 * Creates a runner over an initialised sql.js. The caller's bytes are never
 * written (sql.js copies them; a file read on demand has no write path, see
 * lazy-file.ts); every database runs with
 * `PRAGMA query_only=ON` and every statement passes guardSql first.
 *
 * @example
 * const runner = createSqlRunner(await initSqlJs());
 * runner.open('demo', bytes);
 * runner.exec('demo', 'SELECT count(*) FROM singer', 100); // { ok: true, columns: ['count(*)'], rows: [[6]], cut: false, ms }
 */
export function createSqlRunner(SQL: SqlJsStatic, options: SqlRunnerOptions = {}): SqlRunner {
  const heapLimit = options.heapLimitBytes ?? 512 * MiB;
  const lazyCacheBytes = options.lazyCacheBytes ?? 32 * MiB;
  const failureOf = failureReader(SQL);
  const state: RunnerState = {
    SQL,
    dbs: new Map(),
    maxOpen: options.maxOpen ?? 8,
    heapLimit,
    maxResultBytes: options.maxResultBytes ?? 64 * MiB,
    lazyCacheBytes,
    failureOf,
    settings: { heapLimit, lazyCacheBytes, openPath: options.openPath, failureOf },
  };
  return {
    open: (key, source, check) => openHeld(state, key, source, check),
    check: (key) => checkOf(state, key),
    memory: (key) => memoryOf(state, key),
    schema: (key) => schemaOf(state, key),
    exec: (key, sql, rowCap, fingerprint, normalize) => execOne(state, key, sql, rowCap, fingerprint, normalize),
    execBatch: (key, sqls, rowCap, report, extras, next) => execBatchOf(state, key, sqls, rowCap, report, extras, next),
    execChunks: (key, sql, chunkRows, rowCap, report) => execChunksOf(state, key, sql, chunkRows, rowCap, report),
    normalizedSql: (key, sql) => normalizeStatement(held(state, key).db, sql),
    close: (key) => closeHeld(state, key),
  };
}
