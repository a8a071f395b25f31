/**
 * Initialising sql.js with an init function the caller loaded: the Node
 * worker requires sql.js as the CommonJS it is (quicker to load than through
 * Node's ESM interop, which scans its source for exports); load.ts imports it
 * for everyone else.
 */
import type { SqlJsStatic } from 'sql.js';
import { createSqlRunner, type SqlRunnerOptions } from './runner.ts';
import type { SqlRunner } from '../types.ts';

/** sql.js's default export. */
export type InitSqlJs = (config?: object) => Promise<SqlJsStatic>;

export interface LoadSqlOptions extends SqlRunnerOptions {
  /** Where sql-wasm.wasm lives; omit in Node. */
  readonly wasmUrl?: string;
  /**
   * sql-wasm.wasm already compiled (e.g. once by the thread that starts the
   * workers, and posted to each): instantiated instead of fetched and
   * compiled again, so every worker shares one compiled and optimised copy.
   */
  readonly wasmModule?: WebAssembly.Module;
}

/**
 * Initialises sql.js through `initSqlJs`, with its wasm from `wasmModule`
 * (instantiated), `wasmUrl`, or where sql.js finds it by itself (Node).
 *
 * @example
 * const SQL = await initSqlJsWith(createRequire(import.meta.url)('sql.js'), undefined, compiled);
 */
export function initSqlJsWith(initSqlJs: InitSqlJs, wasmUrl?: string, wasmModule?: WebAssembly.Module): Promise<SqlJsStatic> {
  if (wasmModule !== undefined) {
    // Emscripten's hook: instantiate the given module with its imports, hand back the instance.
    const instantiateWasm = (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void): object => {
      void WebAssembly.instantiate(wasmModule, imports).then(receive);
      return {};
    };
    return initSqlJs({ instantiateWasm });
  }
  return wasmUrl === undefined ? initSqlJs() : initSqlJs({ locateFile: () => wasmUrl });
}

/**
 * A ready runner over sql.js initialised through `initSqlJs`.
 *
 * @example
 * const runner = await loadSqlRunnerWith(createRequire(import.meta.url)('sql.js'), { wasmModule });
 */
export async function loadSqlRunnerWith(initSqlJs: InitSqlJs, options: LoadSqlOptions = {}): Promise<SqlRunner> {
  return createSqlRunner(await initSqlJsWith(initSqlJs, options.wasmUrl, options.wasmModule), options);
}
