/**
 * The SQL engine's face for the page, the CLI and Node's adapters: a pool of
 * SQL workers (pool/: the side that calls) and the types of what crosses to
 * them. What runs inside a worker (worker/: the sql.js runner, reading files on
 * demand) is imported by the worker entries themselves, so the page's bundle
 * never holds sql.js.
 */
export { createSqlPool } from './pool/pool.ts';
export { browserSqlSpawn } from './pool/browser-spawn.ts';
export { pooledDb } from './pool/pooled-db.ts';
export type {
  SqlOpenOptions,
  SqlPool,
  SqlPoolOptions,
  SqlPoolStats,
  SqlProgress,
  SqlRunOptions,
  SqlStreamOptions,
  StreamOutcome,
} from './pool/pool-types.ts';
export type { SqlSpawn, SqlWorkerHandle } from './pool/slot.ts';
export type { SqlWorkerApi } from './api.ts';
export type { CheckOutcome, MemoryReport, OpenCheck, OpenOutcome, SchemaOutcome, WalReport } from './types.ts';
export { IN_MEMORY_MAX_BYTES, type DbSource, type WithWal } from './source.ts';
export { walWords } from './wal-words.ts';
