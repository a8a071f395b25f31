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
    const sqlPool = createSqlPool({ size: 2, spawn: fake.spawn, timeoutMs: 200 });
    await sqlPool.open('db', bytes);
    const qs = queries(8);
    const outs = await sqlPool.runMany('db', [qs[0]!, HANG, ...qs.slice(1)]);
    expect(valuesOf(outs)).toEqual([1, 'TIMEOUT', 2, 3, 4, 5, 6, 7, 8]);
    for (const q of qs) expect(fake.execs.get(q), q).toBe(1);
    expect(fake.execs.get(HANG)).toBe(1);
    expect(fake.workers.filter((w) => w.terminated)).toHaveLength(1);
    expect(sqlPool.stats()).toMatchObject({ respawns: 1, alive: 2, queued: 0 });
    sqlPool.terminate();
  });

  it('a crash mid-query answers WORKER_CRASHED and the queued work runs exactly once on the new worker', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, spawn: fake.spawn, timeoutMs: 60_000 });
    await sqlPool.open('db', bytes);
    const qs = queries(3);
    const pending = sqlPool.runMany('db', [HANG, ...qs]);
    await new Promise((r) => setTimeout(r, 50));
    fake.workers[0]!.crash('out of memory');
    const outs = await pending;
    expect(valuesOf(outs)).toEqual(['WORKER_CRASHED', 1, 2, 3]);
    expect(!outs[0]!.ok && outs[0]!.error.message).toMatch(/out of memory/);
    for (const q of qs) expect(fake.execs.get(q)).toBe(1);
    expect(fake.workers).toHaveLength(2);
    sqlPool.terminate();
  });

  it('replaces a worker that dies while idle and reloads the open database into it', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, spawn: fake.spawn });
    await sqlPool.open('db', bytes);
    fake.workers[0]!.crash();
    const out = await sqlPool.run('db', 'SELECT count(*) FROM author');
    expect(out.ok && out.rows).toEqual([[3]]);
    expect(sqlPool.stats().respawns).toBe(1);
    sqlPool.terminate();
  });

  it('an abort rejects with the reason: a queued call never runs, a running one frees its worker', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, spawn: fake.spawn, timeoutMs: 60_000 });
    await sqlPool.open('db', bytes);
    const running = new AbortController();
    const queued = new AbortController();
    const a = sqlPool.run('db', HANG, { signal: running.signal });
    const b = sqlPool.run('db', 'SELECT 42', { signal: queued.signal });
    queued.abort(new Error('not needed'));
    await expect(b).rejects.toThrow('not needed');
    expect(fake.execs.get('SELECT 42')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    running.abort(new Error('user cancelled'));
    await expect(a).rejects.toThrow('user cancelled');
    const after = await sqlPool.run('db', 'SELECT 7');
    expect(after.ok && after.rows).toEqual([[7]]);
    await expect(sqlPool.run('db', 'SELECT 1', { signal: AbortSignal.abort(new Error('already')) })).rejects.toThrow('already');
    sqlPool.terminate();
  });

  it('terminate resolves calls in flight as WORKER_CRASHED and refuses later calls', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, spawn: fake.spawn, timeoutMs: 60_000 });
    await sqlPool.open('db', bytes);
    const pending = sqlPool.runMany('db', [HANG, 'SELECT 1']);
    await new Promise((r) => setTimeout(r, 20));
    sqlPool.terminate();
    expect(valuesOf(await pending)).toEqual(['WORKER_CRASHED', 'WORKER_CRASHED']);
    await expect(sqlPool.run('db', 'SELECT 1')).rejects.toThrow(/terminated/);
    expect(fake.workers.every((w) => w.terminated)).toBe(true);
  });

  it('gives up on workers that die before answering anything, instead of respawning forever', async () => {
    const fake = fakeWorkers({ crashOnStart: true });
    const sqlPool = createSqlPool({ size: 1, spawn: fake.spawn });
    const opened = await sqlPool.open('db', bytes);
    expect(opened).toMatchObject({ ok: false, error: { code: 'WORKER_CRASHED' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.workers.length).toBeLessThanOrEqual(3);
    expect(sqlPool.stats().alive).toBe(0);
    expect(await sqlPool.open('db', bytes)).toMatchObject({ ok: false, error: { code: 'WORKER_CRASHED' } });
    sqlPool.terminate();
  });

  it('answers WORKER_CRASHED, not an exception, when workers cannot be created at all', async () => {
    const sqlPool = createSqlPool({
      size: 2,
      spawn: () => {
        throw new Error('workers are not allowed here');
      },
    });
    const opened = await sqlPool.open('db', bytes);
    expect(opened).toMatchObject({ ok: false, error: { code: 'WORKER_CRASHED' } });
    expect(!opened.ok && opened.error.message).toMatch(/workers are not allowed here/);
    sqlPool.terminate();
  });

  it('reopening a key replaces its bytes in every worker', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 2, spawn: fake.spawn });
    await sqlPool.open('db', bytes);
    await sqlPool.runMany('db', queries(4));
    const { loadSqlJs } = await import('../../../src/engines/sql/worker/load.ts');
    const SQL = await loadSqlJs();
    const other = new SQL.Database();
    other.exec("CREATE TABLE author (name TEXT); INSERT INTO author VALUES ('Only')");
    await sqlPool.open('db', other.export());
    const outs = await sqlPool.runMany(
      'db',
      Array.from({ length: 6 }, (_, i) => `SELECT count(*) + ${i} - ${i} FROM author`),
    );
    expect(outs.map((o) => o.ok && o.rows[0]![0])).toEqual([1, 1, 1, 1, 1, 1]);
    sqlPool.terminate();
  });

  it('keeps at most maxOpen databases, closing the least recently used', async () => {
    const fake = fakeWorkers();
    const sqlPool = createSqlPool({ size: 1, spawn: fake.spawn, maxOpen: 2 });
    await sqlPool.open('a', bytes);
    await sqlPool.open('b', bytes);
    await sqlPool.run('a', 'SELECT 1');
    await sqlPool.open('c', bytes);
    expect([...sqlPool.stats().open].sort()).toEqual(['a', 'c']);
    await expect(sqlPool.run('b', 'SELECT 1')).rejects.toThrow(RangeError);
    sqlPool.terminate();
  });
});
