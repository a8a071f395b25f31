import { beforeAll, describe, expect, it } from 'vitest';
import { createSqlPool } from '../../../src/engines/sql/pool/pool.ts';
import { HANG, fakeWorkers } from './fake-spawn.ts';
import { fixtureBytes, queries, valuesOf } from './fixture.ts';

let bytes: Uint8Array;
beforeAll(async () => {
  bytes = await fixtureBytes();
});

describe('pool queue', () => {
  it('a timeout respawns one worker and every other query runs exactly once', async () => {
    const fake = fakeWorkers();
    const pool = createSqlPool({ size: 2, spawn: fake.spawn, timeoutMs: 200 });
    await pool.open('db', bytes);
    const qs = queries(8);
    const outs = await pool.runMany('db', [qs[0]!, HANG, ...qs.slice(1)]);
    expect(valuesOf(outs)).toEqual([1, 'TIMEOUT', 2, 3, 4, 5, 6, 7, 8]);
    for (const q of qs) expect(fake.execs.get(q), q).toBe(1);
    expect(fake.execs.get(HANG)).toBe(1);
    expect(fake.workers.filter((w) => w.terminated)).toHaveLength(1);
    expect(pool.stats()).toMatchObject({ respawns: 1, alive: 2, queued: 0 });
    pool.terminate();
  });

  it('a crash mid-query answers WORKER_CRASHED and the queued work runs exactly once on the new worker', async () => {
    const fake = fakeWorkers();
    const pool = createSqlPool({ size: 1, spawn: fake.spawn, timeoutMs: 60_000 });
    await pool.open('db', bytes);
    const qs = queries(3);
    const pending = pool.runMany('db', [HANG, ...qs]);
    await new Promise((r) => setTimeout(r, 50));
    fake.workers[0]!.crash('out of memory');
    const outs = await pending;
    expect(valuesOf(outs)).toEqual(['WORKER_CRASHED', 1, 2, 3]);
    expect(!outs[0]!.ok && outs[0]!.error.message).toMatch(/out of memory/);
    for (const q of qs) expect(fake.execs.get(q)).toBe(1);
    expect(fake.workers).toHaveLength(2);
    pool.terminate();
  });

  it('replaces a worker that dies while idle and reloads the open database into it', async () => {
    const fake = fakeWorkers();
    const pool = createSqlPool({ size: 1, spawn: fake.spawn });
    await pool.open('db', bytes);
    fake.workers[0]!.crash();
    const out = await pool.run('db', 'SELECT count(*) FROM author');
    expect(out.ok && out.rows).toEqual([[3]]);
    expect(pool.stats().respawns).toBe(1);
    pool.terminate();
  });

  it('an abort rejects with the reason: a queued call never runs, a running one frees its worker', async () => {
    const fake = fakeWorkers();
    const pool = createSqlPool({ size: 1, spawn: fake.spawn, timeoutMs: 60_000 });
    await pool.open('db', bytes);
    const running = new AbortController();
    const queued = new AbortController();
    const a = pool.run('db', HANG, { signal: running.signal });
    const b = pool.run('db', 'SELECT 42', { signal: queued.signal });
    queued.abort(new Error('not needed'));
    await expect(b).rejects.toThrow('not needed');
    expect(fake.execs.get('SELECT 42')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    running.abort(new Error('user cancelled'));
    await expect(a).rejects.toThrow('user cancelled');
    const after = await pool.run('db', 'SELECT 7');
    expect(after.ok && after.rows).toEqual([[7]]);
    await expect(pool.run('db', 'SELECT 1', { signal: AbortSignal.abort(new Error('already')) })).rejects.toThrow('already');
    pool.terminate();
  });

  it('terminate resolves calls in flight as WORKER_CRASHED and refuses later calls', async () => {
    const fake = fakeWorkers();
    const pool = createSqlPool({ size: 1, spawn: fake.spawn, timeoutMs: 60_000 });
    await pool.open('db', bytes);
    const pending = pool.runMany('db', [HANG, 'SELECT 1']);
    await new Promise((r) => setTimeout(r, 20));
    pool.terminate();
    expect(valuesOf(await pending)).toEqual(['WORKER_CRASHED', 'WORKER_CRASHED']);
    await expect(pool.run('db', 'SELECT 1')).rejects.toThrow(/terminated/);
    expect(fake.workers.every((w) => w.terminated)).toBe(true);
  });

  it('gives up on workers that die before answering anything, instead of respawning forever', async () => {
    const fake = fakeWorkers({ crashOnStart: true });
    const pool = createSqlPool({ size: 1, spawn: fake.spawn });
    const opened = await pool.open('db', bytes);
    expect(opened).toMatchObject({ ok: false, error: { code: 'WORKER_CRASHED' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.workers.length).toBeLessThanOrEqual(3);
    expect(pool.stats().alive).toBe(0);
    expect(await pool.open('db', bytes)).toMatchObject({ ok: false, error: { code: 'WORKER_CRASHED' } });
    pool.terminate();
  });

  it('answers WORKER_CRASHED, not an exception, when workers cannot be created at all', async () => {
    const pool = createSqlPool({
      size: 2,
      spawn: () => {
        throw new Error('workers are not allowed here');
      },
    });
    const opened = await pool.open('db', bytes);
    expect(opened).toMatchObject({ ok: false, error: { code: 'WORKER_CRASHED' } });
    expect(!opened.ok && opened.error.message).toMatch(/workers are not allowed here/);
    pool.terminate();
  });

  it('reopening a key replaces its bytes in every worker', async () => {
    const fake = fakeWorkers();
    const pool = createSqlPool({ size: 2, spawn: fake.spawn });
    await pool.open('db', bytes);
    await pool.runMany('db', queries(4));
    const { loadSqlJs } = await import('../../../src/engines/sql/worker/load.ts');
    const SQL = await loadSqlJs();
    const other = new SQL.Database();
    other.exec("CREATE TABLE author (name TEXT); INSERT INTO author VALUES ('Only')");
    await pool.open('db', other.export());
    const outs = await pool.runMany(
      'db',
      Array.from({ length: 6 }, (_, i) => `SELECT count(*) + ${i} - ${i} FROM author`),
    );
    expect(outs.map((o) => o.ok && o.rows[0]![0])).toEqual([1, 1, 1, 1, 1, 1]);
    pool.terminate();
  });

  it('keeps at most maxOpen databases, closing the least recently used', async () => {
    const fake = fakeWorkers();
    const pool = createSqlPool({ size: 1, spawn: fake.spawn, maxOpen: 2 });
    await pool.open('a', bytes);
    await pool.open('b', bytes);
    await pool.run('a', 'SELECT 1');
    await pool.open('c', bytes);
    expect([...pool.stats().open].sort()).toEqual(['a', 'c']);
    await expect(pool.run('b', 'SELECT 1')).rejects.toThrow(RangeError);
    pool.terminate();
  });
});
