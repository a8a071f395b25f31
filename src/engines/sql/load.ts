/**
 * Initialises sql.js and builds a runner over it. In Node (tests, CLI, the
 * Node worker) sql.js finds its wasm in node_modules by itself; in the
 * browser pass the wasm's URL (`sql.js/dist/sql-wasm.wasm?url`).
 */
import initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';
import { createSqlRunner, type SqlRunner, type SqlRunnerOptions } from './runner.ts';

export interface LoadSqlOptions extends SqlRunnerOptions {
  /** Where sql-wasm.wasm lives; omit in Node. */
  readonly wasmUrl?: string;
}

/**
 * Loads sql.js once per call.
 *
 * @example
 * const SQL = await loadSqlJs(); // Node
 * const SQL2 = await loadSqlJs(wasmUrl); // browser
 */
export function loadSqlJs(wasmUrl?: string): Promise<SqlJsStatic> {
  return wasmUrl === undefined ? initSqlJs() : initSqlJs({ locateFile: () => wasmUrl });
}

/**
 * A ready runner: sql.js loaded, no database open yet.
 *
 * @example
 * const runner = await loadSqlRunner();
 * runner.open('demo', bytes);
 */
export async function loadSqlRunner(options: LoadSqlOptions = {}): Promise<SqlRunner> {
  return createSqlRunner(await loadSqlJs(options.wasmUrl), options);
}
