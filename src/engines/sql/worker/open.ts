/**
 * Opening one database for the runner: the header checked before sql.js sees
 * the bytes, a file read on demand wrapped in LazyContents (never copied,
 * never written), a database given with its `-wal` read with the log's
 * committed frames over its pages (wal.ts; held in memory when small), then
 * the connection set read-only with a bounded heap and its schema table
 * parsed; `full` adds `PRAGMA quick_check`. Every failure is NOT_SQLITE,
 * TOO_LARGE or CORRUPT, as data; a database in WAL mode says what its log
 * gave (WalReport).
 */
import type { Database, SqlJsStatic } from 'sql.js';
import type { ExecError } from '../../../core/exec/types.ts';
import { execError } from '../../../core/exec/outcomes.ts';
import { describeSource, hasWal, IN_MEMORY_MAX_BYTES, type DbSource, type FileSource, type LazySource } from '../source.ts';
import type { OpenCheck, WalReport } from '../types.ts';
import { thrownError, type FailureReader } from './errors.ts';
import { checkSqliteHeader } from './header.ts';
import { BLOCK_BYTES, blobRandomAccess, LazyContents, type RandomAccess } from './lazy-file.ts';
import { readWalIndex, walOverlay } from './wal.ts';

/** One open database: sql.js's handle, the file it reads on demand (null when it holds a copy), and what its -wal gave. */
export interface Opened {
  readonly db: Database;
  readonly lazy: LazyContents | null;
  /** Present for a database in WAL mode, or one given with its -wal. */
  readonly wal: WalReport | null;
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
function reader(source: FileSource, openPath: OpenSettings['openPath']): RandomAccess {
  if (!('path' in source)) return blobRandomAccess(source);
  if (openPath === undefined) throw new Error('this runner cannot open a path; pass the file as bytes');
  return openPath(source.path);
}

const words = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The header's format versions say WAL mode (https://www.sqlite.org/fileformat.html#file_format_version_numbers). */
const inWalMode = (head: Uint8Array): boolean => head[18] === 2 || head[19] === 2;

/** A WAL-mode database opened without its log: read as of its last checkpoint. */
const NO_LOG: WalReport = { read: false, commits: 0, pages: 0, leftOut: 0, ignored: null };

/** The first 100 bytes of `file`, and its header checked (null when intact). */
function headerOf(file: RandomAccess, name: string): { head: Uint8Array; bad: ExecError | null } {
  const head = new Uint8Array(Math.min(100, file.size));
  try {
    file.read(head, 0);
    return { head, bad: checkSqliteHeader(head, file.size) };
  } catch (e) {
    return { head, bad: execError('NOT_SQLITE', `${name} cannot be read: ${words(e)}.`) };
  }
}

/** The main file with its -wal's committed frames over it (wal.ts), or why the pair cannot be read. */
function withLog(
  file: RandomAccess,
  head: Uint8Array,
  log: FileSource,
  name: string,
  openPath: OpenSettings['openPath'],
): { file: RandomAccess; wal: WalReport } | ExecError {
  let wal: RandomAccess;
  try {
    wal = reader(log, openPath);
  } catch (e) {
    return execError('NOT_SQLITE', `the -wal of ${name} cannot be read: ${words(e)}.`);
  }
  try {
    const raw = (head[16]! << 8) | head[17]!;
    const index = readWalIndex(wal, raw === 1 ? 65536 : raw);
    const overlaid = walOverlay(file, wal, index);
    const bad = headerOf(overlaid, name).bad;
    if (bad !== null) throw new Error(bad.message);
    return { file: overlaid, wal: { read: true, commits: index.commits, pages: index.frames.size, leftOut: index.leftOut, ignored: index.ignored } };
  } catch (e) {
    wal.close();
    return execError('CORRUPT', `${name} cannot be read with its -wal: ${words(e)}.`);
  }
}

/**
 * A file read on demand (with its -wal when given), its header checked: the
 * LazyContents over it, or why it cannot be opened. A small database with
 * its -wal is read whole into memory instead (bytes, as a small file is
 * held), so its row counts are exact.
 */
function lazyContents(source: LazySource, settings: OpenSettings): { contents: LazyContents | Uint8Array; wal: WalReport | null } | ExecError {
  const name = describeSource(source);
  let file: RandomAccess;
  try {
    file = reader(hasWal(source) ? source.main : source, settings.openPath);
  } catch (e) {
    return execError('NOT_SQLITE', `${name} cannot be read: ${words(e)}.`);
  }
  const { head, bad } = headerOf(file, name);
  let wal: WalReport | null = inWalMode(head) ? NO_LOG : null;
  if (bad === null && hasWal(source)) {
    const pair = withLog(file, head, source.wal, name, settings.openPath);
    if (!('file' in pair)) {
      file.close();
      return pair;
    }
    ({ file, wal } = pair);
  }
  if (bad !== null) {
    file.close();
    return bad;
  }
  if (hasWal(source) && file.size <= IN_MEMORY_MAX_BYTES) {
    const bytes = new Uint8Array(file.size);
    try {
      file.read(bytes, 0);
    } catch (e) {
      return execError('CORRUPT', `${name} cannot be read with its -wal: ${words(e)}.`);
    } finally {
      file.close();
    }
    return { contents: bytes, wal };
  }
  return { contents: new LazyContents(file, Math.max(1, Math.floor(settings.lazyCacheBytes / 2 / BLOCK_BYTES))), wal };
}

/**
 * Opens `source` as sql.js's database. Default check: `full` for bytes,
 * `header` for a file read on demand.
 *
 * @example
 * const r = openDatabase(SQL, bytes, undefined, settings);
 * if (r.ok) r.opened.db.exec('SELECT 1');
 */
export function openDatabase(
  SQL: SqlJsStatic,
  source: DbSource,
  check: OpenCheck | undefined,
  settings: OpenSettings,
): { ok: true; opened: Opened } | { ok: false; error: ExecError } {
  let lazy: LazyContents | null = null;
  let wal: WalReport | null = null;
  let db: Database | undefined;
  try {
    let contents: LazyContents | Uint8Array;
    if (source instanceof Uint8Array) {
      const bad = checkSqliteHeader(source);
      if (bad !== null) return { ok: false, error: bad };
      contents = source;
      wal = inWalMode(source) ? NO_LOG : null;
    } else {
      const read = lazyContents(source, settings);
      if (!('contents' in read)) return { ok: false, error: read };
      ({ contents, wal } = read);
    }
    if (contents instanceof LazyContents) {
      lazy = contents;
      db = new SQL.Database(lazy as unknown as Uint8Array);
      // Bounded memory: SQLite's page cache (the file's pages are not in memory otherwise).
      db.exec(`PRAGMA cache_size=-${Math.floor(settings.lazyCacheBytes / 2 / 1024)}`);
    } else {
      db = new SQL.Database(contents);
    }
    // Read-only, a bounded heap with every sort and temporary table inside it (temp_store=MEMORY: temporary
    // files would live outside hard_heap_limit, in the JavaScript heap), then the schema parsed (a damaged
    // sqlite_master fails the open), in one exec (each costs its own round of sql.js's JS). A private copy
    // nothing else can change keeps the read lock, so a query does not check for a hot journal and
    // re-validate the page cache (file-system calls in sql.js's JS) each time it starts.
    const exclusive = lazy === null ? 'PRAGMA locking_mode=EXCLUSIVE; ' : '';
    db.exec(
      `PRAGMA hard_heap_limit=${Math.floor(settings.heapLimit)}; PRAGMA temp_store=MEMORY; PRAGMA query_only=ON; ${exclusive}SELECT count(*) FROM sqlite_master`,
    );
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
  return { ok: true, opened: { db, lazy, wal } };
}
