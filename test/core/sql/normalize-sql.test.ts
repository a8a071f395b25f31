import { describe, expect, it } from 'vitest';
import { normalizeSql } from '../../../src/core/sql/normalize.ts';
import { tokenizeSql } from '../../../src/core/sql/tokenize.ts';

describe('normalizeSql', () => {
  it('collapses whitespace and folds keyword and identifier case', () => {
    expect(normalizeSql('SELECT   Name ,Age\n\tFROM   Singer')).toBe(normalizeSql('select name, age from singer'));
    expect(normalizeSql('SELECT   Name ,Age\n\tFROM   Singer')).toBe('select name, age from singer');
  });

  it('spaces calls, qualified names and operators the same however they were written', () => {
    const a = normalizeSql('SELECT count ( * ) FROM t AS T1 WHERE T1 . a>=3');
    const b = normalizeSql('select COUNT(*) from t as t1 where t1.a >= 3');
    expect(a).toBe(b);
    expect(a).toBe('select count(*) from t as t1 where t1.a >= 3');
  });

  it('keeps string literals verbatim, keywords and case inside them included', () => {
    const out = normalizeSql("SELECT a FROM t WHERE b = 'SELECT  FROM  It''s' AND c = 'Bob'");
    expect(out).toBe("select a from t where b = 'SELECT  FROM  It''s' and c = 'Bob'");
    expect(normalizeSql("select a from t where c = 'bob'")).not.toBe(normalizeSql("select a from t where c = 'Bob'"));
  });

  it('unquotes identifiers written "x", `x` or [x] when they are plain names', () => {
    const plain = normalizeSql('select name from singer');
    expect(normalizeSql('SELECT "Name" FROM `Singer`')).toBe(plain);
    expect(normalizeSql('SELECT [Name] FROM singer')).toBe(plain);
  });

  it('keeps quotes where dropping them would change the query', () => {
    expect(normalizeSql('SELECT "order", [my col] FROM t')).toBe('select "order", "my col" from t');
    expect(normalizeSql('SELECT `2nd` FROM t')).toBe('select "2nd" from t');
  });

  it('reads "x" after a comparison or in an IN list as a string, keeping its case', () => {
    expect(normalizeSql('SELECT a FROM t WHERE c = "USA"')).toBe('select a from t where c = "USA"');
    expect(normalizeSql('SELECT a FROM t WHERE c IN ("A", "b")')).toBe('select a from t where c in ("A", "b")');
    expect(normalizeSql('SELECT a FROM t WHERE c = "USA"', { maskLiterals: true })).toBe('select a from t where c = ?');
  });

  it('drops line and block comments and trailing semicolons', () => {
    const out = normalizeSql('SELECT a -- the a\nFROM /* the table */ t;;  ');
    expect(out).toBe('select a from t');
    expect(normalizeSql("SELECT '--not a comment' FROM t")).toBe("select '--not a comment' from t");
  });

  it('masks strings, numbers, blobs and signed numbers when asked', () => {
    const out = normalizeSql("SELECT a FROM t WHERE b = 'x' AND c > -1.5e3 AND d = X'AB' LIMIT 3", { maskLiterals: true });
    expect(out).toBe('select a from t where b = ? and c > ? and d = ? limit ?');
    expect(normalizeSql('SELECT a - 1 FROM t', { maskLiterals: true })).toBe('select a - ? from t');
  });

  it('is idempotent', () => {
    for (const sql of ['SELECT "Name", [x y] FROM t WHERE a = "B" AND c IN (1,2) -- c', "select count(*) from t where a like '%x%' order by b desc;"]) {
      const once = normalizeSql(sql);
      expect(normalizeSql(once)).toBe(once);
    }
  });

  it('never throws on unterminated strings or comments', () => {
    expect(normalizeSql("SELECT 'abc")).toBe("select 'abc");
    expect(normalizeSql('SELECT a /* open')).toBe('select a');
  });
});

describe('tokenizeSql', () => {
  it('gives the input back when its tokens are joined', () => {
    const sql = "SELECT [a b], `c`, \"d\" FROM t -- x\nWHERE e = 'f''g' AND h <> ?1 /* y */;";
    expect(
      tokenizeSql(sql)
        .map((t) => t.text)
        .join(''),
    ).toBe(sql);
  });
});
