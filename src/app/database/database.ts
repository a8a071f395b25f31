/**
 * The database the page is working on: opened from a local file (picker or
 * drag and drop) or the bundled demo, always into the SQL worker pool. A
 * small local file is read with the File API and handed to the workers as
 * bytes; a big one (past IN_MEMORY_MAX_BYTES) is handed over as the File
 * itself, which each worker reads a page at a time as queries need it (never
 * copied, never written). A database given with its `-wal` goes to the
 * workers as both Files, read together as SQLite reads them. Nothing is sent anywhere. An open can be
 * cancelled; the whole-file integrity check is a separate, cancellable
 * action. Listeners hear about every successful open.
 */
import type { ExecError } from '../../core/exec/types.ts';
import { execError } from '../../core/exec/outcomes.ts';
import type { Schema } from '../../core/schema.ts';
import { quoteIdent } from '../../core/sql/identifier.ts';
import { IN_MEMORY_MAX_BYTES, type CheckOutcome, type SqlPool, type WalReport, type WithWal } from '../../engines/sql/index.ts';

/** The open database. `key` names it in the pool; `dbId` is what candidate files call it. */
export interface OpenDatabase {
  readonly key: string;
  readonly name: string;
  readonly dbId: string;
  readonly schema: Schema;
  readonly bytes: number;
  readonly demo: boolean;
  /** True when the workers read the file on demand (a big file) rather than holding a copy. */
  readonly onDemand: boolean;
  /** For a database in WAL mode, what its -wal gave (read with it, or opened alone); absent or null otherwise. */
  readonly wal?: WalReport | null;
}

/** Why a database did not open: the pool's error, the demo file could not be fetched, or the user cancelled. */
export type OpenError = ExecError | { readonly code: 'FETCH_FAILED' | 'CANCELLED'; readonly message: string };

export type OpenResult = { readonly ok: true; readonly db: OpenDatabase } | { readonly ok: false; readonly error: OpenError };

export interface DatabaseController {
  readonly current: OpenDatabase | null;
  /** Opens bytes under a display name; `dbId` defaults to the file name without extension. */
  openBytes(name: string, bytes: Uint8Array, options?: { dbId?: string; demo?: boolean }): Promise<OpenResult>;
  /** Opens a local file (with its `-wal`, read together as SQLite reads them): as bytes when small, read on demand when big; `signal` cancels. */
  openFile(file: File, signal?: AbortSignal, wal?: File | null): Promise<OpenResult>;
  /** The whole-file integrity check of the open database (PRAGMA quick_check); `signal` cancels it. */
  check(signal?: AbortSignal): Promise<CheckOutcome>;
  /** The exact row count of one table (a full scan: on demand, for a big file), or why not. */
  countRows(table: string): Promise<{ readonly ok: true; readonly count: number } | { readonly ok: false; readonly error: ExecError }>;
  /** Fetches and opens the bundled demo database (same origin, relative to the page). */
  openDemo(): Promise<OpenResult>;
  /** Starts fetching the demo database now, so that a later `openDemo` finds its bytes on the way (the page's start). */
  prefetchDemo(): void;
  onChange(listener: (db: OpenDatabase) => void): void;
}

/** Time limit of an on-demand row count (a full scan of one table). */
const COUNT_TIMEOUT_MS = 120_000;

/** Relative URL of the bundled demo database, resolved against the page. */
export const DEMO_DB_URL = 'demo/database/demo/demo.sqlite';

/** What the controller holds: the open database, how many opens so far (each gets a fresh key), the demo's prefetch, the listeners. */
interface Databases {
  readonly sqlPool: SqlPool;
  current: OpenDatabase | null;
  opened: number;
  prefetched: Promise<Response> | null;
  readonly listeners: ((db: OpenDatabase) => void)[];
}

/**
 * A controller over `pool`. Each open gets a fresh key, so an earlier file
 * with the same name is never confused with a new one.
 *
 * @example
 * const dbs = createDatabaseController(sqlPool);
 * const r = await dbs.openDemo();
 * if (r.ok) console.log(r.db.schema.tables.length);
 */
export function createDatabaseController(sqlPool: SqlPool): DatabaseController {
  const d: Databases = { sqlPool, current: null, opened: 0, prefetched: null, listeners: [] };
  const controller: DatabaseController = {
    get current() {
      return d.current;
    },
    openBytes: (name, bytes, options = {}) => openSource(d, name, bytes, options),
    openFile: (file, signal, wal) => openFile(d, file, signal, wal),
    async check(signal) {
      if (d.current === null) return { ok: false, error: execError('EMPTY', 'no database is open.'), ms: 0 };
      return sqlPool.check(d.current.key, signal);
    },
    async countRows(table) {
      if (d.current === null) return { ok: false, error: execError('EMPTY', 'no database is open.') };
      const out = await sqlPool.run(d.current.key, `SELECT count(*) FROM ${quoteIdent(table)}`, { timeoutMs: COUNT_TIMEOUT_MS });
      return out.ok ? { ok: true, count: Number(out.rows[0]?.[0] ?? 0) } : { ok: false, error: out.error };
    },
    prefetchDemo() {
      d.prefetched ??= fetch(new URL(DEMO_DB_URL, document.baseURI));
      d.prefetched.catch(() => undefined); // a failed fetch is said by the openDemo that uses it
    },
    openDemo: () => openDemo(d, controller),
    onChange(listener) {
      d.listeners.push(listener);
    },
  };
  return controller;
}

/** An open the person cancelled: the database open before stays open. */
function cancelled(name: string): OpenResult {
  return { ok: false, error: { code: 'CANCELLED', message: `opening ${name} was cancelled; the previous database is still open.` } };
}

/** Opens `source` under a fresh key and makes it current; a cancelled open leaves the current one as it was. */
async function openSource(
  d: Databases,
  name: string,
  source: Uint8Array | File | WithWal,
  options: { dbId?: string; demo?: boolean; signal?: AbortSignal },
): Promise<OpenResult> {
  d.opened += 1;
  const key = `db${d.opened}`;
  let r;
  try {
    r = await d.sqlPool.open(key, source, { name, ...(options.signal === undefined ? {} : { signal: options.signal }) });
  } catch (e) {
    if (options.signal?.aborted === true) return cancelled(name);
    throw e;
  }
  if (!r.ok) return r;
  if (d.current !== null) await d.sqlPool.close(d.current.key);
  const dbId = options.dbId ?? name.replace(/\.[^.]*$/, '');
  const main = source instanceof Uint8Array || source instanceof Blob ? source : source.main;
  const size = main instanceof Uint8Array ? main.byteLength : main instanceof Blob ? main.size : 0;
  const onDemand = !(main instanceof Uint8Array) && size > IN_MEMORY_MAX_BYTES;
  const db: OpenDatabase = { key, name, dbId, schema: r.schema, bytes: size, demo: options.demo ?? false, onDemand, wal: r.wal ?? null };
  d.current = db;
  for (const l of d.listeners) l(db);
  return { ok: true, db };
}

/** Opens a chosen file: with its -wal, both go to the workers, which read them together (small pairs in memory); a big file is read on demand, a small one as bytes. */
async function openFile(d: Databases, file: File, signal?: AbortSignal, wal?: File | null): Promise<OpenResult> {
  if (wal) return openSource(d, file.name, { main: file, wal }, signal === undefined ? {} : { signal });
  if (file.size > IN_MEMORY_MAX_BYTES) return openSource(d, file.name, file, signal === undefined ? {} : { signal });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (signal?.aborted === true) return cancelled(file.name);
  return openSource(d, file.name, bytes, signal === undefined ? {} : { signal });
}

/** Opens the bundled demo database (fetched already when prefetched), through the controller's openBytes. */
async function openDemo(d: Databases, controller: DatabaseController): Promise<OpenResult> {
  const url = new URL(DEMO_DB_URL, document.baseURI);
  const pending = d.prefetched ?? fetch(url);
  d.prefetched = null;
  const response = await pending;
  if (!response.ok) {
    return {
      ok: false,
      error: {
        code: 'FETCH_FAILED',
        message: `The demo database could not be loaded (HTTP ${response.status} for ${url.pathname}); run "npm run demo:build".`,
      },
    };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return controller.openBytes('demo.sqlite', bytes, { dbId: 'demo', demo: true });
}
