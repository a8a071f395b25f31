import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import { batchCount, batchesOf } from '../../../src/engines/sql/pool/batch.ts';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { RUNAWAY, fixtureRunnerAndPool } from './fixture.ts';

const LIMIT_MS = 1500;
/** Finishes well within the limit, but takes long enough that a limit counted from the batch's start would cut the runaway short. */
const SLOW = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM r WHERE x < 200000) SELECT count(*) FROM r';
const OTHERS = ['SELECT count(*) FROM nums', 'SELECT name FROM author ORDER BY id', 'SELECT nmae FROM author', 'SELECT sum(i) FROM nums WHERE i % 2 = 0'];
// One worker, two batches per worker, eight queries: batches of four, the runaway third in the first with OTHERS[1] after it.
const PER_WORKER = 2;
const LIST = [SLOW, OTHERS[0]!, RUNAWAY, OTHERS[1]!, OTHERS[2]!, OTHERS[3]!, OTHERS[0]!, OTHERS[1]!];
const withoutMs = (o: ExecOutcome): unknown => ({ ...o, ms: undefined });

let runner: SqlRunner;
let sqlPool: SqlPool;

beforeAll(async () => {
  ({ runner, sqlPool } = await fixtureRunnerAndPool({ size: 1, share: 'deal', batchesPerWorker: PER_WORKER, timeoutMs: LIMIT_MS }));
});
afterAll(() => sqlPool.terminate());

it('worker threads: a runaway mid-batch times out at its own limit; the batch before it keeps its outcomes, the rest run on the new worker', async () => {
  expect(batchCount(LIST.length, 1, PER_WORKER)).toBe(2);
  expect(batchesOf(LIST.length, 2)[0]).toEqual([0, 1, 2, 3]);
  const t0 = performance.now();
  const outs = await sqlPool.runMany('db', LIST);
  const wall = performance.now() - t0;

  const slow = outs[0]!;
  const runaway = outs[2]!;
  expect(slow.ok && slow.rows).toEqual([[200000]]);
  expect(runaway.ok ? 'OK' : runaway.error.code).toBe('TIMEOUT');
  expect(runaway.ms).toBeGreaterThanOrEqual(LIMIT_MS - 1);
  expect(runaway.ms).toBeLessThan(LIMIT_MS + 1000);
  // Its limit started when the queries before it had finished, not when the batch was sent.
  expect(wall).toBeGreaterThanOrEqual(slow.ms + LIMIT_MS - 1);
  const rest = LIST.map((q, i) => (i === 0 || i === 2 ? null : withoutMs(runner.exec('db', q))));
  expect(outs.map((o, i) => (i === 0 || i === 2 ? null : withoutMs(o)))).toEqual(rest);
  expect(sqlPool.stats()).toMatchObject({ alive: 1, respawns: 1, queued: 0 });
});

it('worker threads: a TOO_LARGE answer mid-batch retires the worker once its batch ends; every outcome stays', async () => {
  const bomb = 'SELECT length(zeroblob(300000000) || zeroblob(300000000))';
  const before = sqlPool.stats().respawns;
  const list = ['SELECT 1', bomb, 'SELECT 2', 'SELECT 3']; // batches [SELECT 1, bomb], then [SELECT 2, SELECT 3]
  expect(batchCount(list.length, 1, PER_WORKER)).toBe(2);
  // Building 600 MB takes longer than the pool's 1.5 s limit on a busy machine: this test is about the
  // size limit, so its queries get a generous time limit of their own.
  const outs = await sqlPool.runMany('db', list, { timeoutMs: 60_000 });
  expect(outs.map((o) => (o.ok ? o.rows[0]![0] : o.error.code))).toEqual([1, 'TOO_LARGE', 2, 3]);
  expect(sqlPool.stats()).toMatchObject({ alive: 1, respawns: before + 1 });
});
