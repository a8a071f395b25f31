/**
 * The synchronous sql.js runner: read-only databases held by key (a small
 * LRU), one guarded statement at a time, results as plain data. It runs in
 * whatever thread calls it (a worker in the app and the CLI, the test thread
 * in tests); time limits are the pool's job, since sql.js cannot interrupt
 * a running statement.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import { DEFAULT_ROW_CAP, execError, type Cell, type ExecError, type ExecOptions, type ExecOutcome } from '../../core/exec/types.ts';
import { resultFingerprint } from '../../core/results/fingerprint.ts';
import type { Schema } from '../../core/schema.ts';
import { failureReader, thrownError } from './errors.ts';
import { checkSqliteHeader } from './header.ts';
import { BLOCK_BYTES, blobRandomAccess, describeSource, isLazySource, LazyContents, type DbSource, type LazyStats, type RandomAccess } from './lazy-file.ts';
import { readSchema } from './schema.ts';
import { normalizeStatement, runStatement } from './statement.ts';

/**
 * How thoroughly `open` checks a file: `header` reads the header and the
 * schema; `full` adds `PRAGMA quick_check` (about 25 ms per MB, so a file read
 * on demand is checked only when asked: SqlRunner.check).
 */
export type OpenCheck = 'full' | 'header';

/** What each outcome of a batch carries besides the result (ExecOptions.fingerprint, ExecOptions.normalize). */
export type ExecExtras = Pick<ExecOptions, 'fingerprint' | 'normalize'>;

/** Whether a database opened (NOT_SQLITE or CORRUPT otherwise), and how long it took. */
export type OpenOutcome =
  | { readonly ok: true; readonly ms: number }
  | { readonly ok: false; readonly error: ExecError; readonly ms: number };

/** A schema, or why it could not be read. */
export type SchemaOutcome = { readonly ok: true; readonly schema: Schema } | { readonly ok: false; readonly error: ExecError };

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
  execBatch(key: string, sqls: readonly string[], rowCap: number | undefined, report: (index: number, outcome: ExecOutcome) => void, extras?: ExecExtras, next?: (after: number) => number): number;
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

  /** The file behind a lazy source (a path needs `openPath`; a Blob needs FileReaderSync). */
  const reader = (source: Exclude<DbSource, Uint8Array>): RandomAccess => {
    if (!('path' in source)) return blobRandomAccess(source);
    if (options.openPath === undefined) throw new Error('this runner cannot open a path; pass the file as bytes');
    return options.openPath(source.path);
  };

  const open = (key: string, source: DbSource, check?: OpenCheck): OpenOutcome => {
    const t0 = performance.now();
    const failed = (error: ExecError): OpenOutcome => ({ ok: false, error, ms: performance.now() - t0 });
    close(key);
    let lazy: LazyContents | null = null;
    let db: Database | undefined;
    try {
      if (isLazySource(source)) {
        let file: RandomAccess;
        try {
          file = reader(source);
        } catch (e) {
          return failed(execError('NOT_SQLITE', `${describeSource(source)} cannot be read: ${e instanceof Error ? e.message : String(e)}.`));
        }
        const head = new Uint8Array(Math.min(100, file.size));
        let bad: ExecError | null;
        try {
          file.read(head, 0);
          bad = checkSqliteHeader(head, file.size);
        } catch (e) {
          bad = execError('NOT_SQLITE', `${describeSource(source)} cannot be read: ${e instanceof Error ? e.message : String(e)}.`);
        }
        if (bad !== null) {
          file.close();
          return failed(bad);
        }
        lazy = new LazyContents(file, Math.max(1, Math.floor(lazyCacheBytes / 2 / BLOCK_BYTES)));
        db = new SQL.Database(lazy as unknown as Uint8Array);
        // Bounded memory: SQLite's page cache (the file's pages are not in memory otherwise).
        db.exec(`PRAGMA cache_size=-${Math.floor(lazyCacheBytes / 2 / 1024)}`);
      } else {
        const bad = checkSqliteHeader(source);
        if (bad !== null) return failed(bad);
        db = new SQL.Database(source);
      }
      // Read-only, a bounded heap with every sort and temporary table inside it (temp_store=MEMORY: temporary
      // files would live outside hard_heap_limit, in the JavaScript heap), then the schema parsed (a damaged
      // sqlite_master fails the open), in one exec (each costs its own round of sql.js's JS). A private copy
      // nothing else can change keeps the read lock, so a query does not check for a hot journal and
      // re-validate the page cache (file-system calls in sql.js's JS) each time it starts.
      const exclusive = lazy === null ? 'PRAGMA locking_mode=EXCLUSIVE; ' : '';
      db.exec(`PRAGMA hard_heap_limit=${Math.floor(heapLimit)}; PRAGMA temp_store=MEMORY; PRAGMA query_only=ON; ${exclusive}SELECT count(*) FROM sqlite_master`);
      if ((check ?? (lazy === null ? 'full' : 'header')) === 'full') quickCheck(db);
      if (lazy?.failure != null) throw new DamagedFile(lazy.failure);
    } catch (e) {
      const err = e instanceof DamagedFile ? execError('CORRUPT', e.message) : thrownError(e, db === undefined ? null : failureOf(db, e));
      db?.close();
      lazy?.close();
      const code = err.code === 'NOT_SQLITE' || err.code === 'TOO_LARGE' ? err.code : 'CORRUPT';
      const message = code === 'CORRUPT' ? `the SQLite file cannot be read: ${err.message}` : err.message;
      return failed(execError(code, message));
    }
    dbs.set(key, { db, lazy });
    while (dbs.size > maxOpen) close(dbs.keys().next().value!);
    return { ok: true, ms: performance.now() - t0 };
  };

  /** An error met while reading a lazy file is a read failure, whatever SQLite made of the zeros it got. */
  const readFailure = (opened: Opened): ExecError | null =>
    opened.lazy?.failure == null ? null : execError('CORRUPT', `the file could not be read: ${opened.lazy.failure}; was it changed, moved or removed while open? Open it again.`);

  /** What was thrown while `opened` ran SQLite, as an ExecError (the runner's own DamagedFile is CORRUPT). */
  const errorOf = (opened: Opened, e: unknown): ExecError => (e instanceof DamagedFile ? execError('CORRUPT', e.message) : thrownError(e, failureOf(opened.db, e)));

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
  const execBatch = (key: string, sqls: readonly string[], rowCap: number | undefined, report: (index: number, outcome: ExecOutcome) => void, extras: ExecExtras = {}, next = (after: number): number => after + 1): number => {
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

/** One open database: sql.js's handle, and the file it reads on demand (null when it holds a copy). */
interface Opened {
  readonly db: Database;
  readonly lazy: LazyContents | null;
}

/** Rows read per column for sample values of a file read on demand (a DISTINCT over a whole big table is a full scan). */
const SAMPLE_SCAN_ROWS = 1000;

/** Damage the runner found itself (quick_check's findings, a failed read): CORRUPT whatever the words. */
class DamagedFile extends Error {
  constructor(finding: string) {
    super(`database disk image is malformed (${finding})`);
  }
}

/** Throws SQLite's findings unless `PRAGMA quick_check` says ok. */
function quickCheck(db: Database): void {
  const verdict = db.exec('PRAGMA quick_check')[0]?.values[0]?.[0];
  if (verdict !== 'ok') throw new DamagedFile(`quick_check: ${String(verdict)}`);
}
