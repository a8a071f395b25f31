/**
 * A database chosen together with its write-ahead log: which of the files
 * given (picker or drop) is the database and which its `-wal`, and what the
 * page says about a database in WAL mode (read with its log, or opened
 * alone, when changes may sit in a log the page cannot see: a browser hands
 * over only the files the person chose).
 */
import { walWords, type WalReport } from '../../engines/sql/index.ts';

/** The database and its `-wal` (null when none was given), or why the files do not make one database. */
export type FilePair = { readonly ok: true; readonly db: File; readonly wal: File | null } | { readonly ok: false; readonly message: string };

/** SQLite's files beside a database that are not the database: its log, its shared-memory index, its journal. */
const SIDECAR = /-(wal|shm|journal)$/i;

/**
 * Picks the database and its `-wal` out of the files given; a `-shm` or
 * `-journal` among them is not needed and left aside.
 *
 * @example
 * pairFiles([db, wal]); // { ok: true, db, wal } for shop.sqlite and shop.sqlite-wal
 */
export function pairFiles(files: readonly File[]): FilePair {
  const dbs = files.filter((f) => !SIDECAR.test(f.name));
  const wals = files.filter((f) => /-wal$/i.test(f.name));
  if (dbs.length === 0) {
    const names = files.map((f) => f.name).join(', ');
    const what = files.length === 1 ? 'is a side file' : 'are side files';
    return {
      ok: false,
      message: `${names} ${what} of a SQLite database (its -wal, -shm or -journal), not the database itself: choose the database file, with its -wal to include the changes there.`,
    };
  }
  if (dbs.length > 1) return { ok: false, message: `Choose one database at a time (got ${dbs.map((f) => f.name).join(', ')}), with its -wal if it has one.` };
  const db = dbs[0]!;
  if (wals.length > 1) return { ok: false, message: `Choose one -wal with ${db.name} (got ${wals.map((f) => f.name).join(', ')}).` };
  return { ok: true, db, wal: wals[0] ?? null };
}

/**
 * What the page says about the open database's log: read with it (how many
 * commits), or in WAL mode and opened alone (changes may be missing, and how
 * to include them); null for a database in rollback mode.
 *
 * @example walNotice('shop.sqlite', { read: false, commits: 0, pages: 0, leftOut: 0, ignored: null }, 0);
 * // 'shop.sqlite shows no tables. It is in WAL mode and was opened without its -wal …'
 */
export function walNotice(name: string, wal: WalReport | null, tables: number): string | null {
  if (wal === null) return null;
  if (wal.read) return walWords(name, wal);
  const empty = tables === 0 ? `${name} shows no tables. ` : '';
  return `${empty}It is in WAL mode and was opened without its -wal, so it is read as of its last checkpoint: changes committed since may sit in ${name}-wal, beside it, and are not shown. To include them, open both files together (choose both in the file picker, or drop both on the page).`;
}
