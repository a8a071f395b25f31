/**
 * Hostile database files, generated (never committed): empty, random bytes,
 * truncated, a wrong page size, WAL mode, encrypted-looking, thousands of
 * tables, a megabyte column name, an unknown collation, and a large database
 * of a chosen size. Tests call the functions; to try the files in the app by
 * hand, write them to a folder:
 *
 *   npx tsx scripts/hostile-files.ts <dir> [--large-mb 300]
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadSqlJs } from '../src/engines/sql/worker/load.ts';
import { createRng } from '../src/core/stats/rng.ts';

/** `n` pseudo-random bytes from a seed (splitmix32), the same on every run. */
export function seededBytes(n: number, seed: number): Uint8Array {
  const rng = createRng(seed);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 4) {
    const x = rng.nextUint32();
    out[i] = x & 0xff;
    out[i + 1] = (x >>> 8) & 0xff;
    out[i + 2] = (x >>> 16) & 0xff;
    out[i + 3] = x >>> 24;
  }
  return out;
}

/** A small valid database (4096-byte pages): `t(id, name)` with `rows` rows and an index. */
export async function smallDatabase(rows = 500): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE INDEX t_name ON t(name)');
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) INSERT INTO t SELECT i, 'name ' || i FROM n`);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** A copy of `bytes` whose header page size (offset 16, big-endian) says `value`. */
export function withPageSize(bytes: Uint8Array, value: number): Uint8Array {
  const out = bytes.slice();
  out[16] = (value >> 8) & 0xff;
  out[17] = value & 0xff;
  return out;
}

/** A copy with every byte after the 100-byte header replaced by seeded noise: SQLite's magic, unreadable pages. */
export function scrambledPages(bytes: Uint8Array, seed: number): Uint8Array {
  const out = bytes.slice();
  out.set(seededBytes(bytes.length - 100, seed), 100);
  return out;
}

/**
 * A real WAL-mode database written by SQLite in `dir`: `checkpointed` is the
 * main file after a full checkpoint (all data in it); `mainOnly` is a main
 * file whose rows still sit in its -wal file, which the caller does not get.
 */
export function walDatabases(dir: string): { checkpointed: Uint8Array; mainOnly: Uint8Array; rows: number } {
  const rows = 3;
  const write = (name: string, checkpoint: boolean): Uint8Array => {
    const path = join(dir, name);
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE w (id INTEGER PRIMARY KEY, v TEXT)');
    const insert = db.prepare('INSERT INTO w (v) VALUES (?)');
    for (let i = 0; i < rows; i += 1) insert.run(`row ${i}`);
    if (checkpoint) db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = new Uint8Array(readFileSync(path)); // read while open: the -wal file still holds what is not checkpointed
    db.close();
    return bytes;
  };
  return { checkpointed: write('checkpointed.db', true), mainOnly: write('main-only.db', false), rows };
}

/** A database of `n` tables `t0 … t{n-1}`, each `(a INTEGER, b TEXT)` with one row. */
export async function manyTables(n: number): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  const parts = ['BEGIN;'];
  for (let i = 0; i < n; i += 1) parts.push(`CREATE TABLE t${i} (a INTEGER, b TEXT); INSERT INTO t${i} VALUES (${i}, 'v${i}');`);
  parts.push('COMMIT;');
  db.exec(parts.join(''));
  const bytes = db.export();
  db.close();
  return bytes;
}

/** A table `t` whose one column's name is `length` characters of `c`, with one row. */
export async function longColumnName(length: number): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec(`CREATE TABLE t ("${'c'.repeat(length)}" INTEGER); INSERT INTO t VALUES (42)`);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** A database whose schema names a collation no SQLite here has (`t.name` uses `NOSUCH`), as another tool might write it. */
export async function unknownCollation(): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE); INSERT INTO t VALUES (1, 'a'), (2, 'b')");
  db.exec("PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'NOCASE', 'NOSUCH') WHERE name = 't'");
  const bytes = db.export();
  db.close();
  return bytes;
}

/**
 * Writes a database of about `megabytes` MB at `path` with better-sqlite3:
 * `big(id, grp, label, payload)`, 1 kB text payloads, and an index on grp.
 * Returns its size in bytes and row count.
 */
export function writeLargeDatabase(path: string, megabytes: number): { bytes: number; rows: number } {
  const db = new Database(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec('CREATE TABLE big (id INTEGER PRIMARY KEY, grp INTEGER NOT NULL, label TEXT NOT NULL, payload TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO big (grp, label, payload) VALUES (?, ?, ?)');
  const rows = Math.ceil((megabytes * 1_000_000) / 1100);
  const payload = 'p'.repeat(1000);
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) insert.run(i % 100, `label ${i}`, payload);
  });
  for (let i = 0; i < rows; i += 50_000) batch(i, Math.min(rows, i + 50_000));
  db.exec('CREATE INDEX big_grp ON big(grp)');
  db.close();
  return { bytes: statSync(path).size, rows };
}

async function main(argv: readonly string[]): Promise<void> {
  const dir = argv[0];
  if (dir === undefined) throw new Error('usage: npx tsx scripts/hostile-files.ts <dir> [--large-mb N]');
  mkdirSync(dir, { recursive: true });
  const good = await smallDatabase();
  const files: Record<string, Uint8Array> = {
    'empty.sqlite': new Uint8Array(0),
    'random.sqlite': seededBytes(64 * 1024, 1),
    'truncated-header.sqlite': good.slice(0, 60),
    'truncated-pages.sqlite': good.slice(0, Math.floor(good.length / 2)),
    'page-size-1024.sqlite': withPageSize(good, 1024),
    'page-size-4097.sqlite': withPageSize(good, 4097),
    'encrypted-looking.sqlite': seededBytes(good.length, 2),
    'scrambled-pages.sqlite': scrambledPages(good, 3),
    'many-tables.sqlite': await manyTables(3000),
    'long-column-name.sqlite': await longColumnName(1 << 20),
    'unknown-collation.sqlite': await unknownCollation(),
  };
  const wal = walDatabases(dir);
  files['wal-checkpointed.sqlite'] = wal.checkpointed;
  files['wal-main-only.sqlite'] = wal.mainOnly;
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  const at = argv.indexOf('--large-mb');
  if (at >= 0) {
    const made = writeLargeDatabase(join(dir, 'large.sqlite'), Number(argv[at + 1]));
    process.stdout.write(`large.sqlite: ${made.bytes} bytes, ${made.rows} rows\n`);
  }
  process.stdout.write(`wrote ${Object.keys(files).length} hostile files to ${dir}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  await main(process.argv.slice(2));
}
