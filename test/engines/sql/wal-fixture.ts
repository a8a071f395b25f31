/**
 * WAL databases written by native SQLite (better-sqlite3) for the tests: a
 * copy of the database and its -wal taken while the writer holds them open
 * (as a running app leaves them, or a backup taken with its -wal), what
 * SQLite itself reads from such a copy, and the files' fingerprints.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** Every table's rows in rowid order, by table name, as plain values (blobs as hex). */
export type Dump = Record<string, unknown[][]>;

const plain = (v: unknown): unknown => (v instanceof Uint8Array ? `x'${Buffer.from(v).toString('hex')}'` : typeof v === 'bigint' ? Number(v) : v);

const quote = (name: unknown): string => `"${String(name).replace(/"/g, '""')}"`;

/** Dumps through any `all(sql)` (better-sqlite3, or the runner under test); a blob as its first 64 bytes in hex and its length. */
export function dumpWith(all: (sql: string) => unknown[][]): Dump {
  const out: Dump = {};
  for (const [name] of all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
    const columns = all(`SELECT name FROM pragma_table_info(${`'${String(name).replace(/'/g, "''")}'`})`).map(([c]) => quote(c));
    const cells = columns.map((c) => `CASE typeof(${c}) WHEN 'blob' THEN hex(substr(${c}, 1, 64)) || '/' || length(${c}) ELSE ${c} END`);
    out[String(name)] = all(`SELECT ${cells.join(', ')} FROM ${quote(name)} ORDER BY rowid`).map((r) => r.map(plain));
  }
  return out;
}

const nativeAll =
  (db: Database.Database) =>
  (sql: string): unknown[][] =>
    db.prepare(sql).raw().all() as unknown[][];

/**
 * Writes a WAL database at `dir/name` with `write` (autocheckpoint off), and
 * copies it and its -wal to `dir/copy-<name>` and `…-wal` while the writer
 * still has them open. Returns the copy's path and what the writer saw.
 */
export function walCopy(dir: string, name: string, write: (db: Database.Database) => void, options: { pageSize?: number } = {}): { path: string; seen: Dump } {
  const live = join(dir, name);
  const db = new Database(live);
  if (options.pageSize) db.pragma(`page_size = ${options.pageSize}`);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  write(db);
  const path = join(dir, `copy-${name}`);
  copyFileSync(live, path);
  if (existsSync(`${live}-wal`)) copyFileSync(`${live}-wal`, `${path}-wal`);
  const seen = dumpWith(nativeAll(db));
  db.close();
  return { path, seen };
}

/** What native SQLite reads from the pair at `path` (opened from a scratch copy, which SQLite may recover and checkpoint). */
export function sqliteReads(path: string): Dump {
  const scratch = mkdtempSync(join(tmpdir(), 'confide-wal-oracle-'));
  try {
    const copy = join(scratch, 'db');
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    const db = new Database(copy);
    try {
      return dumpWith(nativeAll(db));
    } finally {
      db.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** sha-256 and mtime of the database and its -wal (absent ones as null). */
export function fingerprints(path: string): Record<string, { sha256: string; mtimeMs: number } | null> {
  const one = (p: string) => (existsSync(p) ? { sha256: createHash('sha256').update(readFileSync(p)).digest('hex'), mtimeMs: statSync(p).mtimeMs } : null);
  return { main: one(path), wal: one(`${path}-wal`), shm: one(`${path}-shm`) };
}
