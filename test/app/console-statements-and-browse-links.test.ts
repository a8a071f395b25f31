/**
 * The console's and the browser's pure parts on Node: which statement runs
 * when the editor holds several (the one under the cursor, the selection, or
 * the one a link numbers), the browser's state read from and written to its
 * URL (columns the table lacks and values that are not plain literals are
 * left out, and said), and a foreign key's value as a link to the row it
 * names.
 */
import { describe, expect, it } from 'vitest';
import { foreignKeyLinks } from '../../src/app/browse/links.ts';
import { browseParams, cellLiteral, isSqlLiteral, literalCell, readBrowseParams } from '../../src/app/browse/route.ts';
import { pickStatement } from '../../src/app/console/statements.ts';
import { parseRoute, routeHash, routeSearch } from '../../src/app/router.ts';
import type { TableInfo } from '../../src/core/schema.ts';

const column = (name: string) => ({ name, type: 'TEXT', notNull: false, pk: 0, samples: [] });
const books: TableInfo = {
  name: 'books',
  columns: ['book_id', 'title', 'genre', 'author_id', 'store', 'shelf'].map(column),
  primaryKey: ['book_id'],
  foreignKeys: [
    { from: ['author_id'], table: 'authors', to: ['author_id'] },
    { from: ['store', 'shelf'], table: 'shelves', to: ['store_id', 'shelf_no'] },
  ],
  rowCount: 3,
  sql: '',
};

describe('the statement under the cursor', () => {
  const text = "SELECT 1;\n-- the second\nSELECT 'a;b' AS x;\n\nSELECT 3";
  it('runs the statement the cursor is in, or just after its semicolon', () => {
    expect(pickStatement(text, { from: 3, to: 3 })).toMatchObject({ sql: 'SELECT 1;', index: 0, count: 3 });
    expect(pickStatement(text, { from: 9, to: 9 }).index).toBe(0); // right after `;`
    const second = pickStatement(text, { from: text.indexOf("'a;b'"), to: text.indexOf("'a;b'") });
    expect(second).toMatchObject({ sql: "-- the second\nSELECT 'a;b' AS x;", index: 1 });
    expect(text.slice(second.start, second.start + second.sql.length)).toBe(second.sql);
    expect(text.slice(second.from, second.from + 6)).toBe('SELECT');
    expect(pickStatement(text, { from: text.length, to: text.length })).toMatchObject({ sql: 'SELECT 3', index: 2 });
  });

  it('runs the selection when there is one, and the statement a link numbers', () => {
    expect(pickStatement(text, { from: 0, to: 8 })).toMatchObject({ sql: 'SELECT 1', selected: true, count: 1 });
    expect(pickStatement(text, { index: 2 }).sql).toBe('SELECT 3');
    expect(pickStatement(text, { index: 9 }).index).toBe(2);
    expect(pickStatement('SELECT 1', { from: 0, to: 0 })).toMatchObject({ sql: 'SELECT 1', count: 1, selected: false });
  });
});

describe('the browser in its URL', () => {
  it('writes a sorted, faceted, filtered page and reads it back', () => {
    const state = {
      table: 'books',
      sort: { column: 'title', direction: 'desc' as const },
      filters: [
        { column: 'genre', literal: "'Poetry'" },
        { column: 'genre', literal: 'NULL' },
      ],
      facets: ['genre', 'author_id'],
      page: 2,
    };
    const hash = routeHash('browse', browseParams(state));
    expect(hash).toBe('#browse?table=books&sort=title&dir=desc&facet=genre&facet=author_id&f.genre=%27Poetry%27&f.genre=NULL&page=3');
    const back = readBrowseParams(parseRoute(hash).params, books);
    expect(back).toEqual({ state, dropped: [] });
    expect(routeSearch(browseParams(state)).getAll('facet')).toEqual(['genre', 'author_id']);
  });

  it('leaves out what the table lacks and any filter value that is not a plain literal, and says so', () => {
    const read = readBrowseParams(new URLSearchParams("table=books&sort=price&facet=GENRE&f.title=1 OR 1=1&f.nope=1&f.genre='x'''"), books);
    expect(read.state).toEqual({ table: 'books', sort: null, filters: [{ column: 'genre', literal: "'x'''" }], facets: ['genre'], page: 0 });
    expect(read.dropped).toEqual([
      'the sort on "price" (books has no such column)',
      'the filter on "title" (its value is not a plain SQL literal)',
      'the filter on "nope" (books has no such column)',
    ]);
  });

  it('knows SQLite literals and the values they stand for', () => {
    for (const ok of ['NULL', '12', '-3.5e2', "'O''Neil'", "X'00ff'", "''"]) expect(isSqlLiteral(ok), ok).toBe(true);
    for (const bad of ["'a' OR 1", '1; DROP', "'unterminated", 'x', "X'0'", 'null']) expect(isSqlLiteral(bad), bad).toBe(false);
    expect(literalCell("'O''Neil'")).toBe("O'Neil");
    expect(literalCell('NULL')).toBeNull();
    expect(literalCell('-3.5')).toBe(-3.5);
    expect(cellLiteral("O'Neil")).toBe("'O''Neil'");
    expect(cellLiteral(7)).toBe('7');
    expect(cellLiteral({ blob: '00', bytes: 1 })).toBeNull();
  });
});

describe('foreign keys as links', () => {
  const link = foreignKeyLinks(
    books,
    books.columns.map((c) => c.name),
  );
  it('links a foreign key value to the row it names, on every column of a composite key', () => {
    expect(link([1, 'Dune', 'Sci-Fi', 42, 3, "A'1"], 3)).toEqual({
      href: '#browse?table=authors&f.author_id=42',
      title: 'Open the \u2068authors\u2069 row whose \u2068author_id\u2069 is \u206842\u2069',
    });
    expect(link([1, 'Dune', 'Sci-Fi', 42, 3, "A'1"], 5)?.href).toBe('#browse?table=shelves&f.store_id=3&f.shelf_no=%27A%27%271%27');
  });

  it('links nothing from other columns or from a NULL key', () => {
    expect(link([1, 'Dune', 'Sci-Fi', 42, 3, 'A'], 1)).toBeNull();
    expect(link([1, 'Dune', 'Sci-Fi', null, 3, 'A'], 3)).toBeNull();
    expect(link([1, 'Dune', 'Sci-Fi', 42, 3, null], 4)).toBeNull();
  });
});
