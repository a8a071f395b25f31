/** Test helper: the demo database opened with sql.js, and a one-call query runner. */
import { readFileSync } from 'node:fs';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';

/** Opens a database file (default: the demo built by the global setup). */
export async function openDemo(path: string = DEMO_DB_PATH): Promise<Database> {
  const SQL = await initSqlJs();
  return new SQL.Database(readFileSync(path));
}

/** All rows of one statement, as arrays of values. */
export function rowsOf(db: Database, sql: string): SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}
