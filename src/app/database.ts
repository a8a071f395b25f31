/**
 * The database the page is working on: opened from a local file (picker or
 * drag and drop) or the bundled demo, always into the SQL worker pool. A
 * local file is read with the File API and handed to the workers as bytes;
 * nothing is sent anywhere. Listeners hear about every successful open.
 */
import type { ExecError } from '../core/exec/types.ts';
import type { Schema } from '../core/schema.ts';
import type { SqlPool } from '../engines/sql/pool-types.ts';

/** The open database. `key` names it in the pool; `dbId` is what candidate files call it. */
export interface OpenDatabase {
  readonly key: string;
  readonly name: string;
  readonly dbId: string;
  readonly schema: Schema;
  readonly bytes: number;
  readonly demo: boolean;
}

/** Why a database did not open: the pool's error, or the demo file could not be fetched. */
export type OpenError = ExecError | { readonly code: 'FETCH_FAILED'; readonly message: string };

export type OpenResult = { readonly ok: true; readonly db: OpenDatabase } | { readonly ok: false; readonly error: OpenError };

export interface DatabaseController {
  readonly current: OpenDatabase | null;
  /** Opens bytes under a display name; `dbId` defaults to the file name without extension. */
  openBytes(name: string, bytes: Uint8Array, options?: { dbId?: string; demo?: boolean }): Promise<OpenResult>;
  openFile(file: File): Promise<OpenResult>;
  /** Fetches and opens the bundled demo database (same origin, relative to the page). */
  openDemo(): Promise<OpenResult>;
  onChange(listener: (db: OpenDatabase) => void): void;
}

/** Relative URL of the bundled demo database, resolved against the page. */
export const DEMO_DB_URL = 'demo/database/demo/demo.sqlite';

/**
 * A controller over `pool`. Each open gets a fresh key, so an earlier file
 * with the same name is never confused with a new one.
 *
 * @example
 * const dbs = createDatabaseController(pool);
 * const r = await dbs.openDemo();
 * if (r.ok) console.log(r.db.schema.tables.length);
 */
export function createDatabaseController(pool: SqlPool): DatabaseController {
  let current: OpenDatabase | null = null;
  let opened = 0;
  const listeners: ((db: OpenDatabase) => void)[] = [];
  const controller: DatabaseController = {
    get current() {
      return current;
    },
    async openBytes(name, bytes, options = {}) {
      opened += 1;
      const key = `db${opened}`;
      const r = await pool.open(key, bytes);
      if (!r.ok) return r;
      if (current !== null) await pool.close(current.key);
      const dbId = options.dbId ?? name.replace(/\.[^.]*$/, '');
      current = { key, name, dbId, schema: r.schema, bytes: bytes.byteLength, demo: options.demo ?? false };
      for (const l of listeners) l(current);
      return { ok: true, db: current };
    },
    async openFile(file) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      return controller.openBytes(file.name, bytes);
    },
    async openDemo() {
      const url = new URL(DEMO_DB_URL, document.baseURI);
      const response = await fetch(url);
      if (!response.ok) {
        return { ok: false, error: { code: 'FETCH_FAILED', message: `The demo database could not be loaded (HTTP ${response.status} for ${url.pathname}); run "npm run demo:build".` } };
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      return controller.openBytes('demo.sqlite', bytes, { dbId: 'demo', demo: true });
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
  return controller;
}
