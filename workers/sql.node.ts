/**
 * Node worker_threads entry for the SQL runner (CLI and tests), started by
 * src/node/sql-pool.ts through workers/sql.node.mjs (which registers tsx).
 * Same API as workers/sql.worker.ts; the pool decides which databases stay
 * open, so the runner keeps them all. A database given as `{path}` is read
 * from disk on demand, read-only. sql.js's wasm arrives compiled in
 * `workerData.sqlWasm` (one compiled copy for every worker of the process);
 * sql.js's JavaScript is required as CommonJS.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createSqlWorkerApi } from '../src/engines/sql/worker/worker-api.ts';
import { loadSqlRunnerWith, type InitSqlJs } from '../src/engines/sql/worker/load-with.ts';
import { pathRandomAccess } from '../src/engines/sql/worker/node-file.ts';

if (parentPort === null) throw new Error('workers/sql.node.ts must run as a worker thread');
// The spawner posts sql.js's wasm compiled once for all its workers (see nodeSqlSpawn), and may set the heap limit.
const data = workerData as { sqlWasm?: WebAssembly.Module; heapLimitBytes?: number } | null;
const wasmModule = data?.sqlWasm;
const heapLimitBytes = data?.heapLimitBytes;
// sql.js is CommonJS: required as such, it loads without Node's ESM interop scanning its source.
const initSqlJs = createRequire(import.meta.url)('sql.js') as InitSqlJs;
expose(
  createSqlWorkerApi(
    loadSqlRunnerWith(initSqlJs, {
      maxOpen: Number.POSITIVE_INFINITY,
      openPath: pathRandomAccess,
      ...(wasmModule === undefined ? {} : { wasmModule }),
      ...(heapLimitBytes === undefined ? {} : { heapLimitBytes }),
    }),
  ),
  nodeEndpoint(parentPort),
);
