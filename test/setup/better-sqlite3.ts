/**
 * Vitest global setup: better-sqlite3, with which tests write the SQLite
 * files sql.js cannot (WAL databases, big and hostile files) and check
 * results against native SQLite, is installed on demand, not by `npm ci`
 * (scripts/ensure-better-sqlite3.mjs). A no-op when the pinned version loads.
 */
import { ensureBetterSqlite3 } from '../../scripts/ensure-better-sqlite3.mjs';

export default function setup(): void {
  ensureBetterSqlite3();
}
