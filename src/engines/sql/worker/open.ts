/**
 * Opening one database for the runner: the header checked before sql.js sees
 * the bytes, a file read on demand wrapped in LazyContents (never copied,
 * never written), then the connection set read-only with a bounded heap and
 * its schema table parsed; `full` adds `PRAGMA quick_check`. Every failure is
 * NOT_SQLITE, TOO_LARGE or CORRUPT, as data.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import { execError, type ExecError } from '../../../core/exec/types.ts';
import { describeSource, isLazySource, type DbSource } from '../source.ts';
import type { OpenCheck } from '../types.ts';
import { thrownError, type FailureReader } from './errors.ts';
import { checkSqliteHeader } from './header.ts';
import { BLOCK_BYTES, blobRandomAccess, LazyContents, type RandomAccess } from './lazy-file.ts';

/** One open database: sql.js's handle, and the file it reads on demand (null when it holds a copy). */
export interface Opened {
  readonly db: Database;
  readonly lazy: LazyContents | null;
}

/** The runner's bounds and its way to a path, as opening needs them. */
export interface OpenSettings {
  /** SQLite's `PRAGMA hard_heap_limit`, in bytes. */
  readonly heapLimit: number;
  /** Memory bound of one database read on demand: SQLite's page cache plus the block cache, each half. */
  readonly lazyCacheBytes: number;
  /** How a path source is read (a Node worker passes pathRandomAccess; elsewhere a path cannot be opened). */
  readonly openPath?: ((path: string) => RandomAccess) | undefined;
  readonly failureOf: FailureReader;
}

/** Damage the runner found itself (quick_check's findings, a failed read): CORRUPT whatever the words. */
export class DamagedFile extends Error {
  constructor(finding: string) {
    super(`database disk image is malformed (${finding})`);
  }
}

/** Throws SQLite's findings unless `PRAGMA quick_check` says ok. */
export function quickCheck(db: Database): void {
  const verdict = db.exec('PRAGMA quick_check')[0]?.values[0]?.[0];
  if (verdict !== 'ok') throw new DamagedFile(`quick_check: ${String(verdict)}`);
}

/** The file behind a lazy source (a path needs `openPath`; a Blob needs FileReaderSync). */
function reader(source: Exclude<DbSource, Uint8Array>, openPath: OpenSettings['openPath']): RandomAccess {
  if (!('path' in source)) return blobRandomAccess(source);
  if (openPath === undefined) throw new Error('this runner cannot open a path; pass the file as bytes');
  return openPath(source.path);
}

/** A file read on demand, its header checked: the LazyContents over it, or why it cannot be opened. */
function lazyContents(source: Exclude<DbSource, Uint8Array>, settings: OpenSettings): LazyContents | ExecError {
  let file: RandomAccess;
  try {
    file = reader(source, settings.openPath);
  } catch (e) {
    return execError('NOT_SQLITE', `${describeSource(source)} cannot be read: ${e instanceof Error ? e.message : String(e)}.`);
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
    return bad;
  }
  return new LazyContents(file, Math.max(1, Math.floor(settings.lazyCacheBytes / 2 / BLOCK_BYTES)));
}

/**
 * Opens `source` as sql.js's database. Default check: `full` for bytes,
 * `header` for a file read on demand.
 *
 * @example
 * const r = openDatabase(SQL, bytes, undefined, settings);
 * if (r.ok) r.opened.db.exec('SELECT 1');
 */
export function openDatabase(SQL: SqlJsStatic, source: DbSource, check: OpenCheck | undefined, settings: OpenSettings): { ok: true; opened: Opened } | { ok: false; error: ExecError } {
  let lazy: LazyContents | null = null;
  let db: Database | undefined;
  try {
    if (isLazySource(source)) {
      const contents = lazyContents(source, settings);
      if (!(contents instanceof LazyContents)) return { ok: false, error: contents };
      lazy = contents;
      db = new SQL.Database(lazy as unknown as Uint8Array);
      // Bounded memory: SQLite's page cache (the file's pages are not in memory otherwise).
      db.exec(`PRAGMA cache_size=-${Math.floor(settings.lazyCacheBytes / 2 / 1024)}`);
    } else {
      const bad = checkSqliteHeader(source);
      if (bad !== null) return { ok: false, error: bad };
      db = new SQL.Database(source);
    }
    // Read-only, a bounded heap with every sort and temporary table inside it (temp_store=MEMORY: temporary
    // files would live outside hard_heap_limit, in the JavaScript heap), then the schema parsed (a damaged
    // sqlite_master fails the open), in one exec (each costs its own round of sql.js's JS). A private copy
    // nothing else can change keeps the read lock, so a query does not check for a hot journal and
    // re-validate the page cache (file-system calls in sql.js's JS) each time it starts.
    const exclusive = lazy === null ? 'PRAGMA locking_mode=EXCLUSIVE; ' : '';
    db.exec(`PRAGMA hard_heap_limit=${Math.floor(settings.heapLimit)}; PRAGMA temp_store=MEMORY; PRAGMA query_only=ON; ${exclusive}SELECT count(*) FROM sqlite_master`);
    if ((check ?? (lazy === null ? 'full' : 'header')) === 'full') quickCheck(db);
    if (lazy?.failure != null) throw new DamagedFile(lazy.failure);
  } catch (e) {
    const err = e instanceof DamagedFile ? execError('CORRUPT', e.message) : thrownError(e, db === undefined ? null : settings.failureOf(db, e));
    db?.close();
    lazy?.close();
    const code = err.code === 'NOT_SQLITE' || err.code === 'TOO_LARGE' ? err.code : 'CORRUPT';
    const message = code === 'CORRUPT' ? `the SQLite file cannot be read: ${err.message}` : err.message;
    return { ok: false, error: execError(code, message) };
  }
  return { ok: true, opened: { db, lazy } };
}
