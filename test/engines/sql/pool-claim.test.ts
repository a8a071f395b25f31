import type { Remote } from 'comlink';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  claimNext,
  markStarted,
  nextPosition,
  type BatchAnswer,
  type BatchProgress,
  type BatchReports,
  type Claim,
  type SqlWorkerApi,
} from '../../../src/engines/sql/api.ts';
import { createSqlPool } from '../../../src/engines/sql/pool/pool.ts';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import type { SqlWorkerHandle } from '../../../src/engines/sql/pool/slot.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';
import { HANG, fakeWorkers } from './fake-spawn.ts';
import { RUNAWAY, fixtureBytes, queries, sleep, valuesOf } from './fixture.ts';

let bytes: Uint8Array;
beforeAll(async () => {
  bytes = await fixtureBytes();
});

/** What a fake worker was given by reportTo: its report port and progress record. */
interface Lane {
  port?: BatchReports;
  progress?: BatchProgress;
}

/** Fake workers whose execBatch is wrapped by `around(worker number, real execBatch, worker, its lane)`. */
function wrappedWorkers(
  around: (n: number, real: SqlWorkerApi['execBatch'], w: SqlWorkerHandle & { readonly terminated: boolean }, lane: Lane) => SqlWorkerApi['execBatch'],
) {
  const fake = fakeWorkers();
  const spawn = (): SqlWorkerHandle => {
    const w = fake.spawn();
    const real = w.api as unknown as SqlWorkerApi;
    const lane: Lane = {};
    const reportTo: SqlWorkerApi['reportTo'] = (port, progress) => {
      lane.port = port;
      if (progress !== undefined) lane.progress = progress;
      return real.reportTo(port, progress);
    };
    const api: SqlWorkerApi = { ...real, reportTo, execBatch: around(fake.workers.length - 1, real.execBatch, w, lane) };
    return { ...w, api: api as unknown as Remote<SqlWorkerApi> };
  };
  return { ...fake, spawn };
}

/**
 * Runs the positions `claim` takes (all, without one) `ms` apart through the fake's exec, as a
 * worker does: each start written to the progress record, each outcome posted as it ends.
 */
async function paced(
  w: SqlWorkerHandle,
  lane: Lane,
  ms: number,
  key: string,
  sqls: readonly string[],
  rowCap: number | undefined,
  batch: number,
  claim?: Claim,
): Promise<BatchAnswer> {
  const api = w.api as unknown as SqlWorkerApi;
  let count = 0;
  for (let i = nextPosition(claim, -1); i < sqls.length; i = nextPosition(claim, i)) {
    if (lane.progress !== undefined) markStarted(lane.progress, i);
    await sleep(ms);
    lane.port?.postMessage({ batch, reports: [[i, await api.exec(key, sqls[i]!, rowCap)]] });
    count++;
  }
  return { count, reports: [] };
}

let sqlPool: SqlPool | undefined;
afterEach(() => sqlPool?.terminate());

describe("runMany with share: 'claim'", () => {
  it('gives every worker the whole list; each query runs exactly once, outcomes in input order', async () => {
    const lists: number[] = [];
    const fake = wrappedWorkers(
      (_, real) =>
        (key, sqls, ...rest) => (lists.push(sqls.length), real(key, sqls, ...rest)),
    );
    sqlPool = createSqlPool({ size: 2, share: 'claim', spawn: fake.spawn, timeoutMs: 5000 });
    await sqlPool.open('db', bytes);
    const qs = queries(12);
    expect(valuesOf(await sqlPool.runMany('db', qs))).toEqual(qs.map((_, i) => i + 1));
    expect(lists).toEqual([12, 12]);
    for (const q of qs) expect(fake.execs.get(q), q).toBe(1);
  });

  it('a slower worker takes fewer queries', async () => {
    const ran = [0, 0];
    // Worker 0 takes 30 ms over each query it takes, worker 1 about none.
    const fake = wrappedWorkers((n, real, w, lane) => async (key, sqls, rowCap, batch, extras, claim) => {
      const answer = n === 0 ? await paced(w, lane, 30, key, sqls, rowCap, batch, claim) : await real(key, sqls, rowCap, batch, extras, claim);
      ran[n]! += answer.count;
      return answer;
    });
    sqlPool = createSqlPool({ size: 2, share: 'claim', spawn: fake.spawn, timeoutMs: 5000 });
    await sqlPool.open('db', bytes);
    const qs = queries(20);
    expect(valuesOf(await sqlPool.runMany('db', qs))).toEqual(qs.map((_, i) => i + 1));
    expect(ran[0]! + ran[1]!).toBe(20);
    expect(ran[0]).toBeGreaterThanOrEqual(1);
    expect(ran[1]).toBeGreaterThan(ran[0]! * 3);
    for (const q of qs) expect(fake.execs.get(q), q).toBe(1);
  });

  it('a runaway times out alone: one worker respawns, every other query runs exactly once', async () => {
    const fake = fakeWorkers();
    sqlPool = createSqlPool({ size: 2, share: 'claim', spawn: fake.spawn, timeoutMs: 200 });
    await sqlPool.open('db', bytes);
    const qs = queries(10);
    const list = [...qs.slice(0, 4), HANG, ...qs.slice(4)];
    const outs = await sqlPool.runMany('db', list);
    expect(valuesOf(outs)).toEqual([1, 2, 3, 4, 'TIMEOUT', 5, 6, 7, 8, 9, 10]);
    expect(outs[4]!.ms).toBeGreaterThanOrEqual(199);
    for (const q of qs) expect(fake.execs.get(q), q).toBe(1);
    expect(fake.workers.filter((w) => w.terminated)).toHaveLength(1);
    expect(sqlPool.stats()).toMatchObject({ respawns: 1, alive: 2, queued: 0 });
  });

  it('a crash with one worker: the running query is WORKER_CRASHED, the rest run exactly once on the new worker', async () => {
    const fake = fakeWorkers();
    sqlPool = createSqlPool({ size: 1, share: 'claim', spawn: fake.spawn, timeoutMs: 60_000 });
    await sqlPool.open('db', bytes);
    const qs = queries(6);
    const pending = sqlPool.runMany('db', [qs[0]!, qs[1]!, HANG, ...qs.slice(2)]);
    await sleep(50);
    fake.workers[0]!.crash('out of memory');
    const outs = await pending;
    expect(valuesOf(outs)).toEqual([1, 2, 'WORKER_CRASHED', 3, 4, 5, 6]);
    expect(!outs[2]!.ok && outs[2]!.error.message).toMatch(/out of memory/);
    for (const q of qs) expect(fake.execs.get(q), q).toBe(1);
    expect(fake.workers).toHaveLength(2);
  });

  it('an abort rejects with its reason and runs nothing more; terminate answers WORKER_CRASHED for what had not run', async () => {
    const fake = fakeWorkers();
    sqlPool = createSqlPool({ size: 1, share: 'claim', spawn: fake.spawn, timeoutMs: 60_000 });
    await sqlPool.open('db', bytes);
    const qs = queries(6);
    const ctrl = new AbortController();
    const aborted = sqlPool.runMany('db', [qs[0]!, HANG, ...qs.slice(1)], { signal: ctrl.signal });
    await sleep(50);
    ctrl.abort(new Error('user cancelled'));
    await expect(aborted).rejects.toThrow('user cancelled');
    for (const q of qs.slice(1)) expect(fake.execs.get(q), q).toBeUndefined();
    expect(sqlPool.stats().queued).toBe(0);
    const cut = sqlPool.runMany('db', [qs[0]!, HANG, ...qs.slice(1)]);
    await sleep(50);
    sqlPool.terminate();
    expect(valuesOf(await cut)).toEqual([1, ...Array<string>(6).fill('WORKER_CRASHED')]);
  });

  it('a query a worker takes as it is being stopped still runs: the last lane to end frees it for a new one', async () => {
    // Worker 0 takes HANG first; once terminated, it takes one more free query (after the pool has dealt
    // with its end) and never runs it. Worker 1 starts 60 ms late and runs a query every 10 ms, so it is
    // still going then, and passes that query by.
    let tookLate = -1;
    const fake = wrappedWorkers((n, real, w, lane) => async (key, sqls, rowCap, batch, extras, claim) => {
      if (n === 0 && claim !== undefined) {
        const watch = setInterval(() => {
          if (!w.terminated) return;
          clearInterval(watch);
          setTimeout(() => (tookLate = claimNext(claim, 0)), 0);
        }, 1);
      }
      if (n !== 1) return real(key, sqls, rowCap, batch, extras, claim);
      await sleep(60);
      return paced(w, lane, 10, key, sqls, rowCap, batch, claim);
    });
    sqlPool = createSqlPool({ size: 2, share: 'claim', spawn: fake.spawn, timeoutMs: 150 });
    await sqlPool.open('db', bytes);
    const qs = queries(16);
    const outs = await sqlPool.runMany('db', [HANG, ...qs]);
    expect(valuesOf(outs)).toEqual(['TIMEOUT', ...qs.map((_, i) => i + 1)]);
    expect(tookLate).toBeGreaterThan(0); // it did take one the others had not run yet
    expect(tookLate).toBeLessThan(17);
    for (const q of qs) expect(fake.execs.get(q), q).toBe(1);
  });

  it('worker threads: outcomes finished but not yet posted when a runaway times out run again; the runaway alone times out', async () => {
    sqlPool = createNodeSqlPool({ size: 1, share: 'claim', timeoutMs: 1000 });
    await sqlPool.open('db', bytes);
    const outs = await sqlPool.runMany('db', ['SELECT 1', 'SELECT 2', RUNAWAY, 'SELECT 3', 'SELECT count(*) FROM author']);
    expect(valuesOf(outs)).toEqual([1, 2, 'TIMEOUT', 3, 3]);
    expect(sqlPool.stats()).toMatchObject({ alive: 1, respawns: 1, queued: 0 });
  });

  it('needs memory shared between threads, and is the default only where there is some', () => {
    const saved = globalThis.SharedArrayBuffer;
    try {
      (globalThis as { SharedArrayBuffer?: unknown }).SharedArrayBuffer = undefined;
      const fake = fakeWorkers();
      expect(() => createSqlPool({ size: 1, share: 'claim', spawn: fake.spawn })).toThrow(RangeError);
      const dealt = createSqlPool({ size: 1, spawn: fake.spawn });
      dealt.terminate();
    } finally {
      globalThis.SharedArrayBuffer = saved;
    }
  });
});
