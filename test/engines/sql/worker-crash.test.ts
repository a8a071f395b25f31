import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSqlPool } from '../../../src/engines/sql/pool/pool.ts';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import { nodeSqlSpawn, type NodeSqlWorkerHandle } from '../../../src/node/sql-pool.ts';
import { RUNAWAY, fixtureBytes } from './fixture.ts';

const handles: NodeSqlWorkerHandle[] = [];
let sqlPool: SqlPool;

beforeAll(async () => {
  sqlPool = createSqlPool({
    size: 1,
    share: 'deal',
    batchesPerWorker: 3, // three queries go one per batch: two wait in the queue while the first runs
    timeoutMs: 20_000,
    spawn: () => {
      const h = nodeSqlSpawn();
      handles.push(h);
      return h;
    },
  });
  expect(await sqlPool.open('db', await fixtureBytes())).toMatchObject({ ok: true });
});
afterAll(() => sqlPool.terminate());

it('answers WORKER_CRASHED when the worker dies mid-query, respawns it, and runs the queued work once', async () => {
  const pending = sqlPool.runMany('db', [RUNAWAY, 'SELECT count(*) FROM nums', 'SELECT name FROM author WHERE id = 2']);
  await new Promise((r) => setTimeout(r, 500));
  expect(sqlPool.stats()).toMatchObject({ busy: 1, queued: 2 });
  const t0 = performance.now();
  await handles[0]!.worker.terminate(); // the thread dies without the pool asking: as a crash looks from outside
  const [crashed, count, name] = await pending;
  expect(crashed!.ok ? 'OK' : crashed!.error.code).toBe('WORKER_CRASHED');
  expect(performance.now() - t0).toBeLessThan(15_000); // well before the 20 s limit: the crash, not the timer, ended it
  expect(count!.ok && count!.rows).toEqual([[50]]);
  expect(name!.ok && name!.rows).toEqual([['Bo']]);
  expect(handles).toHaveLength(2);
  expect(sqlPool.stats()).toMatchObject({ alive: 1, respawns: 1, queued: 0 });
});
