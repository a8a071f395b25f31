/**
 * SqlPool.stream: a whole result read out of one worker a chunk at a time
 * (what saving a whole table uses), over real Node worker threads. The rows
 * handed over equal the direct runner's, in order, in chunks of the size
 * asked; chunks arrive while the statement still runs; a statement that stops
 * yielding rows is stopped by the per-chunk limit and the pool works after;
 * writes are refused as everywhere else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/core/exec/types.ts';
import type { SqlPool } from '../../../src/engines/sql/pool/pool-types.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { RUNAWAY, fixtureRunnerAndPool } from './fixture.ts';

const LIMIT_MS = 1500;
let runner: SqlRunner;
let sqlPool: SqlPool;

beforeAll(async () => {
  ({ runner, sqlPool } = await fixtureRunnerAndPool({ size: 2, timeoutMs: LIMIT_MS, rowCap: 20 }));
});
afterAll(() => sqlPool.terminate());

/** Streams `sql`, keeping every chunk. */
async function streamed(sql: string, chunkRows: number) {
  const chunks: (readonly (readonly Cell[])[])[] = [];
  const out = await sqlPool.stream('db', sql, { chunkRows }, (rows) => chunks.push(rows));
  return { out, chunks };
}

describe('SqlPool.stream', () => {
  it('hands over every row in order, in chunks, past the pool row cap', async () => {
    const sql = 'SELECT i, i * 2 AS twice FROM nums ORDER BY i DESC';
    const { out, chunks } = await streamed(sql, 15);
    const direct = runner.exec('db', sql, 1000);
    expect(direct.ok && direct.rows.length).toBe(50);
    expect(out).toMatchObject({ ok: true, columns: ['i', 'twice'], rows: 50, cut: false });
    expect(chunks.map((c) => c.length)).toEqual([15, 15, 15, 5]);
    expect(chunks.flat()).toEqual(direct.ok ? direct.rows : []);
  });

  it('says when its own row cap cut the rows', async () => {
    const chunks: unknown[][] = [];
    const out = await sqlPool.stream('db', 'SELECT i FROM nums', { chunkRows: 10, rowCap: 25 }, (rows) => chunks.push([...rows]));
    expect(out).toMatchObject({ ok: true, rows: 25, cut: true });
    expect(chunks.flat()).toHaveLength(25);
  });

  it('gives the columns of an empty result', async () => {
    const { out, chunks } = await streamed('SELECT name, born FROM author WHERE id > 99', 10);
    expect(out).toMatchObject({ ok: true, columns: ['name', 'born'], rows: 0 });
    expect(chunks).toEqual([]);
  });

  it('hands chunks over while the statement runs, and stops one that stops yielding rows at the per-chunk limit', async () => {
    // 50 rows at once, then a runaway that never yields another: the 50 arrive, then TIMEOUT.
    const sql = `SELECT i FROM nums UNION ALL SELECT * FROM (${RUNAWAY})`;
    const { out, chunks } = await streamed(sql, 10);
    expect(chunks.flat()).toHaveLength(50);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.code).toBe('TIMEOUT');
    const after = await streamed('SELECT count(*) FROM nums', 10);
    expect(after.chunks.flat()).toEqual([[50]]);
  });

  it('refuses a write and reports a syntax error, as a value', async () => {
    const write = await streamed('DELETE FROM book', 10);
    expect(write.out.ok ? 'ok' : write.out.error.code).toBe('READONLY');
    const typo = await streamed('SELEC 1', 10);
    expect(typo.out.ok ? 'ok' : typo.out.error.code).toBe('SYNTAX');
  });

  it('stops when its signal aborts', async () => {
    const stop = new AbortController();
    const running = sqlPool.stream('db', RUNAWAY, { chunkRows: 10, signal: stop.signal }, () => undefined);
    stop.abort(new Error('stopped by the test'));
    await expect(running).rejects.toThrow('stopped by the test');
  });
});
