/**
 * The synchronous sql.js runner: read-only databases held by key (a small
 * LRU), one guarded statement at a time, results as plain data. It runs in
 * whatever thread calls it (a worker in the app and the CLI, the test thread
 * in tests); time limits are the pool's job, since sql.js cannot interrupt
 * a running statement.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import { DEFAULT_ROW_CAP, execError, type ExecError, type ExecOutcome } from '../../core/exec/types.ts';
import type { Schema } from '../../core/schema.ts';
import { sqliteError } from './errors.ts';
import { checkSqliteHeader } from './header.ts';
import { readSchema } from './schema.ts';
import { normalizeStatement, runStatement } from './statement.ts';

/** How thoroughly `open` checks a file: `full` adds `PRAGMA quick_check` (about 25 ms per MB). */
export type OpenCheck = 'full' | 'header';

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
}

/** The runner's API; SqlWorkerApi is this, made async. A key that is not open throws RangeError. */
export interface SqlRunner {
  /** Opens (or replaces) the database under `key`; NOT_SQLITE / CORRUPT as values. Default check: `full`. */
  open(key: string, bytes: Uint8Array, check?: OpenCheck): OpenOutcome;
  schema(key: string): SchemaOutcome;
  /** Runs one guarded statement, at most `rowCap` rows (default DEFAULT_ROW_CAP). */
  exec(key: string, sql: string, rowCap?: number): ExecOutcome;
  /**
   * Runs the statements one after another like `exec`, calling
   * `report(i, outcome)` as soon as statement `i` finishes (a worker posts
   * each at once, so the pool sees every query's end, and the next one's
   * start, while the batch goes on); returns how many ran.
   */
  execBatch(key: string, sqls: readonly string[], rowCap: number | undefined, report: (index: number, outcome: ExecOutcome) => void): number;
  /** SQLite's normalized SQL, null when the guard refuses it or it does not prepare. */
  normalizedSql(key: string, sql: string): string | null;
  /** Closes `key`; false when it was not open. */
  close(key: string): boolean;
}

const MiB = 1024 * 1024;

/**
 * Creates a runner over an initialised sql.js. The caller's bytes are never
 * written (sql.js copies them); every database runs with
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
  const dbs = new Map<string, Database>(); // insertion order = recency

  const get = (key: string): Database => {
    const db = dbs.get(key);
    if (db === undefined) throw new RangeError(`no database is open under key "${key}"; call open first`);
    dbs.delete(key);
    dbs.set(key, db);
    return db;
  };

  const close = (key: string): boolean => {
    const db = dbs.get(key);
    if (db === undefined) return false;
    dbs.delete(key);
    db.close();
    return true;
  };

  const open = (key: string, bytes: Uint8Array, check: OpenCheck = 'full'): OpenOutcome => {
    const t0 = performance.now();
    close(key);
    const bad = checkSqliteHeader(bytes);
    if (bad !== null) return { ok: false, error: bad, ms: performance.now() - t0 };
    let db: Database | undefined;
    try {
      db = new SQL.Database(bytes);
      db.exec(`PRAGMA hard_heap_limit=${Math.floor(heapLimit)}`);
      db.exec('PRAGMA query_only=ON');
      db.exec('SELECT count(*) FROM sqlite_master');
      if (check === 'full') {
        const verdict = db.exec('PRAGMA quick_check')[0]?.values[0]?.[0];
        if (verdict !== 'ok') throw new Error(`database disk image is malformed (quick_check: ${String(verdict)})`);
      }
    } catch (e) {
      db?.close();
      const err = sqliteError(e);
      const code = err.code === 'NOT_SQLITE' || err.code === 'TOO_LARGE' ? err.code : 'CORRUPT';
      const message = code === 'CORRUPT' ? `the SQLite file cannot be read: ${err.message}` : err.message;
      return { ok: false, error: execError(code, message), ms: performance.now() - t0 };
    }
    dbs.set(key, db);
    while (dbs.size > maxOpen) close(dbs.keys().next().value!);
    return { ok: true, ms: performance.now() - t0 };
  };

  const schema = (key: string): SchemaOutcome => {
    const db = get(key);
    try {
      return { ok: true, schema: readSchema(db) };
    } catch (e) {
      return { ok: false, error: sqliteError(e) };
    }
  };

  const exec = (key: string, sql: string, rowCap: number = DEFAULT_ROW_CAP): ExecOutcome => runStatement(get(key), sql, rowCap, maxResultBytes);
  const execBatch = (key: string, sqls: readonly string[], rowCap: number | undefined, report: (index: number, outcome: ExecOutcome) => void): number => {
    get(key); // a key that is not open throws before anything runs
    sqls.forEach((sql, i) => report(i, exec(key, sql, rowCap)));
    return sqls.length;
  };
  const normalizedSql = (key: string, sql: string): string | null => normalizeStatement(get(key), sql);

  return { open, schema, exec, execBatch, normalizedSql, close };
}
