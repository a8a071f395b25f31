/**
 * The one interface of the SQL worker, used on both sides: the worker entry
 * exposes `createSqlWorkerApi(ready)`, the pool holds `Remote<SqlWorkerApi>`.
 * It is derived from SqlRunner (each method made async), so the two cannot
 * drift apart; expected failures cross as `{ok: false, error}` values. The
 * one change: execBatch's `report` callback becomes a port the worker posts
 * `[index, outcome]` to, one message per query and no answer awaited.
 */
import type { ExecOutcome } from '../../core/exec/types.ts';
import type { SqlRunner } from './runner.ts';

/** Every method of T, returning a Promise of what it returned. */
type Async<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };

/** Where a batch's outcomes go: a MessagePort (transferred to the worker) or anything that posts like one. */
export interface BatchReports {
  postMessage(message: BatchReport): void;
}

/** One finished query of a batch: its position in the batch and its outcome. */
export type BatchReport = readonly [index: number, outcome: ExecOutcome];

/** What a SQL worker exposes through comlink. */
export type SqlWorkerApi = Async<Omit<SqlRunner, 'execBatch'>> & {
  /** SqlRunner.execBatch, each report posted to `reports`. */
  execBatch(key: string, sqls: readonly string[], rowCap: number | undefined, reports: BatchReports, fingerprint?: boolean): Promise<number>;
};

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
    check: async (key) => (await ready).check(key),
    memory: async (key) => (await ready).memory(key),
    schema: async (key) => (await ready).schema(key),
    exec: async (key, sql, rowCap, fingerprint) => (await ready).exec(key, sql, rowCap, fingerprint),
    execBatch: async (key, sqls, rowCap, reports, fingerprint) => (await ready).execBatch(key, sqls, rowCap, (i, out) => reports.postMessage([i, out]), fingerprint),
    normalizedSql: async (key, sql) => (await ready).normalizedSql(key, sql),
    close: async (key) => (await ready).close(key),
  };
}
