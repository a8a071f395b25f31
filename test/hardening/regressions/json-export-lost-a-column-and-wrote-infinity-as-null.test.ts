/**
 * A JSON export keyed a repeated column name `a_2`, so `SELECT 1 AS a, 2 AS
 * a, 3 AS a_2` saved `{"a":1,"a_2":3}` (the real `a_2` overwrote the renamed
 * duplicate), and it wrote SQLite's infinities as `null`, like NULL. Now
 * every column keeps a key of its own and an infinity says what it is; the
 * page's whole-result writer (chunked) gives the same text.
 */
import { describe, expect, it } from 'vitest';
import { jsonKeys, resultFileWriter, resultJson } from '../../../src/app/results/files.ts';

describe('JSON result export', () => {
  it('keeps every column of SELECT 1 AS a, 2 AS a, 3 AS a_2', () => {
    const rows = JSON.parse(resultJson({ columns: ['a', 'a', 'a_2'], rows: [[1, 2, 3]] })) as Record<string, unknown>[];
    expect(rows).toEqual([{ a: 1, a_3: 2, a_2: 3 }]);
    expect(Object.values(rows[0]!).sort()).toEqual([1, 2, 3]);
  });

  it('gives distinct keys whatever the names', () => {
    for (const cols of [
      ['a', 'a', 'a_2', 'a_3', 'a'],
      ['a_2', 'a', 'a'],
      ['x', 'x', 'x', 'x_2', 'x_2'],
      ['__proto__', '__proto__'],
    ]) {
      const keys = jsonKeys(cols);
      expect(new Set(keys).size, cols.join()).toBe(cols.length);
      cols.forEach((c, i) => expect(keys[i]!.startsWith(c)).toBe(true));
    }
  });

  it('writes an infinity as {"number": "Infinity"}, never null, chunk by chunk as whole', () => {
    const result = {
      columns: ['x', 'y'],
      rows: [
        [Infinity, null],
        [-Infinity, 'Infinity'],
      ],
    };
    const parsed = JSON.parse(resultJson(result));
    expect(parsed).toEqual([
      { x: { number: 'Infinity' }, y: null },
      { x: { number: '-Infinity' }, y: 'Infinity' },
    ]);
    const w = resultFileWriter('json', result.columns);
    expect(w.add(result.rows.slice(0, 1)) + w.add(result.rows.slice(1)) + w.end()).toBe(resultJson(result));
  });
});
