import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../src/core/schema.ts';
import { queryUsage } from '../../../src/core/sql/usage.ts';
import { textTable } from './schema-fixture.ts';

const SCHEMA: Schema = {
  tables: [textTable('Singer', ['Singer_ID', 'Name', 'Age', 'Country']), textTable('concert', ['concert_ID', 'Singer_ID', 'Year'])],
};

describe('queryUsage', () => {
  it('resolves join aliases to table names', () => {
    const u = queryUsage('SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id WHERE T2.year = 2014');
    expect(u).toEqual({
      tables: ['singer', 'concert'],
      columns: [
        { table: 'singer', column: 'name' },
        { table: 'singer', column: 'singer_id' },
        { table: 'concert', column: 'singer_id' },
        { table: 'concert', column: 'year' },
      ],
    });
  });

  it('leaves an unqualified column of a join without a table unless a schema says which', () => {
    const sql = 'SELECT name, year FROM singer AS s JOIN concert AS c ON s.singer_id = c.singer_id';
    const bare = queryUsage(sql);
    expect(bare?.columns.slice(0, 2)).toEqual([
      { table: null, column: 'name' },
      { table: null, column: 'year' },
    ]);
    const withSchema = queryUsage(sql, SCHEMA);
    expect(withSchema?.tables).toEqual(['Singer', 'concert']);
    expect(withSchema?.columns).toEqual([
      { table: 'Singer', column: 'Name' },
      { table: 'concert', column: 'Year' },
      { table: 'Singer', column: 'Singer_ID' },
      { table: 'concert', column: 'Singer_ID' },
    ]);
  });

  it('gives an ambiguous unqualified column no table', () => {
    const u = queryUsage('SELECT singer_id FROM singer JOIN concert ON singer.singer_id = concert.singer_id', SCHEMA);
    expect(u?.columns[0]).toEqual({ table: null, column: 'singer_id' });
  });

  it('scopes subqueries: inner aliases, correlated outer references, derived tables', () => {
    const u = queryUsage(
      'SELECT name FROM singer AS s WHERE age > (SELECT avg(T.age) FROM singer AS T WHERE T.country = s.country) ' +
        'AND singer_id IN (SELECT d.sid FROM (SELECT singer_id AS sid FROM concert) AS d)',
    );
    expect(u?.tables).toEqual(['singer', 'concert']);
    expect(u?.columns).toEqual([
      { table: 'singer', column: 'name' },
      { table: 'singer', column: 'age' },
      { table: 'singer', column: 'country' },
      { table: 'singer', column: 'singer_id' },
      { table: null, column: 'sid' },
      { table: 'concert', column: 'singer_id' },
    ]);
  });

  it('counts neither CTE names as tables nor * and select-list aliases as columns', () => {
    const u = queryUsage('WITH big AS (SELECT * FROM singer WHERE age > 30) SELECT country, count(*) AS n FROM big GROUP BY country ORDER BY n');
    expect(u?.tables).toEqual(['singer']);
    expect(u?.columns).toEqual([
      { table: 'singer', column: 'age' },
      { table: null, column: 'country' },
    ]);
  });

  it('reads "x" compared with a column as a string, not a column', () => {
    const u = queryUsage('SELECT "name" FROM singer WHERE country = "France"');
    expect(u?.columns).toEqual([
      { table: 'singer', column: 'name' },
      { table: 'singer', column: 'country' },
    ]);
  });

  it('covers both sides of a set operation', () => {
    const u = queryUsage('SELECT name FROM singer EXCEPT SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id');
    expect(u?.tables).toEqual(['singer', 'concert']);
  });

  it('is null when no dialect parses the text', () => {
    expect(queryUsage('SELEC name FRM singer')).toBeNull();
  });
});
