/**
 * The one scope resolver: nested scopes (a subquery's own alias wins, the outer
 * ones stay visible), SQLite's strict reading of a qualifier beside the lenient
 * one usage and structure keys use, ambiguity, and the flat whole-statement
 * alias map the ORM's facts read.
 */
import { describe, expect, it } from 'vitest';
import { walk, type Node } from '../../../src/core/sql/ast.ts';
import { collectSelects, findColumn, lookup, resolve, sourceByRef } from '../../../src/core/sql/scope.ts';
import { statementAliases } from '../../../src/core/sql/statement-aliases.ts';
import { parsed, SINGER_CONCERT } from './schema-fixture.ts';

const SCHEMA = SINGER_CONCERT;
const ast = parsed;

const ref = (q: string | null, column: string): Node => ({ type: 'column_ref', table: q, column });

describe('scope resolver', () => {
  it('lets a subquery reuse an outer alias for its own table while outer aliases stay visible', () => {
    const sites = collectSelects(
      ast('SELECT T1.name FROM singer AS T1 WHERE T1.age > (SELECT avg(T1.year) FROM concert AS T1 WHERE T1.singer_id = T2.singer_id)'),
      SCHEMA,
    );
    expect(sites).toHaveLength(2);
    const [outer, inner] = sites;
    expect(inner!.scope.parent).toBe(outer!.scope);
    expect(sourceByRef(outer!.scope, 't1')?.table?.name).toBe('singer');
    expect(sourceByRef(inner!.scope, 't1')?.table?.name).toBe('concert');
    expect(resolve(inner!.scope, ref('T1', 'year'))?.column.name).toBe('year');
    expect(resolve(inner!.scope, ref('T1', 'age'))).toBeNull();
  });

  it('reads a table name behind an alias strictly for mutations and leniently for usage', () => {
    const [site] = collectSelects(ast('SELECT singer.name FROM singer AS T1'), SCHEMA);
    expect(sourceByRef(site!.scope, 'singer')).toBeNull();
    expect(lookup(site!.scope, 'singer')?.name).toBe('singer');
  });

  it('calls an unqualified name in two sources of one SELECT ambiguous, and finds one in the enclosing SELECT', () => {
    const [outer, inner] = collectSelects(ast('SELECT singer_id FROM singer JOIN concert ON 1 WHERE age IN (SELECT age FROM concert)'), SCHEMA);
    expect(findColumn(outer!.scope, 'singer_id')).toBe('ambiguous');
    expect(resolve(outer!.scope, ref(null, 'singer_id'))).toBeNull();
    expect(findColumn(inner!.scope, 'age')).toMatchObject({ source: { ref: 'singer' }, column: { name: 'age' } });
    expect(findColumn(inner!.scope, 'name', (s) => s.kind === 'derived')).toBeNull();
  });

  it('gives a subquery in FROM pseudo columns from its select list', () => {
    const [outer] = collectSelects(ast('SELECT d.n FROM (SELECT name AS n, age FROM singer) AS d'), SCHEMA);
    expect(outer!.scope.sources.map((s) => [s.ref, s.kind, s.columns.map((c) => c.name)])).toEqual([['d', 'derived', ['n', 'age']]]);
    expect(resolve(outer!.scope, ref('d', 'n'))?.column.type).toBe('');
  });

  it('reads a whole statement with one flat alias map, the later alias winning', () => {
    const aliases = statementAliases();
    walk(ast('SELECT T1.name FROM singer AS T1 WHERE T1.singer_id IN (SELECT T1.singer_id FROM concert AS T1)'), [], (n) => void aliases.add(n), {
      intoSelects: true,
      intoCompound: true,
    });
    expect([...aliases.tables]).toEqual(['singer', 'concert']);
    expect(aliases.resolve('t1')).toBe('concert');
    expect(aliases.resolve('concert')).toBe('concert');
    expect(aliases.resolve(null)).toBeNull();
  });
});
