/**
 * The scope rule (sql/scope.ts), one example per construct, read by the three
 * readers that share it: the scopes themselves (what each SELECT sees beyond
 * its own FROM), usage (tables and columns) and structure keys (canonical
 * forms). Each example states SQLite's reading and checks that all three give it.
 */
import { describe, expect, it } from 'vitest';
import { collectSelects, lookup, type Scope } from '../../../src/core/sql/scope.ts';
import { structureKey } from '../../../src/core/sql/structure.ts';
import { queryUsage } from '../../../src/core/sql/usage.ts';
import { parsed, SINGER_CONCERT } from './schema-fixture.ts';

const SCHEMA = SINGER_CONCERT;
const ast = parsed;

/** Each SELECT's path, with what it binds and what it sees beyond its FROM, as `name:kind` lists. */
function scopes(sql: string): Record<string, { own: string[]; beyond: string[] }> {
  const items = (s: Scope | null): string[] => (s === null ? [] : s.items.map((b) => `${b.alias ?? b.name}:${b.kind}`));
  const beyond = (s: Scope): string[] => (s.parent === null ? [] : [...items(s.parent), ...beyond(s.parent)]);
  return Object.fromEntries(collectSelects(ast(sql), SCHEMA).map((s) => [s.path.join('.') || 'top', { own: items(s.scope), beyond: beyond(s.scope) }]));
}

const tablesOf = (sql: string): readonly string[] | undefined => queryUsage(sql, SCHEMA)?.tables;
const key = (sql: string): string => structureKey(sql).key;

describe('CTEs', () => {
  it('are visible to a later CTE, not taken for tables there', () => {
    const sql = 'WITH a AS (SELECT name FROM singer), b AS (SELECT a.name FROM a) SELECT name FROM b';
    expect(scopes(sql)).toEqual({
      top: { own: ['b:cte'], beyond: [] },
      'with.0.stmt.ast': { own: ['singer:table'], beyond: [] },
      'with.1.stmt.ast': { own: ['a:cte'], beyond: [] },
    });
    expect(tablesOf(sql)).toEqual(['singer']);
    expect(queryUsage(sql, SCHEMA)?.columns).toEqual([
      { table: 'singer', column: 'name' },
      { table: null, column: 'name' },
    ]);
    expect(key(sql)).toBe(key('WITH a AS (SELECT name FROM singer), b AS (SELECT x.name FROM a AS x) SELECT name FROM b'));
  });

  it('are visible to an earlier CTE and to their own body, as SQLite resolves them', () => {
    expect(tablesOf('WITH a AS (SELECT name FROM b), b AS (SELECT name FROM singer) SELECT name FROM a')).toEqual(['singer']);
    const recursive = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5) SELECT x FROM n';
    expect(scopes(recursive)['with.0.stmt.ast._next']).toEqual({ own: ['n:cte'], beyond: [] });
    expect(tablesOf(recursive)).toEqual([]);
  });

  it('are visible in every compound part and in derived tables', () => {
    const compound = 'WITH big AS (SELECT * FROM singer WHERE age > 30) SELECT name FROM big UNION SELECT name FROM big';
    expect(scopes(compound)._next).toEqual({ own: ['big:cte'], beyond: [] });
    expect(tablesOf(compound)).toEqual(['singer']);
    const derived = 'WITH big AS (SELECT * FROM singer WHERE age > 30) SELECT d.name FROM (SELECT name FROM big) AS d';
    expect(scopes(derived)['from.0.expr.ast']).toEqual({ own: ['big:cte'], beyond: [] });
    expect(tablesOf(derived)).toEqual(['singer']);
  });

  it('see, in a subquery, the query around that subquery, not the FROM of the SELECT they head', () => {
    const sql =
      'SELECT T1.name FROM singer AS T1 WHERE T1.age IN (WITH c AS (SELECT year FROM concert WHERE concert.singer_id = T1.singer_id) SELECT year FROM c)';
    expect(scopes(sql)['where.right.value.0.ast.with.0.stmt.ast']).toEqual({ own: ['concert:table'], beyond: ['T1:table'] });
    expect(queryUsage(sql, SCHEMA)?.columns).toContainEqual({ table: 'singer', column: 'singer_id' });
    expect(key(sql)).toBe(key(sql.replaceAll('T1', 'S')));
  });
});

describe('a derived table', () => {
  // SQLite rejects this query (no such column: T1.age): a FROM subquery cannot read its siblings.
  const sql = 'SELECT T1.name FROM singer AS T1 JOIN (SELECT singer_id FROM concert WHERE concert.year = T1.age) AS d ON T1.singer_id = d.singer_id';

  it("sees what its SELECT sees from outside, never that SELECT's other FROM items", () => {
    const [top, derived] = collectSelects(ast(sql), SCHEMA);
    expect(derived!.scope.parent).toBeNull();
    expect(lookup(derived!.scope, 'T1')).toBeNull();
    expect(lookup(top!.scope, 'T1')?.name).toBe('singer');
    expect(queryUsage(sql, SCHEMA)?.columns).toContainEqual({ table: 'T1', column: 'age' });
    // The unbound qualifier stays as written in the key, so renaming the alias shows.
    expect(key(sql)).not.toBe(key(sql.replaceAll('T1', 'S')));
  });
});

describe('a correlated subquery in an expression', () => {
  const sql = 'SELECT name FROM singer AS s WHERE EXISTS (SELECT 1 FROM concert AS c WHERE c.singer_id = s.singer_id)';

  it('sees the SELECT holding it', () => {
    const [outer, inner] = collectSelects(ast(sql), SCHEMA);
    expect(inner!.scope.parent).toBe(outer!.scope);
    expect(queryUsage(sql, SCHEMA)?.columns).toEqual([
      { table: 'singer', column: 'name' },
      { table: 'concert', column: 'singer_id' },
      { table: 'singer', column: 'singer_id' },
    ]);
    expect(key(sql)).toBe(key(sql.replaceAll('s.', 'x.').replace('AS s', 'AS x')));
  });
});

describe('compound parts', () => {
  const sql = 'SELECT T1.singer_id FROM singer AS T1 EXCEPT SELECT T1.singer_id FROM concert AS T1';

  it('each have their own FROM and see only what the compound sees from outside', () => {
    expect(scopes(sql)).toEqual({ top: { own: ['T1:table'], beyond: [] }, _next: { own: ['T1:table'], beyond: [] } });
    expect(queryUsage(sql, SCHEMA)?.columns).toEqual([
      { table: 'singer', column: 'singer_id' },
      { table: 'concert', column: 'singer_id' },
    ]);
    expect(key(sql)).not.toBe(key('SELECT T1.singer_id FROM singer AS T1 EXCEPT SELECT T1.singer_id FROM singer AS T1'));
  });
});
