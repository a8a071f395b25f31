/**
 * Writes a big SQLite database fast, for the open-path benchmark and tests:
 * `item(id INTEGER PRIMARY KEY, grp INTEGER, name TEXT, body BLOB)`, one row
 * per `rowBytes` (a zeroblob body, so SQLite writes pages without building
 * values), `grp = id % 100`, an index on grp, and ANALYZE'd or not. About
 * 10 s per GB on one core. To make one by hand:
 *
 *   npx tsx scripts/big-database.ts /tmp/big.sqlite 1024
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface BigDatabase {
  readonly path: string;
  readonly bytes: number;
  readonly rows: number;
}

/**
 * Writes about `megabytes` MiB at `path` (replacing it).
 *
 * @example
 * const big = writeBigDatabase('/tmp/big.sqlite', 300); // { path, bytes: ~315e6, rows: 307200 }
 */
export function writeBigDatabase(path: string, megabytes: number, options: { rowBytes?: number; index?: boolean } = {}): BigDatabase {
  const rowBytes = options.rowBytes ?? 1024;
  const rows = Math.ceil((megabytes * 2 ** 20) / rowBytes);
  const db = new Database(path);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec('DROP TABLE IF EXISTS item; CREATE TABLE item (id INTEGER PRIMARY KEY, grp INTEGER NOT NULL, name TEXT NOT NULL, body BLOB)');
    const body = Math.max(0, rowBytes - 100);
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO item SELECT i, i % 100, 'item ' || i, zeroblob(${body}) FROM n`,
    ).run(rows);
    if (options.index ?? true) db.exec('CREATE INDEX item_grp ON item(grp)');
  } finally {
    db.close();
  }
  return { path, bytes: statSync(path).size, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [path, mb] = process.argv.slice(2);
  if (path === undefined || mb === undefined) throw new Error('usage: npx tsx scripts/big-database.ts <path> <megabytes>');
  const t0 = performance.now();
  const made = writeBigDatabase(path, Number(mb));
  console.log(`${made.path}: ${(made.bytes / 2 ** 20).toFixed(0)} MiB, ${made.rows} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
