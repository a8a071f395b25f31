import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { RUNAWAY, fixtureRunnerAndPool } from './fixture.ts';

const LIMIT_MS = 1500;
const OTHERS = ['SELECT count(*) FROM nums', 'SELECT name FROM author ORDER BY id', 'SELECT nmae FROM author', 'SELECT sum(i) FROM nums WHERE i % 2 = 0'];
const withoutMs = (o: ExecOutcome): unknown => ({ ...o, ms: undefined });

let runner: SqlRunner;
let sqlPool: SqlPool;

beforeAll(async () => {
  ({ runner, sqlPool } = await fixtureRunnerAndPool({ size: 2, timeoutMs: LIMIT_MS }));
  await sqlPool.runMany('db', ['SELECT 1', 'SELECT 2']); // both workers loaded and warm
});
afterAll(() => sqlPool.terminate());

it('stops a runaway query at its limit while the other candidates complete, and the pool works afterwards', async () => {
  const t0 = performance.now();
  const outs = await sqlPool.runMany('db', [RUNAWAY, ...OTHERS]);
  const wall = performance.now() - t0;

  const runaway = outs[0]!;
  expect(runaway.ok).toBe(false);
  if (!runaway.ok) {
    expect(runaway.error.code).toBe('TIMEOUT');
    expect(runaway.error.sql).toBe(RUNAWAY);
    expect(runaway.ms).toBeGreaterThanOrEqual(LIMIT_MS - 1);
    expect(runaway.ms).toBeLessThan(LIMIT_MS + 1000);
  }
  expect(wall).toBeLessThan(LIMIT_MS + 1000);
  expect(outs.slice(1).map(withoutMs)).toEqual(OTHERS.map((q) => withoutMs(runner.exec('db', q))));
  expect(sqlPool.stats().respawns).toBe(1);

  // The replacement worker reloads the database and serves queries like the others.
  const again = await sqlPool.runMany('db', [...OTHERS, ...OTHERS]);
  expect(again.map(withoutMs)).toEqual([...OTHERS, ...OTHERS].map((q) => withoutMs(runner.exec('db', q))));
  expect(sqlPool.stats()).toMatchObject({ alive: 2, respawns: 1, queued: 0 });
});

it('honours a per-call limit shorter than the pool default', async () => {
  const t0 = performance.now();
  const out = await sqlPool.run('db', RUNAWAY, { timeoutMs: 300 });
  expect(out.ok ? 'OK' : out.error.code).toBe('TIMEOUT');
  expect(performance.now() - t0).toBeLessThan(300 + 1000);
  const after = await sqlPool.run('db', 'SELECT count(*) FROM author');
  expect(after.ok && after.rows).toEqual([[3]]);
});
