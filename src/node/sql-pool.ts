/**
 * The Node spawn factory for the SQL pool (CLI, tests): one worker_threads
 * worker running workers/sql.node.ts, as the CLI's bundle built it
 * (build/cli/sql.node.mjs), or from the sources through the
 * workers/sql.node.mjs bootstrap, which registers tsx inside the worker
 * (Node 20 ignores `--import tsx` in a Worker's execArgv), so the .ts entry
 * runs under plain Node and under vitest alike (see locations.ts). An `error`
 * event or an exit the pool did not ask for counts as a crash.
 */
import { readFileSync } from 'node:fs';
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import {
  IN_MEMORY_MAX_BYTES,
  createSqlPool,
  type DbSource,
  type OpenOutcome,
  type SchemaOutcome,
  type SqlPool,
  type SqlPoolOptions,
  type SqlWorkerApi,
  type SqlWorkerHandle,
} from '../engines/sql/index.ts';
import { execError } from '../core/exec/outcomes.ts';
import { kernelFileSystem, notAFile } from './file-kind.ts';
import { SQL_WORKER_ENTRY } from './locations.ts';
import { walBeside } from './wal-beside.ts';

let sqlWasm: WebAssembly.Module | undefined;
/**
 * sql.js's wasm, compiled once per process and posted to every worker: V8
 * shares one compiled copy (and the optimised code of its hot functions)
 * between threads, so a second or replacement worker starts warm.
 */
const compiledSqlWasm = (): WebAssembly.Module =>
  (sqlWasm ??= new WebAssembly.Module(readFileSync(createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm'))));

/** A Node SQL worker handle; `worker` is exposed for tests and diagnostics. */
export interface NodeSqlWorkerHandle extends SqlWorkerHandle {
  readonly worker: Worker;
}

export interface NodeSpawnOptions {
  /** V8 heap limits of each worker (a result that outgrows them kills the worker: WORKER_CRASHED). */
  readonly resourceLimits?: ResourceLimits;
  /** SQLite's hard_heap_limit in each worker, in bytes (default the runner's, 512 MiB). */
  readonly heapLimitBytes?: number;
}

/**
 * Starts one SQL worker thread.
 *
 * @example
 * const sqlPool = createSqlPool({ spawn: () => nodeSqlSpawn() });
 */
export function nodeSqlSpawn(options: NodeSpawnOptions = {}): NodeSqlWorkerHandle {
  const workerData = { sqlWasm: compiledSqlWasm(), ...(options.heapLimitBytes === undefined ? {} : { heapLimitBytes: options.heapLimitBytes }) };
  const worker = new Worker(SQL_WORKER_ENTRY, { workerData, ...(options.resourceLimits === undefined ? {} : { resourceLimits: options.resourceLimits }) });
  let stopped = false;
  const crashCallbacks: ((reason: string) => void)[] = [];
  const crash = (reason: string): void => {
    if (stopped) return;
    stopped = true;
    void worker.terminate();
    for (const cb of crashCallbacks) cb(reason);
  };
  worker.on('error', (e: Error) => crash(e.message));
  worker.on('exit', (code) => crash(`the worker thread exited with code ${code}`));
  return {
    worker,
    api: wrap<SqlWorkerApi>(nodeEndpoint(worker)),
    terminate() {
      stopped = true;
      void worker.terminate();
    },
    onCrash: (cb) => void crashCallbacks.push(cb),
  };
}

/**
 * A SQL pool of Node worker threads; size defaults to min(4, available cores).
 *
 * @example
 * const sqlPool = createNodeSqlPool({ timeoutMs: 5000 });
 * await sqlPool.open('concert_singer', bytes);
 * const out = await sqlPool.run('concert_singer', 'SELECT count(*) FROM singer');
 * sqlPool.terminate();
 */
export function createNodeSqlPool(options: Omit<SqlPoolOptions, 'spawn'> & NodeSpawnOptions = {}): SqlPool {
  const { resourceLimits, heapLimitBytes, ...rest } = options;
  const spawnOptions: NodeSpawnOptions = {
    ...(resourceLimits === undefined ? {} : { resourceLimits }),
    ...(heapLimitBytes === undefined ? {} : { heapLimitBytes }),
  };
  const spawn = (): NodeSqlWorkerHandle => nodeSqlSpawn(spawnOptions);
  return createSqlPool({ size: Math.min(4, availableParallelism()), ...rest, spawn });
}

/** Options of openDbFile. */
export interface OpenDbFileOptions {
  /** Files up to this size are copied into the workers; bigger ones are read on demand (default IN_MEMORY_MAX_BYTES). */
  readonly inMemoryMaxBytes?: number;
  /** Whether to read the schema (default true; see SqlOpenOptions.schema). */
  readonly schema?: boolean;
}

/**
 * Opens the SQLite file at `path` in the pool: a small file (up to
 * `inMemoryMaxBytes`) as bytes, a bigger one read on demand by each worker
 * (never copied, never written). Either way its header and schema are
 * checked (`sqlPool.check` reads the whole file). A `-wal` beside the file
 * (wal-beside.ts) is read with it, as SQLite reads it: its committed frames
 * over the file's pages (engines/sql/worker/wal.ts); neither file is
 * written. The path is resolved first,
 * so every worker reads the same file. What is not a regular file (a device,
 * FIFO, folder, or a file of a kernel file system such as /proc, whose size
 * says nothing) is NOT_SQLITE before a byte is read; a small file is read
 * from the descriptor that was checked, exactly the size it reports.
 *
 * @example
 * const sqlPool = createNodeSqlPool();
 * const opened = await openDbFile(sqlPool, 'big', '/data/archive.sqlite');
 */
export async function openDbFile(sqlPool: SqlPool, key: string, path: string, options: OpenDbFileOptions & { readonly schema: false }): Promise<OpenOutcome>;
export async function openDbFile(sqlPool: SqlPool, key: string, path: string, options?: OpenDbFileOptions): Promise<SchemaOutcome>;
export async function openDbFile(sqlPool: SqlPool, key: string, path: string, options: OpenDbFileOptions = {}): Promise<SchemaOutcome | OpenOutcome> {
  const name = basename(path);
  const refuse = (why: string): SchemaOutcome & OpenOutcome => ({
    ok: false,
    error: execError('NOT_SQLITE', `${name} ${why}; choose a SQLite database file.`),
    ms: 0,
  });
  let real: string;
  let handle;
  try {
    real = await realpath(path);
    // O_NONBLOCK: opening a FIFO would wait for a writer; it is refused below instead.
    handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    return refuse(`cannot be opened (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let source: DbSource;
  try {
    const stats = await handle.stat();
    const kind = notAFile(stats) ?? (kernelFileSystem(real) === null ? null : 'a file of a kernel file system');
    if (kind !== null) return refuse(`is ${kind}, not a database file`);
    const wal = await walBeside(real);
    if (wal !== null && 'refused' in wal) return refuse(wal.refused);
    // With its -wal, read together by the workers (the log's committed frames over the file's pages).
    if (wal !== null) source = { main: { path: real }, wal };
    else if (stats.size > (options.inMemoryMaxBytes ?? IN_MEMORY_MAX_BYTES)) source = { path: real };
    else {
      const bytes = new Uint8Array(stats.size);
      let done = 0;
      while (done < bytes.length) {
        const { bytesRead } = await handle.read(bytes, done, bytes.length - done, done);
        if (bytesRead === 0) break; // cut short since the stat: the header check says so
        done += bytesRead;
      }
      source = done === bytes.length ? bytes : bytes.subarray(0, done);
    }
  } finally {
    await handle.close();
  }
  return options.schema === false ? sqlPool.open(key, source, { name, schema: false }) : sqlPool.open(key, source, { name });
}
