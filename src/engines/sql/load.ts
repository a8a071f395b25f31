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
  /**
   * sql-wasm.wasm already compiled (e.g. once by the thread that starts the
   * workers, and posted to each): instantiated instead of fetched and
   * compiled again, so every worker shares one compiled and optimised copy.
   */
  readonly wasmModule?: WebAssembly.Module;
}

/**
 * Loads sql.js once per call.
 *
 * @example
 * const SQL = await loadSqlJs(); // Node
 * const SQL2 = await loadSqlJs(wasmUrl); // browser
 */
export function loadSqlJs(wasmUrl?: string, wasmModule?: WebAssembly.Module): Promise<SqlJsStatic> {
  if (wasmModule !== undefined) {
    // Emscripten's hook: instantiate the given module with its imports, hand back the instance.
    const instantiateWasm = (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void): object => {
      void WebAssembly.instantiate(wasmModule, imports).then(receive);
      return {};
    };
    return initSqlJs({ instantiateWasm } as Parameters<typeof initSqlJs>[0]);
  }
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
  return createSqlRunner(await loadSqlJs(options.wasmUrl, options.wasmModule), options);
}
