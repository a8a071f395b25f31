/**
 * A database read on demand (a path, as the Node workers get it): the same
 * answers as bytes in memory, the file never written and never copied whole
 * (memory stays at the cache bound while a query reads every page), a corrupt
 * page met mid-query is CORRUPT at once, and a file that changes under the
 * reader says so.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { pathRandomAccess } from '../../../src/engines/sql/worker/node-file.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { seededBytes, walDatabases } from '../../../scripts/hostile-files.ts';
import { writeBigDatabase } from '../../../scripts/big-database.ts';
import { WRITES, fixtureBytes, sha256 } from './fixture.ts';

const MiB = 2 ** 20;
const CACHE_BOUND = 8 * MiB;

let dir: string;
let runner: SqlRunner;
let inMemory: SqlRunner;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-lazy-'));
  runner = await loadSqlRunner({ openPath: pathRandomAccess, lazyCacheBytes: CACHE_BOUND });
  inMemory = await loadSqlRunner();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** sha-256 of a file read 1 MiB at a time (no copy of the whole file in this process's memory). */
function fileSha256(path: string): string {
  const hash = createHash('sha256');
  const buffer = new Uint8Array(MiB);
  const fd = openSync(path, 'r');
  try {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

const strip = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v: unknown) => (k === 'ms' ? undefined : v)));

describe('a database read on demand', () => {
  it('answers as the same bytes in memory do, and refuses every write without touching the file', async () => {
    const bytes = await fixtureBytes();
    const path = join(dir, 'fixture.sqlite');
    writeFileSync(path, bytes);
    const before = { sha: sha256(readFileSync(path)), mtime: statSync(path).mtimeMs };
    expect(runner.open('lazy', { path })).toMatchObject({ ok: true });
    expect(inMemory.open('mem', bytes)).toMatchObject({ ok: true });
    const queries = [
      'SELECT * FROM book ORDER BY id',
      'SELECT a.name, count(*) FROM author a JOIN book b ON b.author_id = a.id GROUP BY a.id',
      'SELECT * FROM nums WHERE i > 45',
    ];
    for (const sql of queries) expect(strip(runner.exec('lazy', sql))).toEqual(strip(inMemory.exec('mem', sql)));
    for (const sql of WRITES) expect(runner.exec('lazy', sql)).toMatchObject({ ok: false });
    const lazySchema = runner.schema('lazy');
    const memSchema = inMemory.schema('mem');
    expect(lazySchema.ok && memSchema.ok).toBe(true);
    if (!lazySchema.ok || !memSchema.ok) return;
    // Same tables, columns and samples; counts are estimates (largest rowid), labelled so.
    expect(lazySchema.schema.tables.map((t) => ({ ...t, rowCount: 0, rowCountKind: undefined }))).toEqual(
      memSchema.schema.tables.map((t) => ({ ...t, rowCount: 0, rowCountKind: undefined })),
    );
    expect(lazySchema.schema.tables.map((t) => [t.name, t.rowCount, t.rowCountKind])).toContainEqual(['nums', 50, 'estimate']);
    expect(runner.check('lazy')).toMatchObject({ ok: true });
    runner.close('lazy');
    expect({ sha: sha256(readFileSync(path)), mtime: statSync(path).mtimeMs }).toEqual(before);
  });

  it('reads every page of a 96 MiB file with memory held at the cache bound, and leaves its bytes unchanged', () => {
    const big = writeBigDatabase(join(dir, 'big.sqlite'), 96, { index: false });
    const before = fileSha256(big.path);
    const rssBefore = process.memoryUsage().rss;
    expect(runner.open('big', { path: big.path })).toMatchObject({ ok: true });
    const opened = runner.memory('big');
    expect(opened.lazy!.bytesRead).toBeLessThan(MiB); // the open read the header and the schema, not the file
    const scan = runner.exec('big', 'SELECT count(*), sum(length(body)), sum(grp) FROM item');
    expect(scan.ok && scan.rows[0]![0]).toBe(big.rows);
    const after = runner.memory('big');
    expect(after.lazy!.bytesRead).toBeGreaterThan(big.bytes * 0.9); // every page was read…
    expect(after.lazy!.cachedBytes).toBeLessThanOrEqual(CACHE_BOUND / 2); // …and the block cache kept its bound
    expect(after.sqliteHeapBytes).toBeLessThan(CACHE_BOUND / 2 + 4 * MiB); // SQLite's page cache too (plus its own state)
    const grown = process.memoryUsage().rss - rssBefore;
    console.log(
      `96 MiB file read on demand: ${(after.lazy!.bytesRead / MiB).toFixed(0)} MiB read, SQLite heap ${(after.sqliteHeapBytes / MiB).toFixed(1)} MiB, RSS grew ${(grown / MiB).toFixed(0)} MiB`,
    );
    expect(grown).toBeLessThan(big.bytes); // a copy would add the whole file on top of the cache bound; RSS also moves by tens of MiB with GC
    runner.close('big');
    expect(fileSha256(big.path)).toBe(before);
  }, 120_000);

  it('opens a file whose data pages are damaged (header and schema intact) and fails CORRUPT on the first query that meets one', () => {
    const big = writeBigDatabase(join(dir, 'damaged.sqlite'), 4, { index: false });
    const bytes = readFileSync(big.path);
    const half = Math.floor(bytes.length / 2);
    bytes.set(seededBytes(bytes.length - half, 9), half);
    writeFileSync(big.path, bytes);
    expect(runner.open('damaged', { path: big.path })).toMatchObject({ ok: true }); // header-only open
    const t0 = performance.now();
    const out = runner.exec('damaged', 'SELECT count(*), sum(grp) FROM item');
    expect(out.ok ? 'OK' : out.error.code).toBe('CORRUPT');
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(runner.check('damaged')).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    expect(runner.exec('damaged', 'SELECT name FROM sqlite_master')).toMatchObject({ ok: true, rows: [['item']] }); // still usable
    runner.close('damaged');
  });

  it('says the file changed when it is cut short while open', () => {
    const big = writeBigDatabase(join(dir, 'shrinks.sqlite'), 4, { index: false });
    expect(runner.open('shrinks', { path: big.path })).toMatchObject({ ok: true });
    truncateSync(big.path, 8192);
    const out = runner.exec('shrinks', 'SELECT count(*) FROM item');
    expect(out).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    if (!out.ok) expect(out.error.message).toMatch(/could not be read.*changed/);
    runner.close('shrinks');
  });

  it('reads a WAL-mode file (checkpointed) and closes it without writing it', () => {
    const wal = walDatabases(mkdtempSync(join(dir, 'wal-')));
    const path = join(dir, 'wal.sqlite');
    writeFileSync(path, wal.checkpointed);
    const before = sha256(readFileSync(path));
    expect(runner.open('wal', { path })).toMatchObject({ ok: true });
    expect(runner.exec('wal', 'SELECT count(*) FROM w')).toMatchObject({ ok: true, rows: [[wal.rows]] });
    expect(runner.close('wal')).toBe(true);
    expect(sha256(readFileSync(path))).toBe(before);
  });

  it('refuses a path that is not a SQLite file with the usual errors', () => {
    const text = join(dir, 'dump.sql');
    writeFileSync(text, 'CREATE TABLE t (a);\nINSERT INTO t VALUES (1);\n');
    expect(runner.open('text', { path: text })).toMatchObject({ ok: false, error: { code: 'NOT_SQLITE', message: expect.stringMatching(/SQL text dump/) } });
    expect(runner.open('missing', { path: join(dir, 'nope.sqlite') })).toMatchObject({ ok: false, error: { code: 'NOT_SQLITE' } });
    expect(() => runner.exec('text', 'SELECT 1')).toThrow(RangeError);
  });
});
