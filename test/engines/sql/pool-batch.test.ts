import type { Remote } from 'comlink';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchReport, BatchReports, SqlWorkerApi } from '../../../src/engines/sql/api.ts';
import { batchCount, batchesOf } from '../../../src/engines/sql/pool/batch.ts';
import { createSqlPool } from '../../../src/engines/sql/pool/pool.ts';
import type { SqlProgress } from '../../../src/engines/sql/pool/pool-types.ts';
import type { SqlWorkerHandle } from '../../../src/engines/sql/pool/slot.ts';
import { HANG, fakeWorkers } from './fake-spawn.ts';
import { fixtureBytes, queries, sleep, valuesOf } from './fixture.ts';

let bytes: Uint8Array;
beforeAll(async () => {
  bytes = await fixtureBytes();
});

// One worker, two batches per worker and nine queries: batches of five and four, so HANG is third in the first batch, with q3 and q4 after it.
const qs = queries(8);
const MIXED = [qs[0]!, qs[1]!, HANG, ...qs.slice(2)];
const PER_WORKER = 2;

describe('runMany in batches', () => {
  it('puts the hung query in the middle of a batch (the premise of the tests below)', () => {
    expect(batchCount(MIXED.length, 1, PER_WORKER)).toBe(2);
    expect(batchesOf(MIXED.length, 2)).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect(MIXED.indexOf(HANG)).toBe(2);
  });

  it('a runaway mid-batch: earlier outcomes kept, later ones run exactly once on the new worker, progress for each', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, share: 'deal', batchesPerWorker: PER_WORKER, spawn: fake.spawn, timeoutMs: 200 });
    await sqlPool.open('db', bytes);
    const progress: SqlProgress[] = [];
    const outs = await sqlPool.runMany('db', MIXED, {}, (p) => progress.push(p));
    expect(valuesOf(outs)).toEqual([1, 2, 'TIMEOUT', 3, 4, 5, 6, 7, 8]);
    const hung = outs[2]!;
    expect(!hung.ok && hung.error.sql).toBe(HANG);
    expect(hung.ms).toBeGreaterThanOrEqual(199);
    expect(hung.ms).toBeLessThan(200 + 1000);
    for (const q of MIXED) expect(fake.execs.get(q), q).toBe(1);
    expect(fake.workers.map((w) => w.terminated)).toEqual([true, false]);
    expect(sqlPool.stats()).toMatchObject({ respawns: 1, alive: 1, queued: 0 });
    expect(progress.map((p) => p.done)).toEqual(MIXED.map((_, i) => i + 1));
    expect(progress.at(-1)).toMatchObject({ progress: 1, total: MIXED.length });
    sqlPool.terminate();
  });

  it('a crash mid-batch: the running query is WORKER_CRASHED, the rest run exactly once', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, share: 'deal', batchesPerWorker: PER_WORKER, spawn: fake.spawn, timeoutMs: 60_000 });
    await sqlPool.open('db', bytes);
    const pending = sqlPool.runMany('db', MIXED);
    await sleep(50);
    fake.workers[0]!.crash('out of memory');
    const outs = await pending;
    expect(valuesOf(outs)).toEqual([1, 2, 'WORKER_CRASHED', 3, 4, 5, 6, 7, 8]);
    expect(!outs[2]!.ok && outs[2]!.error.message).toMatch(/out of memory/);
    for (const q of MIXED) expect(fake.execs.get(q), q).toBe(1);
    expect(fake.workers).toHaveLength(2);
    sqlPool.terminate();
  });

  it('an abort mid-batch rejects with its reason, runs nothing more, and frees the worker', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, share: 'deal', batchesPerWorker: PER_WORKER, spawn: fake.spawn, timeoutMs: 60_000 });
    await sqlPool.open('db', bytes);
    const ctrl = new AbortController();
    const pending = sqlPool.runMany('db', MIXED, { signal: ctrl.signal });
    await sleep(50);
    ctrl.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
    for (const q of qs.slice(2)) expect(fake.execs.get(q), q).toBeUndefined();
    expect(sqlPool.stats().queued).toBe(0);
    expect(fake.workers.map((w) => w.terminated)).toEqual([true, false]);
    expect(valuesOf(await sqlPool.runMany('db', qs))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    sqlPool.terminate();
  });

  it('terminate mid-batch keeps the finished outcomes and answers WORKER_CRASHED for the rest', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, share: 'deal', batchesPerWorker: PER_WORKER, spawn: fake.spawn, timeoutMs: 60_000 });
    await sqlPool.open('db', bytes);
    const pending = sqlPool.runMany('db', MIXED);
    await sleep(50);
    sqlPool.terminate();
    expect(valuesOf(await pending)).toEqual([1, 2, ...Array<string>(MIXED.length - 2).fill('WORKER_CRASHED')]);
  });

  it("takes outcomes in order when a batch's answer overtakes the outcomes posted before it", async () => {
    const fake = fakeWorkers();
    // A worker whose report port is slow: the first half of each batch arrives 30 ms after the answer with the rest.
    const spawn = (): SqlWorkerHandle => {
      const w = fake.spawn();
      const real = w.api as unknown as SqlWorkerApi;
      let port: BatchReports | undefined;
      const api: SqlWorkerApi = {
        ...real,
        reportTo: async (p) => void (port = p),
        execBatch: async (key, sqls, rowCap, batch) => {
          const reports = await Promise.all(sqls.map(async (sql, i): Promise<BatchReport> => [i, await real.exec(key, sql, rowCap)]));
          const half = Math.ceil(reports.length / 2);
          setTimeout(() => port?.postMessage({ batch, reports: reports.slice(0, half) }), 30);
          return { count: sqls.length, reports: reports.slice(half) };
        },
      };
      return { ...w, api: api as unknown as Remote<SqlWorkerApi> };
    };
    const sqlPool = createSqlPool({ size: 1, share: 'deal', batchesPerWorker: PER_WORKER, spawn, timeoutMs: 5000 });
    await sqlPool.open('db', bytes);
    const progress: number[] = [];
    const outs = await sqlPool.runMany('db', queries(8), {}, (p) => progress.push(p.done));
    expect(valuesOf(outs)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    sqlPool.terminate();
  }, 10_000);

  it('spreads a short list over the workers and bounds a long one per batch', () => {
    expect(batchCount(0, 2)).toBe(0);
    expect(batchCount(3, 4)).toBe(3);
    expect(batchCount(51, 2)).toBe(2);
    expect(batchCount(51, 2, 2)).toBe(4);
    expect(batchCount(10_000, 2)).toBe(313);
    expect(Math.max(...batchesOf(10_000, 313).map((b) => b.length))).toBe(32);
    expect(() => batchCount(5, 0)).toThrow(RangeError);
  });

  it('cuts a list into runs of neighbours: every position once, sizes within one of each other', () => {
    expect(batchesOf(7, 3)).toEqual([
      [0, 1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(batchesOf(2, 2)).toEqual([[0], [1]]);
    expect(batchesOf(0, 2)).toEqual([[], []]);
  });

  it('cuts a list into one batch per worker by default, or batchesPerWorker of them', async () => {
    const fake = fakeWorkers();
    const sizes: number[] = [];
    const spawn = (): SqlWorkerHandle => {
      const w = fake.spawn();
      const real = w.api as unknown as SqlWorkerApi;
      const api: SqlWorkerApi = { ...real, execBatch: (key, sqls, ...rest) => (sizes.push(sqls.length), real.execBatch(key, sqls, ...rest)) };
      return { ...w, api: api as unknown as Remote<SqlWorkerApi> };
    };
    const one = createSqlPool({ size: 2, share: 'deal', spawn, timeoutMs: 5000 });
    await one.open('db', bytes);
    expect(valuesOf(await one.runMany('db', queries(10)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sizes).toEqual([5, 5]);
    one.terminate();
    sizes.length = 0;
    const two = createSqlPool({ size: 2, share: 'deal', batchesPerWorker: 2, spawn, timeoutMs: 5000 });
    await two.open('db', bytes);
    expect(valuesOf(await two.runMany('db', queries(10)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sizes).toEqual([3, 3, 2, 2]);
    two.terminate();
    expect(() => createSqlPool({ spawn, batchesPerWorker: 0 })).toThrow(RangeError);
  });
});
