/**
 * The worker's side of the SQL worker interface (api.ts): a runner exposed as
 * SqlWorkerApi, with execBatch's outcomes posted on the worker's report port
 * as api.ts describes. workers/sql.worker.ts and workers/sql.node.ts expose it.
 */
import type { SqlRunner, ExecExtras } from '../types.ts';
import { markStarted, nextPosition, REPORT_EVERY_MS, type BatchAnswer, type BatchLane, type BatchReport, type Claim, type SqlWorkerApi } from '../api.ts';

/**
 * Runs batch number `batch` on a runner, reporting as SqlWorkerApi.execBatch
 * says: every position in turn, or with `claim` each one it takes
 * (claimNext) until none is left. With a progress record: each query's start
 * is written there, the outcomes finished are posted once REPORT_EVERY_MS has
 * passed since the last post and another query follows, and the rest come back
 * in the answer (a batch shorter than that posts nothing). With only a port:
 * each outcome is posted as it ends.
 *
 * @example
 * execBatchReporting(runner, 'db', sqls, 10_000, 7, { reports: port, progress }, { fingerprint: true }); // { count, reports: [[11, …]] }
 */
export function execBatchReporting(
  runner: SqlRunner,
  key: string,
  sqls: readonly string[],
  rowCap: number | undefined,
  batch: number,
  lane: BatchLane,
  extras?: ExecExtras,
  claim?: Claim,
): BatchAnswer {
  const { reports, progress } = lane;
  const take = (after: number): number => nextPosition(claim, after);
  let pending: BatchReport[] = [];
  if (progress === undefined || reports === undefined) {
    const count = runner.execBatch(
      key,
      sqls,
      rowCap,
      (i, out) => {
        if (reports === undefined) pending.push([i, out]);
        else reports.postMessage({ batch, reports: [[i, out]] });
      },
      extras,
      take,
    );
    return { count, reports: pending };
  }
  let posted = performance.now();
  const next = (after: number): number => {
    const i = take(after);
    if (i >= sqls.length) return i;
    const now = performance.now();
    if (pending.length > 0 && now - posted >= REPORT_EVERY_MS) {
      reports.postMessage({ batch, reports: pending });
      pending = [];
      posted = now;
    }
    markStarted(progress, i);
    return i;
  };
  const count = runner.execBatch(key, sqls, rowCap, (i, out) => void pending.push([i, out]), extras, next);
  return { count, reports: pending };
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
  let lane: BatchLane = {};
  return {
    reportTo: async (reports, progress) => void (lane = progress === undefined ? { reports } : { reports, progress }),
    open: async (key, source, check) => (await ready).open(key, source, check),
    openRead: async (key, source, check) => {
      const runner = await ready;
      const opened = runner.open(key, source, check);
      if (!opened.ok) return opened;
      const read = runner.schema(key);
      return read.ok && opened.wal !== undefined ? { ...read, wal: opened.wal } : read;
    },
    check: async (key) => (await ready).check(key),
    memory: async (key) => (await ready).memory(key),
    schema: async (key) => (await ready).schema(key),
    exec: async (key, sql, rowCap, fingerprint, normalize) => (await ready).exec(key, sql, rowCap, fingerprint, normalize),
    execBatch: async (key, sqls, rowCap, batch, extras, claim) => execBatchReporting(await ready, key, sqls, rowCap, batch, lane, extras, claim),
    execChunks: async (key, sql, chunkRows, rowCap, batch) => {
      const { reports } = lane;
      const held: BatchReport[] = [];
      const { chunks, last } = (await ready).execChunks(key, sql, chunkRows, rowCap, (i, chunk) => {
        if (reports === undefined) held.push([i, chunk]);
        else reports.postMessage({ batch, reports: [[i, chunk]] });
      });
      return { posted: chunks - held.length, held, last };
    },
    normalizedSql: async (key, sql) => (await ready).normalizedSql(key, sql),
    close: async (key) => (await ready).close(key),
  };
}
