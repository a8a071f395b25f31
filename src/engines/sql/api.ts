/**
 * The one interface of the SQL worker, used on both sides: the worker entry
 * exposes `createSqlWorkerApi(ready)`, the pool holds `Remote<SqlWorkerApi>`.
 * It is derived from SqlRunner (each method made async), so the two cannot
 * drift apart; expected failures cross as `{ok: false, error}` values. The
 * one change: execBatch's `report` callback becomes a port the worker posts
 * lists of `[index, outcome]` to, no answer awaited: one per query, or, when
 * the pool passes a shared progress record (BatchProgress), the outcomes of
 * a few milliseconds at a time, since the record already tells the pool
 * which query runs and since when.
 */
import type { ExecOutcome } from '../../core/exec/types.ts';
import type { DbSource } from './lazy-file.ts';
import type { ExecExtras, OpenCheck, SchemaOutcome, SqlRunner } from './runner.ts';

/** Every method of T, returning a Promise of what it returned. */
type Async<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };

/** Where a batch's outcomes go: a MessagePort (transferred to the worker) or anything that posts like one. */
export interface BatchReports {
  postMessage(message: BatchMessage): void;
}

/** One finished query of a batch: its position in the batch and its outcome. */
export type BatchReport = readonly [index: number, outcome: ExecOutcome];

/** One message on a batch's port: finished queries, in order. */
export type BatchMessage = readonly BatchReport[];

/**
 * Shared memory (a SharedArrayBuffer, where the platform has one) the worker
 * writes as each query of a batch starts: `index[0]` its position in the
 * batch, `since[0]` when it started, in microseconds of the Unix epoch
 * (`performance.timeOrigin + performance.now()`, comparable across threads).
 */
export interface BatchProgress {
  readonly index: Int32Array;
  readonly since: BigInt64Array;
}

/**
 * How long finished outcomes may wait in a worker that writes BatchProgress
 * before they are posted (they are posted before the next query starts once
 * this much time has passed since the last post, and at the batch's end).
 */
export const REPORT_EVERY_MS = 5;

/**
 * A fresh progress record for one batch, or undefined where shared memory is
 * not available (a page without cross-origin isolation): the worker then
 * posts every outcome at once.
 *
 * @example
 * const progress = batchProgress(); // { index, since } in Node
 */
export function batchProgress(): BatchProgress | undefined {
  if (typeof SharedArrayBuffer !== 'function' || (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === false) return undefined;
  const shared = new SharedArrayBuffer(16);
  return { index: new Int32Array(shared, 0, 1), since: new BigInt64Array(shared, 8, 1) };
}

/** The epoch time in whole microseconds, the same clock in every thread. */
export const epochMicros = (): bigint => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000));

/** What a SQL worker exposes through comlink. */
export type SqlWorkerApi = Async<Omit<SqlRunner, 'execBatch'>> & {
  /** SqlRunner.open, then (when it opened) SqlRunner.schema, in one round trip: the open's failure (with its `ms`), or the schema's outcome. */
  openRead(key: string, source: DbSource, check?: OpenCheck): Promise<SchemaOutcome>;
  /**
   * SqlRunner.execBatch, outcomes posted to `reports`; with `progress`, each
   * query's start is written there and outcomes are posted every
   * REPORT_EVERY_MS, else one message per query.
   */
  execBatch(key: string, sqls: readonly string[], rowCap: number | undefined, reports: BatchReports, extras?: ExecExtras, progress?: BatchProgress): Promise<number>;
};

/**
 * Runs a batch on a runner, posting its outcomes as SqlWorkerApi.execBatch says.
 *
 * @example
 * execBatchReporting(runner, 'db', sqls, 10_000, port, { fingerprint: true }, batchProgress());
 */
export function execBatchReporting(runner: SqlRunner, key: string, sqls: readonly string[], rowCap: number | undefined, reports: BatchReports, extras?: ExecExtras, progress?: BatchProgress): number {
  if (progress === undefined) return runner.execBatch(key, sqls, rowCap, (i, out) => reports.postMessage([[i, out]]), extras);
  let pending: BatchReport[] = [];
  let posted = performance.now();
  const started = (i: number): void => {
    Atomics.store(progress.since, 0, epochMicros());
    Atomics.store(progress.index, 0, i);
  };
  started(0);
  const n = runner.execBatch(key, sqls, rowCap, (i, out) => {
    pending.push([i, out]);
    const now = performance.now();
    if (now - posted >= REPORT_EVERY_MS || i === sqls.length - 1) {
      reports.postMessage(pending);
      pending = [];
      posted = now;
    }
    started(i + 1); // the next query starts now
  }, extras);
  if (pending.length > 0) reports.postMessage(pending);
  return n;
}

/**
 * Wraps a runner that is still loading (sql.js fetches and compiles its wasm)
 * so the worker can expose its API at once, before any message arrives, and
 * calls simply wait for the runner. A failed load rejects every call.
 *
 * @example
 * // workers/sql.worker.ts
 * expose(createSqlWorkerApi(loadSqlRunner({ wasmUrl })));
 */
export function createSqlWorkerApi(ready: Promise<SqlRunner>): SqlWorkerApi {
  return {
    open: async (key, source, check) => (await ready).open(key, source, check),
    openRead: async (key, source, check) => {
      const runner = await ready;
      const opened = runner.open(key, source, check);
      return opened.ok ? runner.schema(key) : opened;
    },
    check: async (key) => (await ready).check(key),
    memory: async (key) => (await ready).memory(key),
    schema: async (key) => (await ready).schema(key),
    exec: async (key, sql, rowCap, fingerprint, normalize) => (await ready).exec(key, sql, rowCap, fingerprint, normalize),
    execBatch: async (key, sqls, rowCap, reports, extras, progress) => execBatchReporting(await ready, key, sqls, rowCap, reports, extras, progress),
    normalizedSql: async (key, sql) => (await ready).normalizedSql(key, sql),
    close: async (key) => (await ready).close(key),
  };
}
