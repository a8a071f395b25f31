/**
 * An open loads the database into every idle worker at once (Job.spread):
 * one worker opens it and reads the schema, the others load it alongside,
 * so none needs a round trip of its own before its first batch. A copy
 * loaded alongside an open that fails, or that a later open or close
 * superseded, is closed again and never used.
 */
import type { Remote } from 'comlink';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import { execError } from '../../../src/core/exec/types.ts';
import type { SqlWorkerApi } from '../../../src/engines/sql/api.ts';
import { createSqlPool } from '../../../src/engines/sql/pool.ts';
import { sent, type SqlWorkerHandle } from '../../../src/engines/sql/slot.ts';
import { fakeWorkers } from './fake-spawn.ts';
import { fixtureBytes } from './fixture.ts';

let bytes: Uint8Array;
beforeAll(async () => {
  bytes = await fixtureBytes();
});

const queries = (n: number): string[] => Array.from({ length: n }, (_, i) => `SELECT ${i + 1} AS n`);
const valuesOf = (outs: readonly ExecOutcome[]): unknown[] => outs.map((o) => (o.ok ? o.rows[0]![0] : o.error.code));

/** Fake workers that log each call (worker number, method, key) and can be told to fail or delay openRead. */
function loggedWorkers(options: { failOpenRead?: boolean; openReadDelayMs?: number } = {}) {
  const fake = fakeWorkers();
  const log: string[] = [];
  let n = 0;
  const spawn = (): SqlWorkerHandle => {
    const w = fake.spawn();
    const id = n++;
    const real = w.api as unknown as SqlWorkerApi;
    const api: SqlWorkerApi = {
      ...real,
      open: (key, source, check) => (log.push(`${id} open ${key}`), real.open(key, source, check)),
      openRead: async (key, source, check) => {
        log.push(`${id} openRead ${key}`);
        if (options.openReadDelayMs !== undefined) await new Promise((r) => setTimeout(r, options.openReadDelayMs));
        const out = await real.openRead(key, source, check);
        log.push(`${id} answered ${key}`);
        return options.failOpenRead === true ? { ok: false, error: execError('CORRUPT', 'simulated') } : out;
      },
      close: (key) => (log.push(`${id} close ${key}`), real.close(key)),
      memory: real.memory,
    };
    return { ...w, api: api as unknown as Remote<SqlWorkerApi> };
  };
  return { ...fake, spawn, log };
}

describe('open spreads the database over the idle workers', () => {
  it('every idle worker loads it while the first reads the schema, and none loads it again for its batch', async () => {
    const fake = loggedWorkers({ openReadDelayMs: 50 });
    const pool = createSqlPool({ size: 3, spawn: fake.spawn, timeoutMs: 5000 });
    const opened = await pool.open('db', bytes);
    expect(opened.ok).toBe(true);
    // Both others were sent the database before the schema came back (openRead takes 50 ms here).
    expect(fake.log.slice(0, 3).sort()).toEqual(['0 openRead db', '1 open db', '2 open db']);
    expect(fake.log[3]).toBe('0 answered db');
    expect(valuesOf(await pool.runMany('db', queries(9)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(fake.log.filter((l) => / open/.test(l))).toHaveLength(3); // no worker loaded it again
    expect(pool.stats()).toMatchObject({ respawns: 0, alive: 3 });
    pool.terminate();
  });

  it('a copy loaded alongside an open that fails is closed, and the key stays unopened', async () => {
    const fake = loggedWorkers({ failOpenRead: true, openReadDelayMs: 50 });
    const pool = createSqlPool({ size: 2, spawn: fake.spawn, timeoutMs: 5000 });
    expect(await pool.open('db', bytes)).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.log).toContain('1 open db');
    expect(fake.log).toContain('1 close db');
    await expect(pool.runMany('db', queries(2))).rejects.toThrow(RangeError);
    expect(pool.stats()).toMatchObject({ respawns: 0, alive: 2 });
    pool.terminate();
  });

  it('a copy of a superseded open is never used: the newer version is loaded before a batch runs', async () => {
    const fake = loggedWorkers({ openReadDelayMs: 30 });
    const pool = createSqlPool({ size: 2, spawn: fake.spawn, timeoutMs: 5000 });
    const { loadSqlJs } = await import('../../../src/engines/sql/load.ts');
    const SQL = await loadSqlJs();
    const other = new SQL.Database();
    other.exec("CREATE TABLE author (name TEXT); INSERT INTO author VALUES ('Only')");
    const first = pool.open('db', bytes);
    const second = pool.open('db', other.export());
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    const outs = await pool.runMany('db', Array.from({ length: 6 }, (_, i) => `SELECT count(*) + ${i} - ${i} FROM author`));
    expect(outs.map((o) => o.ok && o.rows[0]![0])).toEqual([1, 1, 1, 1, 1, 1]);
    expect(pool.stats()).toMatchObject({ respawns: 0, alive: 2, open: ['db'] });
    pool.terminate();
  });

  it('a worker busy when the database opens loads it once it is free, as before', async () => {
    const fake = loggedWorkers();
    const pool = createSqlPool({ size: 2, spawn: fake.spawn, timeoutMs: 5000 });
    await pool.open('a', bytes);
    const running = pool.runMany('a', queries(40));
    const opened = await pool.open('b', bytes);
    expect(opened.ok).toBe(true);
    await running;
    expect(valuesOf(await pool.runMany('b', queries(4)))).toEqual([1, 2, 3, 4]);
    expect(fake.log.filter((l) => l.endsWith(' b') && / open/.test(l))).toHaveLength(2);
    pool.terminate();
  });

  it('bytes travel to each worker as a fresh copy whose buffer is transferred; the pool keeps its own, and a file read on demand goes as it is', () => {
    const mine = new Uint8Array([1, 2, 3]);
    const out = sent(mine);
    expect(out).not.toBe(mine);
    expect(out instanceof Uint8Array && [...out]).toEqual([1, 2, 3]);
    expect(out instanceof Uint8Array && out.buffer).not.toBe(mine.buffer);
    structuredClone(out, { transfer: [(out as Uint8Array).buffer] }); // what postMessage does with it
    expect([...mine]).toEqual([1, 2, 3]);
    const path = { path: '/tmp/x.sqlite' };
    expect(sent(path)).toBe(path);
  });
});
