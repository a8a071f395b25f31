/**
 * A WAL database whose committed rows still sat in its -wal (a running app's
 * files, or a copy taken with them) was read as the main file alone: no
 * tables, NO_SUCH_TABLE, no warning. Now the database is read with its -wal
 * as SQLite reads it (committed frames with valid salts and checksums, up to
 * the last commit), compared here with what native SQLite reads from a
 * scratch copy of the same pair, and neither file is changed.
 */
import { openSync, closeSync, ftruncateSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlRunner, WalReport } from '../../../src/engines/sql/types.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { pathRandomAccess } from '../../../src/engines/sql/worker/node-file.ts';
import { walWords } from '../../../src/engines/sql/wal-words.ts';
import { dumpWith, fingerprints, sqliteReads, walCopy, type Dump } from './wal-fixture.ts';

let dir: string;
let runner: SqlRunner;
let opened = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-wal-'));
  runner = await loadSqlRunner({ openPath: pathRandomAccess });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the pair at `path` in the runner under test and dumps it; the files' bytes and mtimes must not change. */
function readWithWal(path: string): { dump: Dump; wal: WalReport | undefined; lazy: boolean } {
  const before = fingerprints(path);
  const key = `w${++opened}`;
  const out = runner.open(key, { main: { path }, wal: { path: `${path}-wal` } });
  if (!out.ok) throw new Error(`${out.error.code}: ${out.error.message}`);
  const dump = dumpWith((sql) => {
    const r = runner.exec(key, sql, 1_000_000);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.rows as unknown[][];
  });
  const lazy = runner.memory(key).lazy !== null;
  runner.close(key);
  expect(fingerprints(path), 'the database and its -wal are unchanged').toEqual(before);
  return { dump, wal: out.wal, lazy };
}

const rows = (db: import('better-sqlite3').Database, from: number, to: number, tag: string): void => {
  const insert = db.prepare('INSERT INTO t (id, v) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = from; i < to; i++) insert.run(i, `${tag} ${i}`);
  })();
};

describe('a WAL database read with its -wal', () => {
  it('several commits not checkpointed: every committed row, as SQLite reads them', () => {
    const { path, seen } = walCopy(dir, 'several.db', (db) => {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      rows(db, 0, 100, 'first');
      rows(db, 100, 250, 'second');
      db.exec(
        "UPDATE t SET v = 'changed' WHERE id % 7 = 0; DELETE FROM t WHERE id % 11 = 0; CREATE TABLE u (x BLOB); INSERT INTO u VALUES (x'00ff10'), (NULL)",
      );
    });
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    const { dump, wal, lazy } = readWithWal(path);
    expect(dump).toEqual(seen);
    expect(dump).toEqual(sqliteReads(path));
    expect(dump.t).toHaveLength(250 - 23);
    expect(wal).toMatchObject({ read: true, commits: 7, leftOut: 0, ignored: null }); // CREATE, two batches, then four statements each its own transaction
    expect(lazy, 'a small pair is held in memory (exact row counts)').toBe(false);
    expect(walWords('several.db', wal)).toMatch(
      /^several\.db was read with its -wal: 7 committed transactions \(\d+ pages\) not yet checkpointed into the file\.$/,
    );
  });

  it('the main file alone, as before: what was checkpointed, and a report that says the database is in WAL mode', () => {
    const { path } = walCopy(dir, 'alone.db', (db) => {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      rows(db, 0, 10, 'kept');
    });
    const out = runner.open('alone', readFileSync(path));
    expect(out.ok && out.wal).toEqual({ read: false, commits: 0, pages: 0, leftOut: 0, ignored: null });
    runner.close('alone');
  });

  it('checkpointed: the -wal is empty and the main file holds everything', () => {
    const { path, seen } = walCopy(dir, 'checkpointed.db', (db) => {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      rows(db, 0, 50, 'done');
      db.pragma('wal_checkpoint(TRUNCATE)');
    });
    expect(statSync(`${path}-wal`).size).toBe(0);
    const { dump, wal } = readWithWal(path);
    expect(dump).toEqual(seen);
    expect(dump).toEqual(sqliteReads(path));
    expect(wal).toMatchObject({ read: true, commits: 0 });
  });

  it('a log restarted after a checkpoint: the new generation read, the older frames behind it left out', () => {
    const { path, seen } = walCopy(dir, 'restarted.db', (db) => {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      rows(db, 0, 400, 'old generation');
      db.pragma('wal_checkpoint(PASSIVE)');
      rows(db, 400, 405, 'new generation');
    });
    const { dump, wal } = readWithWal(path);
    expect(dump).toEqual(seen);
    expect(dump).toEqual(sqliteReads(path));
    expect(wal!.commits).toBe(1);
    expect(wal!.leftOut).toBeGreaterThan(0);
  });

  it('a torn last frame: the last transaction is left out, as SQLite leaves it out', () => {
    let beforeLast: Dump = {};
    const { path } = walCopy(dir, 'torn.db', (db) => {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      rows(db, 0, 30, 'one');
      rows(db, 30, 60, 'two');
      beforeLast = dumpWith((sql) => db.prepare(sql).raw().all() as unknown[][]);
      rows(db, 60, 61, 'torn');
    });
    const size = statSync(`${path}-wal`).size;
    const fd = openSync(`${path}-wal`, 'r+');
    ftruncateSync(fd, size - 2000); // inside the last frame (4096 + 24 bytes)
    closeSync(fd);
    const { dump, wal } = readWithWal(path);
    expect(dump).toEqual(beforeLast);
    expect(dump).toEqual(sqliteReads(path));
    expect(wal).toMatchObject({ commits: 3, leftOut: 1 });
    expect(walWords('torn.db', wal)).toContain('1 frame after the last commit left out');
  });

  it('a -wal whose header checksum is wrong is ignored, as SQLite ignores it', () => {
    const { path } = walCopy(dir, 'badheader.db', (db) => {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      rows(db, 0, 20, 'lost');
    });
    const bytes = readFileSync(`${path}-wal`);
    bytes[27]! ^= 0xff;
    writeFileSync(`${path}-wal`, bytes);
    const { dump, wal } = readWithWal(path);
    expect(dump).toEqual(sqliteReads(path));
    expect(wal).toMatchObject({ read: true, commits: 0, ignored: 'its header checksum does not match' });
    expect(walWords('badheader.db', wal)).toBe('The -wal of badheader.db was ignored, as SQLite ignores it: its header checksum does not match.');
  });

  it('a -wal of another page size is refused, naming why', () => {
    const { path } = walCopy(dir, 'main4k.db', (db) => {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      rows(db, 0, 5, 'x');
    });
    const other = walCopy(
      dir,
      'other1k.db',
      (db) => {
        db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
        rows(db, 0, 5, 'y');
      },
      { pageSize: 1024 },
    );
    writeFileSync(`${path}-wal`, readFileSync(`${other.path}-wal`));
    const out = runner.open('mixed', { main: { path }, wal: { path: `${path}-wal` } });
    expect(out.ok ? 'opened' : out.error).toMatchObject({
      code: 'CORRUPT',
      message: expect.stringContaining("its page size (1024) is not the database's (4096): it belongs to another database"),
    });
  });

  it('a big database (read on demand) with changes in its -wal: every page read from the right file', () => {
    const blob = (i: number): Buffer => Buffer.alloc(1000, i % 251);
    const { path, seen } = walCopy(dir, 'big.db', (db) => {
      db.exec('CREATE TABLE b (id INTEGER PRIMARY KEY, data BLOB)');
      const insert = db.prepare('INSERT INTO b VALUES (?, ?)');
      db.transaction(() => {
        for (let i = 0; i < 17_500; i++) insert.run(i, blob(i));
      })();
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.exec(
        "UPDATE b SET data = x'0102' WHERE id % 1000 = 0; DELETE FROM b WHERE id BETWEEN 5000 AND 5999; CREATE TABLE after (v TEXT); INSERT INTO after VALUES ('in the log only')",
      );
    });
    expect(statSync(path).size).toBeGreaterThan(16 * 2 ** 20);
    const { dump, wal, lazy } = readWithWal(path);
    expect(lazy).toBe(true);
    expect(dump.after).toEqual([['in the log only']]);
    expect(dump.b).toHaveLength(16_500);
    expect(dump).toEqual(seen);
    expect(wal!.commits).toBe(4);
  });
});
