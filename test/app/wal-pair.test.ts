/** Which of the files given is the database and which its -wal, and what the page says about a WAL database. */
import { describe, expect, it } from 'vitest';
import { pairFiles, walNotice } from '../../src/app/database/wal-pair.ts';

const file = (name: string): File => new File([new Uint8Array(1)], name);

describe('pairFiles', () => {
  it('finds the database and its -wal in any order, leaving a -shm aside', () => {
    const db = file('shop.sqlite');
    const wal = file('shop.sqlite-wal');
    expect(pairFiles([wal, file('shop.sqlite-shm'), db])).toEqual({ ok: true, db, wal });
    expect(pairFiles([db])).toEqual({ ok: true, db, wal: null });
  });

  it('refuses side files alone, two databases, or two logs, saying why', () => {
    expect(pairFiles([file('a.db-wal')])).toMatchObject({ ok: false, message: expect.stringContaining('a.db-wal is a side file of a SQLite database') });
    expect(pairFiles([file('a.db'), file('b.db')])).toMatchObject({
      ok: false,
      message: expect.stringContaining('Choose one database at a time (got a.db, b.db)'),
    });
    expect(pairFiles([file('a.db'), file('a.db-wal'), file('b.db-wal')])).toMatchObject({
      ok: false,
      message: expect.stringContaining('Choose one -wal with a.db'),
    });
  });
});

describe('walNotice', () => {
  it('says nothing for a database in rollback mode, what the -wal gave, or how to include it', () => {
    expect(walNotice('a.db', null, 3)).toBeNull();
    expect(walNotice('a.db', { read: true, commits: 2, pages: 5, leftOut: 0, ignored: null }, 3)).toBe(
      'a.db was read with its -wal: 2 committed transactions (5 pages) not yet checkpointed into the file.',
    );
    const alone = walNotice('a.db', { read: false, commits: 0, pages: 0, leftOut: 0, ignored: null }, 3)!;
    expect(alone).toMatch(/^It is in WAL mode and was opened without its -wal/);
    expect(walNotice('a.db', { read: false, commits: 0, pages: 0, leftOut: 0, ignored: null }, 0)).toBe(`a.db shows no tables. ${alone}`);
  });
});
