/**
 * The console's pure parts on Node: hash routes read and written both ways
 * (a query with `+`, `&`, `#`, quotes and newlines comes back as it was), the
 * tables a statement names (for column completion), the tables a linked query
 * lacks, the points a chart draws, and the history and the question kept in
 * storage (old entries without a database read as "not recorded").
 */
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../src/core/schema.ts';
import { readDraft } from '../../src/app/ask/question-draft.ts';
import { HISTORY_SIZE, readHistory, remember } from '../../src/app/console/history.ts';
import { missingTables } from '../../src/app/console/view.ts';
import { chartData, MAX_BARS } from '../../src/app/results/chart.ts';
import { parseRoute, routeHash } from '../../src/app/router.ts';
import { tablesNamed } from '../../src/app/ui/sql-editor.ts';

/** A Storage over a Map, as the browser's. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

const table = (name: string, columns: string[]) => ({
  name,
  columns: columns.map((c) => ({ name: c, type: 'TEXT', notNull: false, pk: 0, samples: [] })),
  primaryKey: [],
  foreignKeys: [],
  rowCount: 0,
  sql: '',
});
const schema: Schema = { tables: [table('books', ['book_id', 'title', 'price']), table('authors', ['author_id', 'name']), table('Order Items', ['qty'])] };

describe('hash routes', () => {
  it('gives back the exact query a link carries', () => {
    const sql = 'SELECT a + 1, \'x&y#z\' AS "q?"\nFROM t -- 100%';
    const hash = routeHash('console', { sql });
    expect(hash.startsWith('#console?sql=')).toBe(true);
    expect(hash.slice(1)).not.toMatch(/[\s#&'"]/);
    const back = parseRoute(hash);
    expect(back.view).toBe('console');
    expect(back.params.get('sql')).toBe(sql);
  });

  it('reads a hand-written link with %20 or + for spaces, and a view without parameters', () => {
    expect(parseRoute('#console?sql=SELECT%201%20%2B%202').params.get('sql')).toBe('SELECT 1 + 2');
    expect(parseRoute('console?sql=SELECT+1').params.get('sql')).toBe('SELECT 1');
    expect(parseRoute('#evaluate')).toEqual({ view: 'evaluate', params: new URLSearchParams() });
    expect(parseRoute('').view).toBe('');
    expect(routeHash('console', { sql: '' })).toBe('#console');
  });
});

describe('what the editor completes, and what a linked query lacks', () => {
  it('finds the tables a statement names, bare or quoted, whatever their case', () => {
    expect(tablesNamed('SELECT * FROM BOOKS b JOIN "authors" a ON 1', schema).map((t) => t.name)).toEqual(['books', 'authors']);
    expect(tablesNamed('SELECT qty FROM "Order Items"', schema).map((t) => t.name)).toEqual(['Order Items']);
    expect(tablesNamed('SELECT bookshelf FROM booksy', schema)).toEqual([]);
  });

  it('names every table a query reads that the database lacks', () => {
    expect(missingTables('SELECT t.name FROM tracks t JOIN albums a ON t.album_id = a.id', { schema })).toEqual(['tracks', 'albums']);
    expect(missingTables('SELECT title FROM Books', { schema })).toEqual([]);
  });
});

describe('chart points', () => {
  it('leaves out rows whose y is not a number and counts them', () => {
    const d = chartData(
      {
        rows: [
          ['a', 2],
          ['b', null],
          ['c', 'x'],
          ['d', 4.5],
        ],
      },
      'bar',
      0,
      1,
    );
    expect(d).toEqual({
      points: [
        { x: 'a', y: 2 },
        { x: 'd', y: 4.5 },
      ],
      skipped: 2,
      beyond: 0,
    });
  });

  it('draws at most MAX_BARS bars, in the result order', () => {
    const rows = Array.from({ length: MAX_BARS + 7 }, (_, i) => [`k${i}`, i]);
    const d = chartData({ rows }, 'bar', 0, 1);
    expect(d.points).toHaveLength(MAX_BARS);
    expect(d.points[0]).toEqual({ x: 'k0', y: 0 });
    expect(d.beyond).toBe(7);
  });

  it('joins a line in x order, on a time axis when every x is an ISO date', () => {
    const d = chartData(
      {
        rows: [
          ['2024-03-02', 5],
          ['2024-03-01', 3],
          ['2024-03-03T10:00:00', 1],
        ],
      },
      'line',
      0,
      1,
    );
    expect(d.points.map((p) => (p.x as Date).toISOString().slice(0, 10))).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
    expect(d.points.map((p) => p.y)).toEqual([3, 5, 1]);
    const n = chartData(
      {
        rows: [
          [10, 1],
          [2, 2],
        ],
      },
      'line',
      0,
      1,
    );
    expect(n.points).toEqual([
      { x: 2, y: 2 },
      { x: 10, y: 1 },
    ]);
  });
});

describe('kept in storage', () => {
  it('keeps each query with its database, newest first; the same query on another database is its own entry', () => {
    const s = memoryStorage();
    let h = remember(s, readHistory(s), { sql: 'SELECT 1', db: 'a.sqlite' });
    h = remember(s, h, { sql: 'SELECT 1', db: 'b.sqlite' });
    h = remember(s, h, { sql: 'SELECT 1', db: 'a.sqlite' });
    expect(readHistory(s)).toEqual([
      { sql: 'SELECT 1', db: 'a.sqlite' },
      { sql: 'SELECT 1', db: 'b.sqlite' },
    ]);
    for (let i = 0; i < HISTORY_SIZE + 5; i += 1) h = remember(s, h, { sql: `SELECT ${i}`, db: 'a.sqlite' });
    expect(readHistory(s)).toHaveLength(HISTORY_SIZE);
  });

  it('reads entries kept before the database was recorded, and survives junk', () => {
    const s = memoryStorage();
    s.setItem('confide.console-history', JSON.stringify(['SELECT old', { sql: 'SELECT new', db: 'demo.sqlite' }, 42]));
    expect(readHistory(s)).toEqual([
      { sql: 'SELECT old', db: null },
      { sql: 'SELECT new', db: 'demo.sqlite' },
    ]);
    s.setItem('confide.console-history', '{not json');
    expect(readHistory(s)).toEqual([]);
  });

  it('reads the kept question with its database', () => {
    const s = memoryStorage();
    expect(readDraft(s)).toBeNull();
    s.setItem('confide.ask-draft', JSON.stringify({ question: 'How many?', evidence: '', db: 'chinook.sqlite' }));
    expect(readDraft(s)).toEqual({ question: 'How many?', evidence: '', db: 'chinook.sqlite' });
  });
});
