import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecOutcome } from '../../../src/core/exec/types.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlPool, SqlProgress } from '../../../src/engines/sql/pool/pool-types.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { createNodeSqlPool } from '../../../src/node/sql-pool.ts';
import { WRITES, fixtureBytes, sha256 } from './fixture.ts';

/** Queries covering success, a cut, typed values and each query error code. */
const QUERIES = [
  'SELECT id, title, price, cover FROM book ORDER BY id',
  'SELECT a.name, count(*) FROM author a JOIN book b ON b.author_id = a.id GROUP BY a.id ORDER BY a.id',
  'SELECT i FROM nums ORDER BY i',
  `SELECT * FROM "odd ""name"" table"`,
  'SELEC 1',
  'SELECT * FROM singer',
  'SELECT nmae FROM author',
  'SELECT id FROM author, book',
  'SELECT 1; SELECT 2',
  ';',
  'SELECT randomblob(2000000000)',
  ...WRITES,
];

const withoutMs = (o: ExecOutcome): unknown => ({ ...o, ms: undefined });

let bytes: Uint8Array;
let runner: SqlRunner;
let sqlPool: SqlPool;

beforeAll(async () => {
  bytes = await fixtureBytes();
  runner = await loadSqlRunner();
  runner.open('db', bytes);
  sqlPool = createNodeSqlPool({ size: 2, rowCap: 20 });
});
afterAll(() => sqlPool.terminate());

describe('SQL pool over Node worker threads', () => {
  it('opens a database and returns the same schema as the direct runner', async () => {
    const opened = await sqlPool.open('db', bytes);
    expect(opened).toEqual(runner.schema('db'));
    expect(sqlPool.stats()).toMatchObject({ size: 2, alive: 2, open: ['db'] });
  });

  it('gives exactly the direct runner results, one per input, in input order, with progress', async () => {
    const seen: SqlProgress[] = [];
    const outs = await sqlPool.runMany('db', QUERIES, {}, (p) => seen.push(p));
    expect(outs).toHaveLength(QUERIES.length);
    expect(outs.map(withoutMs)).toEqual(QUERIES.map((q) => withoutMs(runner.exec('db', q, 20))));
    expect(seen.map((p) => p.done)).toEqual(QUERIES.map((_, i) => i + 1));
    expect(seen.at(-1)).toMatchObject({ progress: 1, total: QUERIES.length });
    const cut = outs[2]!;
    expect(cut.ok && cut.rows.length === 20 && cut.cut).toBe(true);
  });

  it('normalizes SQL the way the direct runner does', async () => {
    const sql = 'select title from book where id = 3';
    expect(await sqlPool.normalizedSql('db', sql)).toBe(runner.normalizedSql('db', sql));
    expect(await sqlPool.normalizedSql('db', 'SELEC 1')).toBeNull();
  });

  it('with normalize, every outcome carries the normalized text normalizedSql gives, in the same round trip', async () => {
    const outs = await sqlPool.runMany('db', QUERIES, { normalize: true });
    const run = await sqlPool.run('db', QUERIES[0]!, { normalize: true });
    expect(run.normalizedSql).toBe(runner.normalizedSql('db', QUERIES[0]!));
    expect(outs.map((o) => o.normalizedSql)).toEqual(QUERIES.map((q) => runner.normalizedSql('db', q)));
    expect(outs.filter((o) => typeof o.normalizedSql === 'string').length).toBeGreaterThan(3); // not all null
    // Without it, outcomes are as before.
    expect((await sqlPool.runMany('db', QUERIES.slice(0, 3))).every((o) => !('normalizedSql' in o))).toBe(true);
  });

  it('never writes the caller bytes, even after refused writes', async () => {
    const before = sha256(bytes);
    await sqlPool.runMany('db', WRITES);
    const count = await sqlPool.run('db', 'SELECT count(*) FROM book');
    expect(count.ok && count.rows).toEqual([[4]]);
    expect(sha256(bytes)).toBe(before);
  });

  it('reports NOT_SQLITE and CORRUPT files without keeping them open', async () => {
    expect(await sqlPool.open('bad', new TextEncoder().encode('not a database at all, just some text'))).toMatchObject({
      ok: false,
      error: { code: 'NOT_SQLITE' },
    });
    expect(await sqlPool.open('bad', bytes.slice(0, 5000))).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    await expect(sqlPool.run('bad', 'SELECT 1')).rejects.toThrow(RangeError);
  });

  it('with schema: false, answers once loaded (no schema), runs the same queries, and refuses the same bad files', async () => {
    const opened = await sqlPool.open('bare', bytes, { schema: false });
    expect(opened.ok).toBe(true);
    expect('schema' in opened).toBe(false);
    const outs = await sqlPool.runMany('bare', QUERIES);
    expect(outs.map(withoutMs)).toEqual(QUERIES.map((q) => withoutMs(runner.exec('db', q, 20))));
    await sqlPool.close('bare');
    // A schema table SQLite cannot parse fails the open CORRUPT, as with the schema read.
    const text = new TextDecoder('latin1').decode(bytes);
    const damaged = bytes.slice();
    damaged.set(new TextEncoder().encode('CREATE TABLX'), text.indexOf('CREATE TABLE'));
    for (const schema of [true, false]) {
      expect(await sqlPool.open('bad', damaged, { schema })).toMatchObject({ ok: false, error: { code: 'CORRUPT', message: /malformed database schema/ } });
      expect(await sqlPool.open('bad', new TextEncoder().encode('not a database at all, just some text'), { schema })).toMatchObject({
        ok: false,
        error: { code: 'NOT_SQLITE' },
      });
    }
    await expect(sqlPool.run('bad', 'SELECT 1')).rejects.toThrow(RangeError);
  });

  it('serves several databases and forgets a closed one', async () => {
    await sqlPool.open('second', bytes);
    const out = await sqlPool.run('second', 'SELECT count(*) FROM nums');
    expect(out.ok && out.rows).toEqual([[50]]);
    await sqlPool.close('second');
    await expect(sqlPool.run('second', 'SELECT 1')).rejects.toThrow(/open/);
    const still = await sqlPool.run('db', 'SELECT count(*) FROM nums');
    expect(still.ok && still.rows).toEqual([[50]]);
  });
});
