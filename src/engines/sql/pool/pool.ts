/**
 * The SQL worker pool's public face (see pool-types.ts for the contract):
 * turns calls into scheduler jobs, keeps the open databases (their bytes,
 * versions and recency), and maps timeouts and crashes to ExecErrors;
 * runMany pipelines its queries in batches (batch.ts). Its parts: the
 * open keys (open-keys.ts), the calls on an open database (pool-calls.ts),
 * one call as a job (submit.ts), opening (open-call.ts).
 * Browser and Node differ only in the spawn factory.
 */
import { DEFAULT_ROW_CAP, DEFAULT_TIMEOUT_MS } from '../../../core/exec/types.ts';
import { sharesMemory } from '../api.ts';
import { openCall } from './open-call.ts';
import { createOpenKeys } from './open-keys.ts';
import { checkCall, memoryCall, normalizedCall, runCall, runManyCall, schemaCall, streamRows, type PoolSettings, type PoolState } from './pool-calls.ts';
import type { SqlPool, SqlPoolOptions } from './pool-types.ts';
import { createScheduler } from './scheduler.ts';

const defaultSize = (): number => Math.max(1, Math.min(4, globalThis.navigator?.hardwareConcurrency ?? 1));

/**
 * Creates a pool and starts its workers.
 *
 * @example
 * const sqlPool = createSqlPool({ spawn: browserSqlSpawn, timeoutMs: 5000 });
 * const opened = await sqlPool.open('demo', bytes); // { ok: true, schema }
 * const outs = await sqlPool.runMany('demo', candidates.map((c) => c.sql));
 */
export function createSqlPool(options: SqlPoolOptions): SqlPool {
  const settings = poolSettings(options);
  const scheduler = createScheduler(options.spawn, settings.size, settings.openTimeoutMs);
  const keys = createOpenKeys(scheduler);
  const state: PoolState = { settings, scheduler, keys };
  return {
    open: openCall({ scheduler, keys, maxOpen: settings.maxOpen, openTimeoutMs: settings.openTimeoutMs }),
    check: (key, signal) => checkCall(state, key, signal),
    memory: (key) => memoryCall(state, key),
    schema: (key) => schemaCall(state, key),
    run: (key, sql, opts) => runCall(state, key, sql, opts),
    runMany: (key, sqls, opts, onProgress) => runManyCall(state, key, sqls, opts, onProgress),
    stream: (key, sql, opts, onChunk) => streamRows(state, key, sql, opts, onChunk),
    normalizedSql: (key, sql) => normalizedCall(state, key, sql),
    async close(key) {
      keys.forget(key);
    },
    terminate: () => scheduler.terminate(),
    stats: () => ({ ...scheduler.stats(), open: keys.list() }),
  };
}

/** The pool's settings from its options, defaults filled in; a RangeError for a size, share or batch count it cannot use. */
function poolSettings(options: SqlPoolOptions): PoolSettings {
  const size = options.size ?? defaultSize();
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, got ${size}`);
  const batchesPerWorker = options.batchesPerWorker ?? 1;
  const share = options.share ?? (sharesMemory() ? 'claim' : 'deal');
  if (share === 'claim' && !sharesMemory())
    throw new RangeError("share: 'claim' needs memory shared between threads (SharedArrayBuffer; in a browser, a cross-origin-isolated page)");
  if (!Number.isInteger(batchesPerWorker) || batchesPerWorker < 1) throw new RangeError(`batchesPerWorker must be a positive integer, got ${batchesPerWorker}`);
  return {
    size,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    rowCap: options.rowCap ?? DEFAULT_ROW_CAP,
    openTimeoutMs: options.openTimeoutMs ?? 30_000,
    checkTimeoutMs: options.checkTimeoutMs ?? 10 * 60_000,
    maxOpen: options.maxOpen ?? 4,
    batchesPerWorker,
    share,
  };
}
