import { describe, expect, it } from 'vitest';
import { extractSql, looksLikeSql } from '../../../src/core/prompt/extract-sql.ts';

describe('extractSql takes the query out of a model reply', () => {
  it.each([
    ['a bare query', 'SELECT name FROM singer', 'SELECT name FROM singer'],
    ['a trailing semicolon', 'SELECT name FROM singer;', 'SELECT name FROM singer'],
    ['several trailing semicolons and spaces', 'SELECT 1 ;;  \n', 'SELECT 1'],
    ['a sql fence', '```sql\nSELECT count(*) FROM singer;\n```', 'SELECT count(*) FROM singer'],
    ['a fence without a language', '```\nSELECT a FROM t\n```', 'SELECT a FROM t'],
    ['a sqlite fence in capitals', '```SQLite\nSELECT a FROM t\n```', 'SELECT a FROM t'],
    ['a tilde fence', '~~~sql\nSELECT a FROM t\n~~~', 'SELECT a FROM t'],
    ['leading prose before a fence', 'Here is the query you asked for:\n\n```sql\nSELECT a FROM t\n```', 'SELECT a FROM t'],
    [
      'a trailing explanation after a fence',
      '```sql\nSELECT a FROM t WHERE b > 3\n```\n\nThis query selects a from t where b is larger than 3.',
      'SELECT a FROM t WHERE b > 3',
    ],
    ['a one-line fence', '```sql SELECT 1 FROM t```', 'SELECT 1 FROM t'],
    ['a one-line fence with no tag', '```SELECT 1 FROM t```', 'SELECT 1 FROM t'],
    ['a fence cut off by the token limit', '```sql\nSELECT name FROM singer WHERE age >', 'SELECT name FROM singer WHERE age >'],
    ['a SQL: label', 'SQL: SELECT a FROM t;', 'SELECT a FROM t'],
    ['a Query: label on its own line', 'Sure.\nQuery: SELECT a FROM t', 'SELECT a FROM t'],
    ['a label inside the fence', '```sql\nSQL: SELECT a FROM t\n```', 'SELECT a FROM t'],
    ['leading comments in the fence', '```sql\n-- names of singers\n/* all */ SELECT name FROM singer\n```', 'SELECT name FROM singer'],
    [
      'prose around a bare query, cut at the blank line',
      'To answer this we need:\n\nSELECT name\nFROM singer\nWHERE age > 30\n\nThis returns the names.',
      'SELECT name\nFROM singer\nWHERE age > 30',
    ],
    ['a query in inline code', 'The query `SELECT name FROM singer` lists them.', 'SELECT name FROM singer'],
    ['a WITH query', '```sql\nWITH x AS (SELECT 1 AS v) SELECT v FROM x\n```', 'WITH x AS (SELECT 1 AS v) SELECT v FROM x'],
    ['a lower-case bare reply', 'select name from singer', 'select name from singer'],
    ['a <think> block before the answer', '<think>maybe SELECT * FROM wrong</think>\n```sql\nSELECT a FROM t\n```', 'SELECT a FROM t'],
    ['Windows line endings', '```sql\r\nSELECT a\r\nFROM t\r\n```', 'SELECT a\nFROM t'],
  ])('handles %s', (_name, raw, expected) => {
    expect(extractSql(raw)).toBe(expected);
  });

  it('takes the first SQL-looking fence when there are several', () => {
    const raw = '```python\nprint("hi")\n```\n```sql\nSELECT a FROM t\n```\nOr:\n```sql\nSELECT b FROM t\n```';
    expect(extractSql(raw)).toBe('SELECT a FROM t');
  });

  it('keeps only the first statement, ignoring semicolons in strings, identifiers and comments', () => {
    const raw = '```sql\nSELECT \'a;b\', "c;d", [e;f] FROM t /* ; */ WHERE x = 1; DROP TABLE t;\n```';
    expect(extractSql(raw)).toBe('SELECT \'a;b\', "c;d", [e;f] FROM t /* ; */ WHERE x = 1');
  });

  it('keeps a doubled quote inside a string', () => {
    expect(extractSql("SELECT * FROM t WHERE name = 'O''Neil; Jr'")).toBe("SELECT * FROM t WHERE name = 'O''Neil; Jr'");
  });

  it.each([
    ['a refusal', 'I cannot answer this question with the given schema.'],
    ['an empty reply', ''],
    ['a fence with no SQL in it', '```python\nprint(1)\n```'],
    ['prose that only mentions selecting', 'You should select the rows with the largest value.'],
    ['only a label', 'SQL:'],
  ])('gives null for %s', (_name, raw) => {
    expect(extractSql(raw)).toBeNull();
  });
});

describe('looksLikeSql', () => {
  it('accepts statements after comments and a label, and rejects prose', () => {
    expect(looksLikeSql('-- c\nSELECT 1')).toBe(true);
    expect(looksLikeSql('SQL: (SELECT 1)')).toBe(true);
    expect(looksLikeSql('The answer is 3')).toBe(false);
  });
});
