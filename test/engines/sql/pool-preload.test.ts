import type { Remote } from 'comlink';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SqlWorkerApi } from '../../../src/engines/sql/api.ts';
import { loadSqlJs } from '../../../src/engines/sql/worker/load.ts';
import { createSqlPool } from '../../../src/engines/sql/pool/pool.ts';
import type { SqlWorkerHandle } from '../../../src/engines/sql/pool/slot.ts';
import { fakeWorkers } from './fake-spawn.ts';
import { fixtureBytes } from './fixture.ts';

let bytes: Uint8Array;
let other: Uint8Array;
beforeAll(async () => {
  bytes = await fixtureBytes();
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec("CREATE TABLE author (name TEXT); INSERT INTO author VALUES ('Only')");
  other = db.export();
  db.close();
});

/**
 * Fake workers that log each open, openRead, close and execBatch call as
 * `worker:method:key` when it starts (and `…:done` when an open or openRead
 * answers); while `gate` is set, openRead waits for it before answering.
 */
function loggingWorkers() {
  const fake = fakeWorkers();
  const log: string[] = [];
  let gate: Promise<void> | null = null;
  const spawn = (): SqlWorkerHandle => {
    const w = fake.spawn();
    const n = fake.workers.length - 1;
    const real = w.api as unknown as SqlWorkerApi;
    const api: SqlWorkerApi = {
      ...real,
      open: async (key, source, check) => {
        log.push(`${n}:open:${key}`);
        const r = await real.open(key, source, check);
        log.push(`${n}:open:${key}:done`);
        return r;
      },
      openRead: async (key, source, check) => {
        log.push(`${n}:openRead:${key}`);
        if (gate !== null) await gate;
        const r = await real.openRead(key, source, check);
        log.push(`${n}:openRead:${key}:done`);
        return r;
      },
      close: (key) => (log.push(`${n}:close:${key}`), real.close(key)),
      execBatch: (key, ...rest) => (log.push(`${n}:execBatch:${key}`), real.execBatch(key, ...rest)),
    };
    return { ...w, api: api as unknown as Remote<SqlWorkerApi> };
  };
  return {
    spawn,
    log,
    hold(): () => void {
      let release = (): void => undefined;
      gate = new Promise<void>((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const countOf = (out: { ok: boolean; rows?: readonly (readonly unknown[])[] }): unknown => (out.ok ? out.rows![0]![0] : out);

describe('pool preload', () => {
  it('an idle worker loads a database while another opens it, and is not loaded again for the queries', async () => {
    const w = loggingWorkers();
    const sqlPool = createSqlPool({ size: 2, spawn: w.spawn });
    const release = w.hold();
    const opening = sqlPool.open('db', bytes);
    await new Promise((r) => setTimeout(r, 20));
    // The open is still held in worker 0; worker 1 has loaded the database meanwhile.
    expect(w.log).toEqual(['0:openRead:db', '1:open:db', '1:open:db:done']);
    release();
    expect(await opening).toMatchObject({ ok: true });
    const outs = await sqlPool.runMany('db', ['SELECT count(*) FROM author', 'SELECT count(*) FROM book']);
    expect(outs.map(countOf)).toEqual([3, 4]);
    expect(w.log.filter((e) => e.startsWith('1:open'))).toEqual(['1:open:db', '1:open:db:done']);
    expect(w.log.filter((e) => e.includes('execBatch')).sort()).toEqual(['0:execBatch:db', '1:execBatch:db']);
    sqlPool.terminate();
  });

  it('a copy preloaded for an open that is aborted is closed again, and the key stays unopened', async () => {
    const w = loggingWorkers();
    const sqlPool = createSqlPool({ size: 2, spawn: w.spawn });
    const release = w.hold();
    const abort = new AbortController();
    const opening = sqlPool.open('db', bytes, { signal: abort.signal });
    await new Promise((r) => setTimeout(r, 20));
    expect(w.log).toContain('1:open:db:done');
    abort.abort(new Error('stop'));
    await expect(opening).rejects.toThrow('stop');
    release();
    await vi.waitFor(() => expect(w.log).toContain('1:close:db')); // posted a moment later: nothing else goes to that worker

    await expect(sqlPool.run('db', 'SELECT 1')).rejects.toThrow(RangeError);
    // Opened again, both workers answer from it.
    expect(await sqlPool.open('db', bytes)).toMatchObject({ ok: true });
    expect((await sqlPool.runMany('db', ['SELECT count(*) FROM author', 'SELECT count(*) FROM author'])).map(countOf)).toEqual([3, 3]);
    sqlPool.terminate();
  });

  it('a close goes to each worker right after the next call, which the worker therefore runs first', async () => {
    const w = loggingWorkers();
    const sqlPool = createSqlPool({ size: 2, spawn: w.spawn });
    expect(await sqlPool.open('a', bytes, { schema: false })).toMatchObject({ ok: true });
    expect((await sqlPool.runMany('a', ['SELECT count(*) FROM author', 'SELECT count(*) FROM book'])).map(countOf)).toEqual([3, 4]);
    await sqlPool.close('a');
    expect(await sqlPool.open('b', other, { schema: false })).toMatchObject({ ok: true });
    for (const n of [0, 1]) expect(w.log.filter((e) => e.startsWith(`${n}:`) && !e.endsWith(':done')).slice(-2)).toEqual([`${n}:open:b`, `${n}:close:a`]);
    // With no call after it, a close still goes out.
    await sqlPool.close('b');
    await vi.waitFor(() => expect(w.log.filter((e) => e.endsWith(':close:b'))).toHaveLength(2));
    sqlPool.terminate();
  });

  it('a key closed and opened again at once: its close goes out before the new copy loads, and the new copy answers', async () => {
    const w = loggingWorkers();
    const sqlPool = createSqlPool({ size: 2, spawn: w.spawn });
    await sqlPool.open('db', bytes, { schema: false });
    expect((await sqlPool.runMany('db', ['SELECT count(*) FROM author', 'SELECT count(*) FROM author'])).map(countOf)).toEqual([3, 3]);
    await sqlPool.close('db');
    expect(await sqlPool.open('db', other, { schema: false })).toMatchObject({ ok: true });
    expect(
      (
        await sqlPool.runMany(
          'db',
          Array.from({ length: 6 }, (_, i) => `SELECT count(*) + ${i} - ${i} FROM author`),
        )
      ).map(countOf),
    ).toEqual([1, 1, 1, 1, 1, 1]);
    for (const n of [0, 1]) {
      const mine = w.log.filter((e) => e.startsWith(`${n}:`) && !e.endsWith(':done'));
      expect(mine.lastIndexOf(`${n}:close:db`)).toBeLessThan(mine.lastIndexOf(`${n}:open:db`));
    }
    sqlPool.terminate();
  });

  it('two opens of one key in flight at once: every worker ends up answering from the later one', async () => {
    const w = loggingWorkers();
    const sqlPool = createSqlPool({ size: 2, spawn: w.spawn });
    const first = sqlPool.open('db', bytes);
    const second = sqlPool.open('db', other);
    expect(await first).toMatchObject({ ok: true });
    expect(await second).toMatchObject({ ok: true });
    const outs = await sqlPool.runMany(
      'db',
      Array.from({ length: 6 }, (_, i) => `SELECT count(*) + ${i} - ${i} FROM author`),
    );
    expect(outs.map(countOf)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(new Set(w.log.filter((e) => e.includes('execBatch')))).toEqual(new Set(['0:execBatch:db', '1:execBatch:db']));
    sqlPool.terminate();
  });

  it('a file that is not SQLite fails its open; the worker that tried to preload it holds nothing', async () => {
    const w = loggingWorkers();
    const sqlPool = createSqlPool({ size: 2, spawn: w.spawn });
    const junk = new TextEncoder().encode('not a database at all, just some text that is long enough to read a header from');
    expect(await sqlPool.open('db', junk)).toMatchObject({ ok: false, error: { code: 'NOT_SQLITE' } });
    await expect(sqlPool.run('db', 'SELECT 1')).rejects.toThrow(RangeError);
    expect(sqlPool.stats()).toMatchObject({ alive: 2, respawns: 0, open: [] });
    sqlPool.terminate();
  });
});
