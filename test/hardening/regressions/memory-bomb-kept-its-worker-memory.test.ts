/**
 * Regression: a memory bomb that SQLite stops with "out of memory"
 * (TOO_LARGE) first grows the worker's WebAssembly memory by hundreds of MB,
 * and WebAssembly memory never shrinks: the worker kept it for the rest of
 * the session (measured: RSS 410 MB after one bomb against 134 MB before,
 * with one worker; four workers in a tab can hold four such heaps). The pool
 * now replaces a worker after a TOO_LARGE answer, which gives the memory back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

/** Two 300 MB zero blobs concatenated: past the runner's 512 MiB SQLite heap limit, after growing to about 300 MB. */
const BOMB = 'SELECT length(zeroblob(300000000) || zeroblob(300000000))';
const MiB = 2 ** 20;
const rss = (): number => process.memoryUsage().rss;

let sqlPool: SqlPool;
beforeAll(async () => {
  sqlPool = createNodeSqlPool({ size: 1, timeoutMs: 60_000 });
  expect(await sqlPool.open('db', await fixtureBytes())).toMatchObject({ ok: true });
});
afterAll(() => sqlPool.terminate());

it('replaces the worker after a TOO_LARGE answer, giving its memory back, and keeps serving', async () => {
  await sqlPool.run('db', 'SELECT 1');
  const before = rss();
  const out = await sqlPool.run('db', BOMB);
  const peak = rss();
  expect(out.ok ? 'OK' : out.error.code).toBe('TOO_LARGE');
  expect(sqlPool.stats()).toMatchObject({ respawns: 1, alive: 1 });
  const probe = await sqlPool.run('db', 'SELECT count(*) FROM author');
  expect(probe.ok && probe.rows).toEqual([[3]]);
  let after = rss();
  for (let i = 0; i < 50 && after > peak - 150 * MiB; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    after = rss();
  }
  console.log(
    `memory bomb: RSS ${(before / MiB).toFixed(0)} MiB before, ${(peak / MiB).toFixed(0)} MiB at the answer, ${(after / MiB).toFixed(0)} MiB after the worker was replaced`,
  );
  expect(peak - before).toBeGreaterThan(150 * MiB); // the bomb did grow the worker
  expect(after).toBeLessThan(peak - 150 * MiB);
});
