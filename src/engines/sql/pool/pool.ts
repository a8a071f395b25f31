/**
 * The SQL worker pool's public face (see pool-types.ts for the contract):
 * turns calls into scheduler jobs, keeps the open databases (their bytes,
 * versions and recency), and maps timeouts and crashes to ExecErrors;
 * runMany pipelines its queries in batches (batch.ts). Its parts: the
 * open keys (open-keys.ts), one call as a job (submit.ts), opening
 * (open-call.ts).
 * Browser and Node differ only in the spawn factory.
 */
import type { Remote } from 'comlink';
import { DEFAULT_ROW_CAP, DEFAULT_TIMEOUT_MS, type ExecError, type ExecOutcome } from '../../../core/exec/types.ts';
import { sharesMemory, type SqlWorkerApi } from '../api.ts';
import { batchCount, runBatched } from './batch.ts';
import type { CheckOutcome, MemoryReport, SchemaOutcome } from '../types.ts';
import { openCall } from './open-call.ts';
import { createOpenKeys } from './open-keys.ts';
import type { CallContext } from './pool-failures.ts';
import type { SqlPool, SqlPoolOptions, StreamOutcome } from './pool-types.ts';
import { createScheduler } from './scheduler.ts';
import { streamCall } from './stream.ts';
import { submitCall, type CallSpec } from './submit.ts';

/** Rows per chunk of SqlPool.stream by default. */
const DEFAULT_CHUNK_ROWS = 5000;

/** A TOO_LARGE answer means the worker's WebAssembly memory may have grown by hundreds of MB, for good. */
const grewMemory = (out: ExecOutcome | StreamOutcome): boolean => !out.ok && out.error.code === 'TOO_LARGE';

const defaultSize = (): number => Math.max(1, Math.min(4, globalThis.navigator?.hardwareConcurrency ?? 1));

/**
 * Creates a pool and starts its workers.
 *
 * @example
 * const pool = createSqlPool({ spawn: browserSqlSpawn, timeoutMs: 5000 });
 * const opened = await pool.open('demo', bytes); // { ok: true, schema }
 * const outs = await pool.runMany('demo', candidates.map((c) => c.sql));
 */
export function createSqlPool(options: SqlPoolOptions): SqlPool {
  const size = options.size ?? defaultSize();
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, got ${size}`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const rowCap = options.rowCap ?? DEFAULT_ROW_CAP;
  const openTimeoutMs = options.openTimeoutMs ?? 30_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 10 * 60_000;
  const maxOpen = options.maxOpen ?? 4;
  const batchesPerWorker = options.batchesPerWorker ?? 1;
  const share = options.share ?? (sharesMemory() ? 'claim' : 'deal');
  if (share === 'claim' && !sharesMemory())
    throw new RangeError("share: 'claim' needs memory shared between threads (SharedArrayBuffer; in a browser, a cross-origin-isolated page)");
  if (!Number.isInteger(batchesPerWorker) || batchesPerWorker < 1) throw new RangeError(`batchesPerWorker must be a positive integer, got ${batchesPerWorker}`);
  const scheduler = createScheduler(options.spawn, size, openTimeoutMs);
  const keys = createOpenKeys(scheduler);

  /** Queues one call on an open database (or none: `key` null). */
  function submit<T>(
    key: string | null,
    ctx: CallContext,
    call: CallSpec<T>['call'],
    onFailure: CallSpec<T>['onFailure'],
    signal?: AbortSignal,
    retire?: (value: T) => boolean,
  ): Promise<T> {
    if (scheduler.closed) return Promise.reject(new Error('the SQL pool was terminated; create a new one'));
    if (key !== null) {
      if (!scheduler.has(key)) return Promise.reject(new RangeError(`no database is open under key "${key}"; call open first`));
      keys.touch(key);
    }
    return submitCall(scheduler, { key, ctx, call, onFailure, signal, retire });
  }

  const pool: SqlPool = {
    open: openCall({ scheduler, keys, maxOpen, openTimeoutMs }),
    check(key, signal) {
      const started = performance.now();
      const ctx = { what: `checking the whole file of "${key}"`, timeoutMs: checkTimeoutMs };
      const onFailure = (error: ExecError, ms?: number): CheckOutcome => ({ ok: false, error, ms: ms ?? performance.now() - started });
      return submit<CheckOutcome>(key, ctx, (api) => api.check(key), onFailure, signal);
    },
    memory(key) {
      return submit<MemoryReport | null>(
        key,
        { what: 'reading memory use', timeoutMs },
        (api) => api.memory(key),
        () => null,
      );
    },
    schema(key) {
      const ctx = { what: `reading the schema of "${key}"`, timeoutMs: openTimeoutMs };
      return submit<SchemaOutcome>(
        key,
        ctx,
        (api) => api.schema(key),
        (error) => ({ ok: false, error }),
      );
    },
    run(key, sql, opts = {}) {
      const started = performance.now();
      const ctx = { what: 'the query', timeoutMs: opts.timeoutMs ?? timeoutMs, sql };
      const onFailure = (error: ExecError, ms?: number): ExecOutcome => ({ ok: false, error, ms: ms ?? performance.now() - started });
      const call = (api: Remote<SqlWorkerApi>): Promise<ExecOutcome> =>
        api.exec(key, sql, opts.rowCap ?? rowCap, opts.fingerprint ?? false, opts.normalize ?? false);
      return submit<ExecOutcome>(key, ctx, call, onFailure, opts.signal, grewMemory);
    },
    async runMany(key, sqls, opts = {}, onProgress) {
      if (scheduler.closed) throw new Error('the SQL pool was terminated; create a new one');
      if (!scheduler.has(key)) throw new RangeError(`no database is open under key "${key}"; call open first`);
      keys.touch(key);
      const total = sqls.length;
      return runBatched(scheduler, key, sqls, {
        timeoutMs: opts.timeoutMs ?? timeoutMs,
        rowCap: opts.rowCap ?? rowCap,
        ...(opts.fingerprint === undefined ? {} : { fingerprint: opts.fingerprint }),
        ...(opts.normalize === undefined ? {} : { normalize: opts.normalize }),
        share,
        batches: share === 'claim' ? size : batchCount(total, size, batchesPerWorker),
        ...(opts.signal === undefined ? {} : { signal: opts.signal }),
        retire: grewMemory,
        onOutcome: (done) => onProgress?.({ progress: done / total, text: `${done} of ${total} queries run`, done, total }),
      });
    },
    stream(key, sql, opts, onChunk) {
      const started = performance.now();
      const ctx = { what: 'reading the rows', timeoutMs: opts.timeoutMs ?? timeoutMs, sql };
      const onFailure = (error: ExecError, ms?: number): StreamOutcome => ({ ok: false, error, ms: ms ?? performance.now() - started });
      const call = streamCall(key, sql, opts.chunkRows ?? DEFAULT_CHUNK_ROWS, opts.rowCap ?? Number.POSITIVE_INFINITY, onChunk);
      return submit<StreamOutcome>(key, ctx, call, onFailure, opts.signal, grewMemory);
    },
    normalizedSql(key, sql) {
      return submit<string | null>(
        key,
        { what: 'normalizing', timeoutMs, sql },
        (api) => api.normalizedSql(key, sql),
        () => null,
      );
    },
    async close(key) {
      keys.forget(key);
    },
    terminate: () => scheduler.terminate(),
    stats: () => ({ ...scheduler.stats(), open: keys.list() }),
  };
  return pool;
}
