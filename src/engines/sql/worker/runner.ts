/**
 * The synchronous sql.js runner: read-only databases held by key (a small
 * LRU), one guarded statement at a time, results as plain data. It runs in
 * whatever thread calls it (a worker in the app and the CLI, the test thread
 * in tests); time limits are the pool's job, since sql.js cannot interrupt
 * a running statement. Opening is open.ts; one statement is statement.ts.
 */
import type { SqlJsStatic } from 'sql.js';
import { DEFAULT_ROW_CAP, execError, type Cell, type ExecError, type ExecOutcome } from '../../../core/exec/types.ts';
import { resultFingerprint } from '../../../core/results/fingerprint.ts';
import type { DbSource } from '../source.ts';
import type { CheckOutcome, ChunksAnswer, ExecExtras, MemoryReport, OpenCheck, OpenOutcome, SchemaOutcome, SqlRunner } from '../types.ts';
import { failureReader, thrownError } from './errors.ts';
import type { RandomAccess } from './lazy-file.ts';
import { DamagedFile, openDatabase, quickCheck, type Opened, type OpenSettings } from './open.ts';
import { readSchema } from './schema.ts';
import { normalizeStatement, runStatement } from './statement.ts';

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
  const maxOpen = options.maxOpen ?? 8;
  const heapLimit = options.heapLimitBytes ?? 512 * MiB;
  const maxResultBytes = options.maxResultBytes ?? 64 * MiB;
  const lazyCacheBytes = options.lazyCacheBytes ?? 32 * MiB;
  const dbs = new Map<string, Opened>(); // insertion order = recency
  const failureOf = failureReader(SQL);

  const get = (key: string): Opened => {
    const opened = dbs.get(key);
    if (opened === undefined) throw new RangeError(`no database is open under key "${key}"; call open first`);
    dbs.delete(key);
    dbs.set(key, opened);
    return opened;
  };

  const close = (key: string): boolean => {
    const opened = dbs.get(key);
    if (opened === undefined) return false;
    dbs.delete(key);
    opened.db.close();
    opened.lazy?.close();
    return true;
  };

  const settings: OpenSettings = { heapLimit, lazyCacheBytes, openPath: options.openPath, failureOf };
  const open = (key: string, source: DbSource, check?: OpenCheck): OpenOutcome => {
    const t0 = performance.now();
    close(key);
    const r = openDatabase(SQL, source, check, settings);
    if (!r.ok) return { ok: false, error: r.error, ms: performance.now() - t0 };
    dbs.set(key, r.opened);
    while (dbs.size > maxOpen) close(dbs.keys().next().value!);
    return { ok: true, ms: performance.now() - t0, ...(r.opened.wal === null ? {} : { wal: r.opened.wal }) };
  };

  /** An error met while reading a lazy file is a read failure, whatever SQLite made of the zeros it got. */
  const readFailure = (opened: Opened): ExecError | null =>
    opened.lazy?.failure == null
      ? null
      : execError('CORRUPT', `the file could not be read: ${opened.lazy.failure}; was it changed, moved or removed while open? Open it again.`);

  /** What was thrown while `opened` ran SQLite, as an ExecError (the runner's own DamagedFile is CORRUPT). */
  const errorOf = (opened: Opened, e: unknown): ExecError =>
    e instanceof DamagedFile ? execError('CORRUPT', e.message) : thrownError(e, failureOf(opened.db, e));

  const schema = (key: string): SchemaOutcome => {
    const opened = get(key);
    try {
      // A file read on demand is not scanned: row counts are estimates and samples come from the first rows.
      return { ok: true, schema: readSchema(opened.db, opened.lazy === null ? {} : { estimateCounts: true, sampleScanRows: SAMPLE_SCAN_ROWS }) };
    } catch (e) {
      return { ok: false, error: readFailure(opened) ?? errorOf(opened, e) };
    }
  };

  const check = (key: string): CheckOutcome => {
    const t0 = performance.now();
    const opened = get(key);
    try {
      quickCheck(opened.db);
      const failure = readFailure(opened);
      return failure === null ? { ok: true, ms: performance.now() - t0 } : { ok: false, error: failure, ms: performance.now() - t0 };
    } catch (e) {
      const err = readFailure(opened) ?? errorOf(opened, e);
      const error = err.code === 'TOO_LARGE' || err.code === 'CORRUPT' ? err : execError('CORRUPT', `the SQLite file is damaged: ${err.message}`);
      return { ok: false, error, ms: performance.now() - t0 };
    }
  };

  const memory = (key: string): MemoryReport => {
    const { db, lazy } = get(key);
    const used = (SQL as unknown as { _sqlite3_memory_used(): number | bigint })._sqlite3_memory_used();
    const store = db.exec('PRAGMA temp_store')[0]?.values[0]?.[0];
    return {
      sqliteHeapBytes: Number(used),
      heapLimitBytes: Math.floor(heapLimit),
      tempStore: store === 2 ? 'memory' : store === 1 ? 'file' : 'default',
      lazy: lazy === null ? null : { ...lazy.stats(), size: lazy.length, cacheBoundBytes: lazyCacheBytes },
    };
  };

  const exec = (key: string, sql: string, rowCap: number = DEFAULT_ROW_CAP, fingerprint = false, normalize = false): ExecOutcome => {
    const opened = get(key);
    const out = runStatement(opened.db, sql, rowCap, maxResultBytes, failureOf, normalize);
    const failure = readFailure(opened);
    if (failure !== null) return { ok: false, error: { ...failure, sql }, ms: out.ms, ...(normalize ? { normalizedSql: out.normalizedSql ?? null } : {}) };
    // Fingerprinted here, in the worker, where the rows are: the page never hashes a large result.
    return out.ok && fingerprint ? { ...out, fingerprint: resultFingerprint(out) } : out;
  };
  const execBatch = (
    key: string,
    sqls: readonly string[],
    rowCap: number | undefined,
    report: (index: number, outcome: ExecOutcome) => void,
    extras: ExecExtras = {},
    next = (after: number): number => after + 1,
  ): number => {
    get(key); // a key that is not open throws before anything runs
    let ran = 0;
    for (let i = next(-1); i < sqls.length; i = next(i), ran++) report(i, exec(key, sqls[i]!, rowCap, extras.fingerprint, extras.normalize));
    return ran;
  };
  const execChunks = (key: string, sql: string, chunkRows: number, rowCap: number, report: (index: number, chunk: ExecOutcome) => void): ChunksAnswer => {
    if (!Number.isInteger(chunkRows) || chunkRows < 1) throw new RangeError(`chunkRows must be a positive integer, got ${chunkRows}`);
    const opened = get(key);
    const t0 = performance.now();
    let chunks = 0;
    const emit = (rows: Cell[][], columns: readonly string[]): void => report(chunks++, { ok: true, columns, rows, cut: false, ms: performance.now() - t0 });
    const out = runStatement(opened.db, sql, rowCap, maxResultBytes, failureOf, false, { size: chunkRows, emit });
    const failure = readFailure(opened);
    return { chunks, last: failure === null ? out : { ok: false, error: { ...failure, sql }, ms: out.ms } };
  };
  const normalizedSql = (key: string, sql: string): string | null => normalizeStatement(get(key).db, sql);

  return { open, check, memory, schema, exec, execBatch, execChunks, normalizedSql, close: (key) => close(key) };
}

/** Rows read per column for sample values of a file read on demand (a DISTINCT over a whole big table is a full scan). */
const SAMPLE_SCAN_ROWS = 1000;
