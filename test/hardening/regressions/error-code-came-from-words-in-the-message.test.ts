/**
 * Regression: error codes were read from words anywhere in SQLite's message,
 * so `SELECT json('{')` ("malformed JSON") was CORRUPT, "the database file is
 * damaged … try a fresh copy", and a function whose name held "query_only"
 * was READONLY. The code now comes from SQLite's own result code (read off
 * the connection right after the failure), and within SQLITE_ERROR from the
 * fixed start of SQLite's message formats ("no such table: ", …), never from
 * a word a query can put inside a message.
 */
import { describe, expect, it } from 'vitest';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { fixtureBytes } from '../../engines/sql/fixture.ts';

const cases: [sql: string, code: string, why: string][] = [
  ["SELECT json('{')", 'SQLITE_ERROR', 'malformed JSON is not a damaged file'],
  ["SELECT json_extract(title, '$.a') FROM book WHERE id = 1", 'SQLITE_ERROR', 'a text value that is not JSON is not a damaged file'],
  ['SELECT malformed(1)', 'SQLITE_ERROR', 'an unknown function named "malformed"'],
  ['SELECT my_query_only_check(1)', 'SQLITE_ERROR', 'an unknown function whose name holds query_only is not a write'],
  ['SELECT corrupt_disk_image(1)', 'SQLITE_ERROR', 'an unknown function named after corruption'],
  ['SELECT [syntax error] FROM book', 'NO_SUCH_COLUMN', 'a column named "syntax error" is a missing column'],
  ['SELECT * FROM [attempt to write a readonly database]', 'NO_SUCH_TABLE', 'a table named after a refused write is a missing table'],
  ['SELECT [out of memory] FROM book', 'NO_SUCH_COLUMN', 'a column named "out of memory" is not a memory bomb'],
  ['SELECT [file is not a database] FROM book', 'NO_SUCH_COLUMN', 'a column named "file is not a database"'],
  // The codes that are right stay right.
  ['SELECT 1 FROM', 'SYNTAX', 'incomplete input'],
  ['SELECT name FROM nowhere', 'NO_SUCH_TABLE', 'a missing table'],
  ['SELECT nope FROM book', 'NO_SUCH_COLUMN', 'a missing column'],
  ['SELECT id FROM book, author', 'AMBIGUOUS_COLUMN', 'an ambiguous column'],
  ['SELECT zeroblob(2000000000)', 'TOO_LARGE', 'a value too big'],
  ['DELETE FROM nums', 'READONLY', 'a write'],
];

describe("an error code is SQLite's result code, not a word in the message", () => {
  it.each(cases)('%s → %s (%s)', async (sql, code) => {
    const runner = await loadSqlRunner();
    runner.open('db', await fixtureBytes());
    const out = runner.exec('db', sql);
    expect(out.ok ? 'OK' : out.error.code).toBe(code);
    if (!out.ok && code !== 'CORRUPT') expect(out.error.message).not.toMatch(/damaged|fresh copy/);
  });
});
