/**
 * The one interface of the SQL worker, used on both sides: the worker entry
 * exposes `createSqlWorkerApi(ready)` (worker/worker-api.ts), the pool holds `Remote<SqlWorkerApi>`.
 * It is derived from SqlRunner (each method made async), so the two cannot
 * drift apart; expected failures cross as `{ok: false, error}` values. The
 * one change: execBatch's `report` callback becomes the worker's report
 * port, given once (`reportTo`), to which it posts lists of
 * `[index, outcome]` tagged with the batch's number, no answer awaited: one
 * per query, or, when the pool also gave a shared progress record
 * (BatchProgress), the outcomes of a few milliseconds at a time, since the
 * record already tells the pool which query runs and since when; then the
 * outcomes not posted yet come back with the batch's answer. One port and
 * one record per worker, not per batch: a batch costs one message each way.
 */
import type { ExecOutcome } from '../../core/exec/types.ts';
import type { DbSource } from './source.ts';
import type { ExecExtras, OpenCheck, SchemaOutcome, SqlRunner } from './types.ts';

/** Every method of T, returning a Promise of what it returned. */
type Async<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };

/** Where a batch's outcomes go: a MessagePort (transferred to the worker) or anything that posts like one. */
export interface BatchReports {
  postMessage(message: BatchMessage): void;
}

/** One finished query of a batch: its position in the batch and its outcome. */
export type BatchReport = readonly [index: number, outcome: ExecOutcome];

/** One message on a worker's report port: finished queries of batch number `batch`, in order. */
export interface BatchMessage {
  readonly batch: number;
  readonly reports: readonly BatchReport[];
}

/** execBatch's answer: how many queries ran, and the outcomes not posted on the port (the last few, in order). */
export interface BatchAnswer {
  readonly count: number;
  readonly reports: readonly BatchReport[];
}

/** Where a worker's batches report while they run (see SqlWorkerApi.reportTo). */
export interface BatchLane {
  readonly reports?: BatchReports;
  readonly progress?: BatchProgress;
}

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
 * A list several workers share (runMany's `claim` sharing): `owners[p]` is 0
 * until a worker takes position p by writing its lane's number there with
 * one compare-and-swap, so each position is taken once however the workers
 * race, and the pool knows which lane took which.
 */
export interface Claim {
  readonly owners: Int32Array;
  /** This batch's lane number (never 0). */
  readonly lane: number;
}

/**
 * Takes the first free position at or after `from` for the claim's lane;
 * the list's length when none is left.
 *
 * @example
 * claimNext({ owners, lane: 2 }, 0) // 0, then claimNext(…, 1) → 1, or 2 if another lane took 1
 */
export function claimNext(claim: Claim, from: number): number {
  const { owners, lane } = claim;
  for (let p = Math.max(0, from); p < owners.length; p++) if (Atomics.compareExchange(owners, p, 0, lane) === 0) return p;
  return owners.length;
}

/**
 * A fresh progress record (one per worker), or undefined where shared memory
 * is not available (a page without cross-origin isolation): the worker then
 * posts every outcome at once.
 *
 * @example
 * const progress = batchProgress(); // { index, since } in Node
 */
export function batchProgress(): BatchProgress | undefined {
  if (!sharesMemory()) return undefined;
  const shared = new SharedArrayBuffer(16);
  return { index: new Int32Array(shared, 0, 1), since: new BigInt64Array(shared, 8, 1) };
}

/** Whether threads can share memory here (SharedArrayBuffer; in a browser, only on a cross-origin-isolated page). */
export const sharesMemory = (): boolean =>
  typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;

/** The epoch time in whole microseconds, the same clock in every thread. */
export const epochMicros = (): bigint => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000));

/** Writes to the progress record that query `i` of the batch starts now. */
export function markStarted(progress: BatchProgress, i: number): void {
  Atomics.store(progress.since, 0, epochMicros());
  Atomics.store(progress.index, 0, i);
}

/** When the query the progress record names started, in this thread's performance.now() (0 or less: none yet). */
export const startedAt = (progress: BatchProgress): number => Number(Atomics.load(progress.since, 0)) / 1000 - performance.timeOrigin;

/**
 * The position a batch runs after `after` (-1 at the start): the next one, or
 * with `claim` the next one it takes (claimNext); the list's length or more
 * when none is left.
 *
 * @example
 * nextPosition(undefined, 2) // 3
 */
export const nextPosition = (claim: Claim | undefined, after: number): number => (claim === undefined ? after + 1 : claimNext(claim, after + 1));

/**
 * execChunks's answer across the worker boundary: how many chunks were posted
 * on the report port, the chunks not posted (all of them when the worker has
 * no port), and the rest of the rows or the failure.
 */
export interface ChunksReply {
  readonly posted: number;
  readonly held: readonly BatchReport[];
  readonly last: ExecOutcome;
}

/** What a SQL worker exposes through comlink. */
export type SqlWorkerApi = Async<Omit<SqlRunner, 'execBatch' | 'execChunks'>> & {
  /** SqlRunner.open, then (when it opened) SqlRunner.schema, in one round trip: the open's failure (with its `ms`), or the schema's outcome. */
  openRead(key: string, source: DbSource, check?: OpenCheck): Promise<SchemaOutcome>;
  /** Once per worker, before its first batch: the port its batches post outcomes to, and the shared record they write each query's start to. */
  reportTo(reports: BatchReports, progress?: BatchProgress): Promise<void>;
  /**
   * SqlRunner.execBatch as batch number `batch`, reporting on the lane set by
   * reportTo (see execBatchReporting); without one, every outcome comes back
   * with the answer. With `claim`, it runs only the positions it claims.
   */
  execBatch(key: string, sqls: readonly string[], rowCap: number | undefined, batch: number, extras?: ExecExtras, claim?: Claim): Promise<BatchAnswer>;
  /**
   * SqlRunner.execChunks as batch number `batch`: each full chunk is posted on
   * the report port set by reportTo as `[i, chunk]` the moment it is read (no
   * answer awaited), so the pool has it while the statement goes on.
   */
  execChunks(key: string, sql: string, chunkRows: number, rowCap: number, batch: number): Promise<ChunksReply>;
};
