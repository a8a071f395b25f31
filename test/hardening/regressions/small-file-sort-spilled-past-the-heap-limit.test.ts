/**
 * Regression: only a file read on demand ran with `temp_store=MEMORY`; a file
 * kept in memory (up to 16 MiB) sorted and de-duplicated through temporary
 * files, which live outside SQLite's heap and so outside `hard_heap_limit`:
 * one `count(DISTINCT …)` over a cross join grew a worker by about 1.15 GiB.
 * Every database now keeps its temporary storage in SQLite's heap, so such a
 * query ends TOO_LARGE at the heap limit; the worker's own memory report says
 * which temporary storage and which limit are in force.
 */
import { describe, expect, it } from 'vitest';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

/** 50 × 50 = 2,500 distinct values of about 30 kB: about 75 MB to sort, far past the 16 MiB limit below. */
const SPILL = "SELECT count(DISTINCT printf('%d-%d%.*c', a.i, b.i, 30000, 'x')) FROM nums a, nums b";
const LIMIT = 16 * 2 ** 20;

describe('a small file is bounded by the heap limit too', () => {
  it('the spill query on a file held in memory ends TOO_LARGE at the heap limit', async () => {
    const runner = await loadSqlRunner({ heapLimitBytes: LIMIT });
    expect(runner.open('db', await fixtureBytes()).ok).toBe(true);
    const out = runner.exec('db', SPILL);
    expect(out.ok ? 'OK' : out.error.code).toBe('TOO_LARGE');
    const report = runner.memory('db');
    expect(report.tempStore).toBe('memory');
    expect(report.heapLimitBytes).toBe(LIMIT);
    expect(report.sqliteHeapBytes).toBeLessThanOrEqual(LIMIT);
    // The database still answers.
    expect(runner.exec('db', 'SELECT count(*) FROM nums')).toMatchObject({ ok: true, rows: [[50]] });
  });

  it('through the pool: the worker reports its temporary storage in memory and the query stops at the limit', async () => {
    const sqlPool = createNodeSqlPool({ size: 1, heapLimitBytes: LIMIT, timeoutMs: 120_000 });
    try {
      expect((await sqlPool.open('db', await fixtureBytes())).ok).toBe(true);
      const before = await sqlPool.memory('db');
      expect(before).toMatchObject({ tempStore: 'memory', heapLimitBytes: LIMIT, lazy: null });
      const out = await sqlPool.run('db', SPILL);
      expect(out.ok ? 'OK' : out.error.code).toBe('TOO_LARGE');
    } finally {
      sqlPool.terminate();
    }
  });
});
