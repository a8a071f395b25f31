/**
 * A runner whose sql.js database can be read back as file bytes, so a test
 * can hash the database file itself after each statement (what a write, a
 * VACUUM or a header change would alter), not only what queries show.
 */
import { createHash } from 'node:crypto';
import type { Database, SqlJsStatic } from 'sql.js';
import { loadSqlJs } from '../../src/engines/sql/worker/load.ts';
import { createSqlRunner } from '../../src/engines/sql/worker/runner.ts';
import type { SqlRunner } from '../../src/engines/sql/types.ts';

/** sha-256 of bytes, hex. */
export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export interface InspectableRunner {
  readonly runner: SqlRunner;
  /**
   * sha-256 of the last opened database's file as SQLite holds it now.
   * sql.js's `export()` closes and reopens the connection, which resets
   * per-connection settings, so `PRAGMA query_only=ON` is set again after it,
   * as the runner set it on open.
   */
  fileHash(): string;
  /** The last opened sql.js Database itself (for a control that writes on purpose). */
  lastDatabase(): Database;
}

/**
 * A real runner (createSqlRunner over sql.js) that remembers the Database
 * objects it opens.
 *
 * @example
 * const { runner, fileHash } = await inspectableRunner();
 * runner.open('db', bytes);
 * const before = fileHash();
 */
export async function inspectableRunner(): Promise<InspectableRunner> {
  const SQL = await loadSqlJs();
  const opened: Database[] = [];
  class Remembered extends SQL.Database {
    constructor(data?: ArrayLike<number> | Buffer | null) {
      super(data);
      opened.push(this);
    }
  }
  const runner = createSqlRunner({ ...SQL, Database: Remembered } as SqlJsStatic);
  const last = (): Database => {
    const db = opened.at(-1);
    if (db === undefined) throw new RangeError('no database was opened');
    return db;
  };
  return {
    runner,
    lastDatabase: last,
    fileHash() {
      const db = last();
      const bytes = db.export();
      db.exec('PRAGMA query_only=ON');
      return sha256(bytes);
    },
  };
}
