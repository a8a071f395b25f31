/**
 * Initialises sql.js and builds a runner over it. In Node (tests, CLI) sql.js
 * finds its wasm in node_modules by itself; in the browser pass the wasm's
 * URL (`sql.js/dist/sql-wasm.wasm?url`). load-with.ts does the same with an
 * init function the caller loaded (the Node worker).
 */
import initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';
import type { SqlRunner } from '../types.ts';
import { initSqlJsWith, loadSqlRunnerWith, type InitSqlJs, type LoadSqlOptions } from './load-with.ts';

export type { LoadSqlOptions } from './load-with.ts';

/**
 * Loads sql.js once per call.
 *
 * @example
 * const SQL = await loadSqlJs(); // Node
 * const SQL2 = await loadSqlJs(wasmUrl); // browser
 */
export function loadSqlJs(wasmUrl?: string, wasmModule?: WebAssembly.Module): Promise<SqlJsStatic> {
  return initSqlJsWith(initSqlJs as InitSqlJs, wasmUrl, wasmModule);
}

/**
 * A ready runner: sql.js loaded, no database open yet.
 *
 * @example
 * const runner = await loadSqlRunner();
 * runner.open('demo', bytes);
 */
export function loadSqlRunner(options: LoadSqlOptions = {}): Promise<SqlRunner> {
  return loadSqlRunnerWith(initSqlJs as InitSqlJs, options);
}
