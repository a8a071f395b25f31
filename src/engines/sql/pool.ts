/**
 * The SQL worker pool's public face (see pool-types.ts for the contract):
 * turns calls into scheduler jobs, keeps the open databases (their bytes,
 * versions and recency), and maps timeouts and crashes to ExecErrors;
 * runMany pipelines its queries in batches (batch.ts).
 * Browser and Node differ only in the spawn factory.
 */
import type { Remote } from 'comlink';
import { DEFAULT_ROW_CAP, DEFAULT_TIMEOUT_MS, type ExecError, type ExecOutcome } from '../../core/exec/types.ts';
import { sharesMemory, type SqlWorkerApi } from './api.ts';
import { batchCount, runBatched } from './batch.ts';
import { failureOf, type CallContext } from './pool-failures.ts';
import type { SqlOpenOptions, SqlPool, SqlPoolOptions, StreamOutcome } from './pool-types.ts';
import { describeSource, isLazySource, type DbSource } from './lazy-file.ts';
import type { CheckOutcome, MemoryReport, OpenOutcome, SchemaOutcome } from './runner.ts';
import { createScheduler, type Job } from './scheduler.ts';
import { sent, type CallResult, type ReportLane, type WorkerSlot } from './slot.ts';
import { streamCall } from './stream.ts';

/** Rows per chunk of SqlPool.stream by default. */
const DEFAULT_CHUNK_ROWS = 5000;

/** A TOO_LARGE answer means the worker's WebAssembly memory may have grown by hundreds of MB, for good. */
const grewMemory = (out: ExecOutcome): boolean => !out.ok && out.error.code === 'TOO_LARGE';

const isBlob = (x: unknown): x is Blob => typeof Blob !== 'undefined' && x instanceof Blob;

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
  if (share === 'claim' && !sharesMemory()) throw new RangeError("share: 'claim' needs memory shared between threads (SharedArrayBuffer; in a browser, a cross-origin-isolated page)");
  if (!Number.isInteger(batchesPerWorker) || batchesPerWorker < 1) throw new RangeError(`batchesPerWorker must be a positive integer, got ${batchesPerWorker}`);
  const scheduler = createScheduler(options.spawn, size, openTimeoutMs);
  const recency: string[] = []; // open keys, least recently used first
  const generation = new Map<string, number>(); // bumped by every open and close of a key
  let versions = 0;

  const touch = (key: string): void => {
    const at = recency.indexOf(key);
    if (at >= 0) recency.splice(at, 1);
    recency.push(key);
  };

  const forget = (key: string): void => {
    generation.set(key, (generation.get(key) ?? 0) + 1);
    const at = recency.indexOf(key);
    if (at >= 0) recency.splice(at, 1);
    scheduler.forget(key);
  };

  /** Queues one call; resolves with its value or `onFailure(error)`, rejects on abort or a thrown bug. */
  function submit<T>(
    key: string | null,
    ctx: CallContext,
    call: (api: Remote<SqlWorkerApi>, rearm: () => void, lane: ReportLane) => Promise<T>,
    onFailure: (error: ExecError, ms: number | undefined) => T,
    signal?: AbortSignal,
    onSettled?: (r: CallResult<unknown>, slot: WorkerSlot | null) => void,
    retire?: (value: T) => boolean,
  ): Promise<T> {
    if (scheduler.closed) return Promise.reject(new Error('the SQL pool was terminated; create a new one'));
    if (key !== null) {
      if (!scheduler.has(key)) return Promise.reject(new RangeError(`no database is open under key "${key}"; call open first`));
      touch(key);
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const onAbort = (): void => {
        if (scheduler.withdraw(job)) job.settle({ kind: 'aborted', reason: signal?.reason }, null);
      };
      const job: Job = {
        key,
        ...(ctx.opens === undefined ? {} : { opens: ctx.opens }),
        timeoutMs: ctx.timeoutMs,
        ...(signal === undefined ? {} : { signal }),
        ...(retire === undefined ? {} : { retire: (v: unknown) => retire(v as T) }),
        call,
        settle(r, slot) {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          onSettled?.(r, slot);
          if (r.kind === 'ok') resolve(r.value as T);
          else if (r.kind === 'aborted') reject(r.reason);
          else if (r.kind === 'threw') reject(r.error);
          else resolve(onFailure(failureOf(r, ctx), 'ms' in r ? r.ms : undefined));
        },
      };
      if (signal?.aborted) return job.settle({ kind: 'aborted', reason: signal.reason }, null);
      signal?.addEventListener('abort', onAbort, { once: true });
      scheduler.submit(job);
    });
  }

  /** SqlPool.open: with `schema: false` it answers an OpenOutcome, else a SchemaOutcome. */
  function open(key: string, source: DbSource, options: SqlOpenOptions & { readonly schema: false }): Promise<OpenOutcome>;
  function open(key: string, source: DbSource, options?: SqlOpenOptions): Promise<SchemaOutcome>;
  function open(key: string, source: DbSource, openOptions: SqlOpenOptions = {}): Promise<SchemaOutcome | OpenOutcome> {
    const lazy = source instanceof Uint8Array ? false : isLazySource(source) && (isBlob(source) || typeof (source as { path?: unknown }).path === 'string');
    if (!(source instanceof Uint8Array) && !lazy) return Promise.reject(new RangeError('open needs the file as a Uint8Array, a File/Blob or { path }'));
    const held = source instanceof Uint8Array ? source.slice() : source; // a file read on demand is never copied
    const gen = (generation.get(key) ?? 0) + 1;
    generation.set(key, gen);
    const version = (versions += 1);
    // Loaded, header checked and schema read (unless `schema: false`), in one round trip; damage met later is
    // CORRUPT then (`check` for the whole file).
    const started = performance.now();
    const withSchema = openOptions.schema !== false;
    const call = (api: Remote<SqlWorkerApi>): Promise<SchemaOutcome | OpenOutcome> => (withSchema ? api.openRead(key, sent(held), 'header') : api.open(key, sent(held), 'header'));
    let answered = false;
    const record = (r: CallResult<unknown>, slot: WorkerSlot | null): void => {
      answered = true;
      if (r.kind !== 'ok' || !(r.value as SchemaOutcome | OpenOutcome).ok || generation.get(key) !== gen) {
        slot?.drop(key); // its worker may hold a superseded copy
        scheduler.abandon(key, version);
        return;
      }
      if (!scheduler.has(key) && recency.length >= maxOpen) forget(recency[0]!);
      touch(key);
      scheduler.remember(key, held, version, slot);
    };
    const name = openOptions.name ?? (source instanceof Uint8Array ? key : describeSource(source));
    const ctx = { what: `opening "${name}"`, timeoutMs: openTimeoutMs, opens: key };
    const opened = submit<SchemaOutcome | OpenOutcome>(null, ctx, call, (error, ms) => ({ ok: false, error, ms: ms ?? performance.now() - started }), openOptions.signal, record);
    if (!answered) scheduler.preload(key, held, version); // the other idle workers load it meanwhile
    return opened;
  }

  const pool: SqlPool = {
    open,
    check(key, signal) {
      const started = performance.now();
      const ctx = { what: `checking the whole file of "${key}"`, timeoutMs: checkTimeoutMs };
      const onFailure = (error: ExecError, ms?: number): CheckOutcome => ({ ok: false, error, ms: ms ?? performance.now() - started });
      return submit<CheckOutcome>(key, ctx, (api) => api.check(key), onFailure, signal);
    },
    memory(key) {
      return submit<MemoryReport | null>(key, { what: 'reading memory use', timeoutMs }, (api) => api.memory(key), () => null);
    },
    schema(key) {
      const ctx = { what: `reading the schema of "${key}"`, timeoutMs: openTimeoutMs };
      return submit<SchemaOutcome>(key, ctx, (api) => api.schema(key), (error) => ({ ok: false, error }));
    },
    run(key, sql, opts = {}) {
      const started = performance.now();
      const ctx = { what: 'the query', timeoutMs: opts.timeoutMs ?? timeoutMs, sql };
      const onFailure = (error: ExecError, ms?: number): ExecOutcome => ({ ok: false, error, ms: ms ?? performance.now() - started });
      const call = (api: Remote<SqlWorkerApi>): Promise<ExecOutcome> => api.exec(key, sql, opts.rowCap ?? rowCap, opts.fingerprint ?? false, opts.normalize ?? false);
      return submit<ExecOutcome>(key, ctx, call, onFailure, opts.signal, undefined, grewMemory);
    },
    async runMany(key, sqls, opts = {}, onProgress) {
      if (scheduler.closed) throw new Error('the SQL pool was terminated; create a new one');
      if (!scheduler.has(key)) throw new RangeError(`no database is open under key "${key}"; call open first`);
      touch(key);
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
      return submit<StreamOutcome>(key, ctx, call, onFailure, opts.signal, undefined, (out) => !out.ok && out.error.code === 'TOO_LARGE');
    },
    normalizedSql(key, sql) {
      return submit<string | null>(key, { what: 'normalizing', timeoutMs, sql }, (api) => api.normalizedSql(key, sql), () => null);
    },
    async close(key) {
      forget(key);
    },
    terminate: () => scheduler.terminate(),
    stats: () => ({ ...scheduler.stats(), open: [...recency] }),
  };
  return pool;
}
