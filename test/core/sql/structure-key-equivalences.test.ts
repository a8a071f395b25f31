import { describe, expect, it } from 'vitest';
import { structureKey } from '../../../src/core/sql/structure.ts';

const key = (sql: string): string => {
  const k = structureKey(sql);
  expect(k.parsed, sql).toBe(true);
  return k.key;
};

const BASE =
  'SELECT T1.name, count(*) FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id ' +
  "WHERE T1.age > 20 AND T2.year = '2014' AND T1.country IN ('France', 'Spain') GROUP BY T1.name";

describe('structureKey: the same query written differently gets one key', () => {
  it('renamed table aliases, or none', () => {
    const renamed = BASE.replace(/T1\./g, 'a.').replace(/T2\./g, 'b.').replace('AS T1', 'AS a').replace('AS T2', 'b');
    const unaliased = BASE.replace(/T1\./g, 'singer.').replace(/T2\./g, 'concert.').replace(' AS T1', '').replace(' AS T2', '');
    expect(key(renamed)).toBe(key(BASE));
    expect(key(unaliased)).toBe(key(BASE));
  });

  it('changed literal values', () => {
    expect(key(BASE.replace('20', '65').replace("'2014'", "'1999'").replace("'Spain'", "'Italy'"))).toBe(key(BASE));
    expect(key('SELECT a FROM t WHERE b = "x"')).toBe(key("SELECT a FROM t WHERE b = 'y'"));
    expect(key('SELECT a FROM t WHERE b > -5')).toBe(key('SELECT a FROM t WHERE b > 7'));
  });

  it('AND operands swapped, nested or flattened', () => {
    const swapped = BASE.replace(
      "T1.age > 20 AND T2.year = '2014' AND T1.country IN ('France', 'Spain')",
      "T1.country IN ('France', 'Spain') AND (T2.year = '2014' AND T1.age > 20)",
    );
    expect(key(swapped)).toBe(key(BASE));
    expect(key('SELECT a FROM t WHERE (x = 1 OR y = 2) OR z = 3')).toBe(key('SELECT a FROM t WHERE z = 3 OR y = 2 OR x = 1'));
  });

  it('IN lists reordered', () => {
    expect(key('SELECT a FROM t WHERE b IN (c, d, e)')).toBe(key('SELECT a FROM t WHERE b IN (e, c, d)'));
  });

  it('comparison operands swapped, and <> written !=', () => {
    expect(key('SELECT a FROM t JOIN u ON t.id = u.tid')).toBe(key('SELECT a FROM t JOIN u ON u.tid = t.id'));
    expect(key('SELECT a FROM t WHERE b > 3')).toBe(key('SELECT a FROM t WHERE 3 < b'));
    expect(key('SELECT a FROM t WHERE b <> 3')).toBe(key('SELECT a FROM t WHERE 3 != b'));
  });

  it('keyword and identifier case, quotes, brackets and layout', () => {
    expect(key('select NAME from SINGER where AGE >= 3')).toBe(key('SELECT `name` FROM "singer" WHERE [age]>=3'));
  });

  it('a select-list alias used in ORDER BY, or the expression itself', () => {
    expect(key('SELECT name, count(*) AS n FROM t GROUP BY name ORDER BY n DESC')).toBe(
      key('SELECT name, count(*) FROM t GROUP BY name ORDER BY count(*) DESC'),
    );
  });

  it('a subquery alias renamed', () => {
    expect(key('SELECT d.x FROM (SELECT x FROM t) AS d')).toBe(key('SELECT q.x FROM (SELECT x FROM t) AS q'));
  });
});

describe('structureKey: different queries get different keys', () => {
  it('a different column', () => {
    expect(key('SELECT name FROM singer WHERE age > 3')).not.toBe(key('SELECT name FROM singer WHERE id > 3'));
    expect(key('SELECT name FROM singer')).not.toBe(key('SELECT country FROM singer'));
  });

  it('a different table, operator, aggregate, direction or set operation', () => {
    const base = key('SELECT name FROM singer WHERE age > 3 ORDER BY name');
    expect(key('SELECT name FROM artist WHERE age > 3 ORDER BY name')).not.toBe(base);
    expect(key('SELECT name FROM singer WHERE age >= 3 ORDER BY name')).not.toBe(base);
    expect(key('SELECT name FROM singer WHERE age > 3 ORDER BY name DESC')).not.toBe(base);
    expect(key('SELECT max(age) FROM singer')).not.toBe(key('SELECT min(age) FROM singer'));
    expect(key('SELECT a FROM t UNION SELECT a FROM u')).not.toBe(key('SELECT a FROM t EXCEPT SELECT a FROM u'));
  });

  it('which side of a self-join a column comes from', () => {
    const a = key('SELECT x.name FROM emp AS x JOIN emp AS y ON x.boss = y.id');
    const b = key('SELECT y.name FROM emp AS x JOIN emp AS y ON x.boss = y.id');
    expect(a).not.toBe(b);
  });

  it('operands of a non-commutative comparison kept apart', () => {
    expect(key('SELECT a FROM t WHERE b > c')).not.toBe(key('SELECT a FROM t WHERE c > b'));
  });
});
