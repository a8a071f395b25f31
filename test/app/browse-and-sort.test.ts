/**
 * The table browser's queries on a real sql.js runner: every facet value,
 * picked as a filter through the literal SQLite wrote for it, selects exactly
 * the rows the facet counted (NULL, REAL values that print long, text with
 * quotes, blobs); a whole result written in chunks is the same file as one
 * written at once; sorting in the page follows SQLite's ORDER BY.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cell } from '../../src/core/exec/types.ts';
import { browseSql, countSql, facetSql, type BrowseQuery } from '../../src/app/results/browse-sql.ts';
import { resultCsv, resultFileWriter, resultJson } from '../../src/app/results/files.ts';
import { compareCells, nextSort, sortedRows } from '../../src/app/results/sort.ts';
import { loadSqlJs, loadSqlRunner } from '../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../src/engines/sql/types.ts';

const SQL = `
CREATE TABLE t (id INTEGER PRIMARY KEY, kind TEXT, price REAL, note TEXT, raw BLOB, "n" INTEGER);
INSERT INTO t (kind, price, note, raw, "n") VALUES
  ('a', 0.1, 'it''s', x'00ff', 1), ('a', 0.1 + 0.2, NULL, x'00ff', 1), ('b', 1e300, 'x', NULL, 2),
  (NULL, NULL, 'it''s', x'01', 2), ('b', 0.30000000000000004, 'x', NULL, 3), ('c', -0.0, '${'long '.repeat(300)}', NULL, 3);
`;

let runner: SqlRunner;
beforeAll(async () => {
  const sqljs = await loadSqlJs();
  const db = new sqljs.Database();
  db.exec(SQL);
  const bytes = db.export();
  db.close();
  runner = await loadSqlRunner();
  runner.open('db', bytes);
});

const rows = (sql: string): readonly (readonly Cell[])[] => {
  const r = runner.exec('db', sql, 1000);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} in ${sql}`);
  return r.rows;
};

describe('facets on a real database', () => {
  it('picks exactly the rows each value counted, for every column, NULL and odd values included', () => {
    const base: BrowseQuery = { table: 't', sort: null, filters: [] };
    for (const column of ['kind', 'price', 'note', 'raw', 'n']) {
      const values = rows(facetSql(base, column));
      expect(values.reduce((s, v) => s + Number(v[1]), 0)).toBe(6);
      for (const [, n, literal] of values) {
        if (literal === null) continue; // too long to offer
        const q = { ...base, filters: [{ column, literal: String(literal) }] };
        expect(rows(countSql(q))[0]![0], `${column} IS ${String(literal)}`).toBe(n);
        expect(rows(browseSql(q))).toHaveLength(Number(n));
      }
    }
  });
  it('does not offer a value longer than the limit as a filter, and counts most frequent first', () => {
    const notes = rows(facetSql({ table: 't', sort: null, filters: [] }, 'note'));
    expect(notes.map((r) => r[1])).toEqual([2, 2, 1, 1]);
    expect(notes.find((r) => String(r[0]).startsWith('long'))![2]).toBeNull();
  });
  it('counts within the filters in force', () => {
    const q: BrowseQuery = { table: 't', sort: null, filters: [{ column: 'kind', literal: "'a'" }] };
    expect(rows(facetSql(q, 'n'))).toEqual([[1, 2, '1']]);
  });
});

describe('result files written in chunks', () => {
  const result = {
    columns: ['a', 'b', 'a'],
    rows: [
      [1, 'x,"y"', null],
      [2.5, '=cmd', { blob: '00', bytes: 1 }],
      [3, 'z\nw', 'q'],
    ] as Cell[][],
  };
  it('are the same text as one written at once, CSV and JSON, and JSON is JSON.stringify layout', () => {
    for (const kind of ['csv', 'json'] as const) {
      const w = resultFileWriter(kind, result.columns);
      const text = w.add(result.rows.slice(0, 1)) + w.add(result.rows.slice(1, 3)) + w.add([]) + w.end();
      expect(text).toBe(kind === 'csv' ? resultCsv(result) : resultJson(result));
    }
    expect(resultJson(result)).toBe(
      JSON.stringify(
        result.rows.map((r) => ({ a: r[0], b: r[1], a_2: r[2] })),
        null,
        2,
      ),
    );
    expect(resultJson({ columns: ['a'], rows: [] })).toBe('[]');
    expect(resultCsv({ columns: ['a', 'b'], rows: [] })).toBe('a,b\r\n');
  });
});

describe('sorting in the page', () => {
  it('follows SQLite ORDER BY: NULL, numbers, text, blobs; stable either way', () => {
    const cells: Cell[] = ['b', 2, null, { blob: '01', bytes: 1 }, 'a', -1, { blob: '00', bytes: 1 }];
    const order = rows(
      `SELECT v FROM (${cells.map((c, i) => `SELECT ${c === null ? 'NULL' : typeof c === 'number' ? c : typeof c === 'string' ? `'${c}'` : `x'${c.blob}'`} AS v, ${i} AS i`).join(' UNION ALL ')}) ORDER BY v`,
    ).map((r) => r[0]);
    expect([...cells].sort(compareCells)).toEqual(order);
    const table: Cell[][] = [
      [2, 'first'],
      [1, 'x'],
      [2, 'second'],
    ];
    expect(sortedRows(table, { column: 0, direction: 'asc' })).toEqual([1, 0, 2]);
    expect(sortedRows(table, { column: 0, direction: 'desc' })).toEqual([0, 2, 1]);
    expect(nextSort(null, 1)).toEqual({ column: 1, direction: 'asc' });
    expect(nextSort({ column: 1, direction: 'asc' }, 1)).toEqual({ column: 1, direction: 'desc' });
    expect(nextSort({ column: 1, direction: 'desc' }, 1)).toEqual({ column: 1, direction: 'asc' });
    expect(nextSort({ column: 1, direction: 'asc' }, 0)).toEqual({ column: 0, direction: 'asc' });
  });
});
