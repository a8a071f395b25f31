/**
 * Writes demo rows into a fresh SQLite database with sql.js and returns the
 * file bytes. Foreign keys are enforced while inserting, so a generator bug
 * that breaks a reference fails the build instead of shipping.
 */
import initSqlJs from 'sql.js';
import { DEMO_DDL, DEMO_TABLES } from './schema.ts';
import type { DemoRows } from './rows.ts';

type Value = string | number | null;

/**
 * The database file for `rows`: schema from {@link DEMO_DDL}, tables filled
 * in {@link DEMO_TABLES} order inside one transaction, then `db.export()`.
 *
 * @example
 * const bytes = await writeDemoDatabase(generateDemo());
 * new TextDecoder().decode(bytes.subarray(0, 15)); // 'SQLite format 3'
 */
export async function writeDemoDatabase(rows: DemoRows): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  try {
    db.run('PRAGMA foreign_keys = ON');
    for (const ddl of DEMO_DDL) db.run(ddl);
    db.run('BEGIN');
    for (const table of DEMO_TABLES) {
      const records: readonly Readonly<Record<string, Value>>[] = rows[table];
      const first = records[0];
      if (first === undefined) throw new RangeError(`demo table ${table} has no rows`);
      const columns = Object.keys(first);
      const stmt = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const record of records) stmt.run(columns.map((c) => record[c] ?? null));
      stmt.free();
    }
    db.run('COMMIT');
    const broken = db.exec('PRAGMA foreign_key_check');
    if (broken.length > 0) throw new Error(`demo rows break ${broken[0]?.values.length} foreign keys`);
    return db.export();
  } finally {
    db.close();
  }
}
