/**
 * In-thread stand-ins for SQL workers, to test the pool's queue without
 * threads: each fake wraps its own real runner behind the real worker API,
 * counts exec calls per SQL (batched ones too), takes the positions of a
 * shared list it claims, never answers `HANG`, and can be made to crash.
 * Like a real worker, a fake that was terminated or crashed never answers again.
 */
import type { Remote } from 'comlink';
import { markStarted, nextPosition, type BatchProgress, type BatchReports, type Claim, type SqlWorkerApi } from '../../../src/engines/sql/api.ts';
import { createSqlWorkerApi } from '../../../src/engines/sql/worker/worker-api.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlWorkerHandle } from '../../../src/engines/sql/pool/slot.ts';

export const HANG = 'SELECT 0 /* hang */';

export interface FakeWorker extends SqlWorkerHandle {
  crash(reason?: string): void;
  readonly terminated: boolean;
}

export function fakeWorkers(options: { crashOnStart?: boolean } = {}) {
  const execs = new Map<string, number>();
  const workers: FakeWorker[] = [];
  const spawn = (): FakeWorker => {
    let gone = false;
    let terminated = false;
    const callbacks: ((reason: string) => void)[] = [];
    const real = createSqlWorkerApi(loadSqlRunner());
    const never = new Promise<never>(() => undefined);
    let reports: BatchReports | undefined;
    let progress: BatchProgress | undefined;
    const guard =
      <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
      (...a: A): Promise<R> =>
        gone ? never : f(...a).then((r) => (gone ? never : r));
    const api: SqlWorkerApi = {
      open: guard(real.open),
      openRead: guard(real.openRead),
      check: guard(real.check),
      memory: guard(real.memory),
      schema: guard(real.schema),
      normalizedSql: guard(real.normalizedSql),
      execChunks: guard(real.execChunks),
      close: guard(real.close),
      exec: guard(async (key: string, sql: string, rowCap?: number) => {
        execs.set(sql, (execs.get(sql) ?? 0) + 1);
        return sql === HANG ? never : real.exec(key, sql, rowCap);
      }),
      reportTo: guard(async (port: BatchReports, record?: BatchProgress) => void ((reports = port), (progress = record))),
      // Like a worker: runs every position in turn, or the ones it claims; writes each query's start to the
      // progress record; reports each query on its port as it ends; a hung or gone one stops the batch for good.
      execBatch: guard(async (key: string, sqls: readonly string[], rowCap: number | undefined, batch: number, _extras?: unknown, claim?: Claim) => {
        let count = 0;
        for (let i = nextPosition(claim, -1); i < sqls.length; i = nextPosition(claim, i)) {
          const sql = sqls[i]!;
          if (progress !== undefined) markStarted(progress, i);
          await Promise.resolve();
          if (gone) return never;
          execs.set(sql, (execs.get(sql) ?? 0) + 1);
          if (sql === HANG) return never;
          reports?.postMessage({ batch, reports: [[i, await real.exec(key, sql, rowCap)]] });
          count += 1;
        }
        return { count, reports: [] };
      }),
    };
    const worker: FakeWorker = {
      api: api as unknown as Remote<SqlWorkerApi>,
      terminate() {
        gone = true;
        terminated = true;
      },
      onCrash: (cb) => void callbacks.push(cb),
      crash(reason = 'simulated crash') {
        if (gone) return;
        gone = true;
        for (const cb of callbacks) cb(reason);
      },
      get terminated() {
        return terminated;
      },
    };
    workers.push(worker);
    if (options.crashOnStart) queueMicrotask(() => worker.crash('cannot start'));
    return worker;
  };
  return { spawn, execs, workers };
}
