import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/core/exec/types.ts';
import { resultsEquivalent } from '../../../src/core/results/equivalence.ts';
import type { ResultTable } from '../../../src/core/results/types.ts';

const t = (columns: string[], rows: Cell[][]): ResultTable => ({ columns, rows });
const spider = (a: ResultTable, b: ResultTable, ordered = false) => resultsEquivalent(a, b, { rule: 'spider', ordered });

describe('spider rule (test-suite-sql-eval result_eq)', () => {
  it('treats two empty results as equal even with different columns', () => {
    expect(spider(t(['a'], []), t(['x', 'y'], []))).toBe(true);
  });

  it('never equates an empty result with a non-empty one', () => {
    expect(spider(t(['a'], []), t(['a'], [[null]]))).toBe(false);
    expect(spider(t(['a'], [[1]]), t(['a'], []))).toBe(false);
  });

  it('rejects different row counts and different column counts', () => {
    expect(spider(t(['a'], [[1], [2]]), t(['a'], [[1]]))).toBe(false);
    expect(spider(t(['a'], [[1]]), t(['a', 'b'], [[1, 1]]))).toBe(false);
  });

  it('matches permuted columns by content, whatever the column names', () => {
    const gold = t(
      ['id', 'name', 'age'],
      [
        [1, 'ann', 30],
        [2, 'bob', 41],
      ],
    );
    const cand = t(
      ['x', 'y', 'z'],
      [
        ['bob', 41, 2],
        ['ann', 30, 1],
      ],
    );
    expect(spider(gold, cand)).toBe(true);
  });

  it('needs one column permutation for all rows, not one per row', () => {
    // Each row is a rearrangement of the other's, but no single permutation works.
    const gold = t(
      ['a', 'b'],
      [
        [1, 2],
        [3, 4],
      ],
    );
    const cand = t(
      ['a', 'b'],
      [
        [1, 2],
        [4, 3],
      ],
    );
    expect(spider(gold, cand)).toBe(false);
  });

  it('handles columns with identical content (duplicates map either way)', () => {
    const gold = t(
      ['a', 'a2', 'b'],
      [
        [1, 1, 'x'],
        [2, 2, 'y'],
      ],
    );
    const cand = t(
      ['b', 'a', 'a2'],
      [
        ['y', 2, 2],
        ['x', 1, 1],
      ],
    );
    expect(spider(gold, cand)).toBe(true);
  });

  it('distinguishes columns with the same value multiset but different pairing', () => {
    const gold = t(
      ['a', 'b', 'c'],
      [
        [1, 2, 'p'],
        [2, 3, 'q'],
        [3, 1, 'r'],
      ],
    );
    expect(
      spider(
        gold,
        t(
          ['b', 'a', 'c'],
          [
            [2, 1, 'p'],
            [3, 2, 'q'],
            [1, 3, 'r'],
          ],
        ),
      ),
    ).toBe(true);
    // Same value multiset in every column, but no permutation pairs the values right.
    expect(
      spider(
        gold,
        t(
          ['a', 'b', 'c'],
          [
            [1, 2, 'q'],
            [2, 3, 'p'],
            [3, 1, 'r'],
          ],
        ),
      ),
    ).toBe(false);
  });

  it('counts duplicate rows (multiset, not set)', () => {
    const gold = t(['a'], [[1], [1], [2]]);
    expect(spider(gold, t(['a'], [[1], [2], [1]]))).toBe(true);
    expect(spider(gold, t(['a'], [[1], [2], [2]]))).toBe(false);
  });

  it('compares numbers numerically, never text with numbers, NULL with NULL', () => {
    expect(spider(t(['a'], [[1]]), t(['a'], [[1.0]]))).toBe(true);
    expect(spider(t(['a'], [[0]]), t(['a'], [[-0]]))).toBe(true);
    expect(spider(t(['a'], [['1']]), t(['a'], [[1]]))).toBe(false);
    expect(spider(t(['a'], [[null]]), t(['a'], [[null]]))).toBe(true);
    expect(spider(t(['a'], [[null]]), t(['a'], [['']]))).toBe(false);
    expect(spider(t(['a'], [[null]]), t(['a'], [[0]]))).toBe(false);
    expect(spider(t(['a'], [[0.1 + 0.2]]), t(['a'], [[0.3]]))).toBe(false);
  });

  it('compares blobs by hex and length', () => {
    const blob = (hex: string, bytes: number): Cell => ({ blob: hex, bytes });
    expect(spider(t(['b'], [[blob('00ff', 2)]]), t(['b'], [[blob('00FF', 2)]]))).toBe(true);
    expect(spider(t(['b'], [[blob('00ff', 2)]]), t(['b'], [[blob('00fe', 2)]]))).toBe(false);
    expect(spider(t(['b'], [[blob('00ff', 2)]]), t(['b'], [[blob('00ff', 70)]]))).toBe(false);
    expect(spider(t(['b'], [[blob('00ff', 2)]]), t(['b'], [['00ff']]))).toBe(false);
  });

  it('ignores row order unless the gold orders', () => {
    const gold = t(
      ['name', 'n'],
      [
        ['a', 3],
        ['b', 2],
      ],
    );
    const reversed = t(
      ['n', 'name'],
      [
        [2, 'b'],
        [3, 'a'],
      ],
    );
    expect(spider(gold, reversed, false)).toBe(true);
    expect(spider(gold, reversed, true)).toBe(false);
    expect(
      spider(
        gold,
        t(
          ['n', 'name'],
          [
            [3, 'a'],
            [2, 'b'],
          ],
        ),
        true,
      ),
    ).toBe(true);
  });

  it('under ORDER BY, still permutes columns and keeps duplicates in place', () => {
    const gold = t(
      ['a', 'b', 'c'],
      [
        [1, 1, 'x'],
        [1, 1, 'x'],
        [2, 0, 'y'],
      ],
    );
    expect(
      spider(
        gold,
        t(
          ['c', 'b', 'a'],
          [
            ['x', 1, 1],
            ['x', 1, 1],
            ['y', 0, 2],
          ],
        ),
        true,
      ),
    ).toBe(true);
    expect(
      spider(
        gold,
        t(
          ['c', 'b', 'a'],
          [
            ['x', 1, 1],
            ['y', 0, 2],
            ['x', 1, 1],
          ],
        ),
        true,
      ),
    ).toBe(false);
  });

  it('completes a wide permuted result (12 columns x 200 rows) with repeated values', () => {
    const width = 12;
    const rows: Cell[][] = Array.from({ length: 200 }, (_, r) => Array.from({ length: width }, (_, c) => (c % 3 === 0 ? `v${(r * c) % 7}` : (r + c) % 5)));
    const perm = [5, 11, 0, 7, 2, 9, 4, 1, 10, 3, 8, 6];
    const permuted = rows.map((row) => perm.map((p) => row[p]!)).reverse();
    const gold = t(
      rows[0]!.map((_, c) => `c${c}`),
      rows,
    );
    const cand = t(
      perm.map((p) => `c${p}`),
      permuted,
    );
    expect(spider(gold, cand)).toBe(true);
    const broken = permuted.map((row, r) => (r === 77 ? [...row.slice(0, 11), 'zz'] : row));
    expect(spider(gold, t(cand.columns as string[], broken))).toBe(false);
  });

  it('is symmetric', () => {
    const a = t(
      ['a', 'b'],
      [
        [1, 'x'],
        [1, 'x'],
        [2, null],
      ],
    );
    const b = t(
      ['b', 'a'],
      [
        [null, 2],
        ['x', 1],
        ['x', 1],
      ],
    );
    expect(spider(a, b)).toBe(spider(b, a));
    expect(spider(a, b)).toBe(true);
  });

  it('throws a RangeError for a row wider than its header or an unknown rule', () => {
    expect(() => spider(t(['a'], [[1, 2]]), t(['a'], [[1]]))).toThrow(RangeError);
    const rule = 'exact' as unknown as 'spider';
    expect(() => resultsEquivalent(t(['a'], [[1]]), t(['a'], [[1]]), { rule })).toThrow(RangeError);
  });

  it('uses spider, unordered, when no options are given', () => {
    expect(
      resultsEquivalent(
        t(
          ['a', 'b'],
          [
            [1, 2],
            [3, 4],
          ],
        ),
        t(
          ['b', 'a'],
          [
            [4, 3],
            [2, 1],
          ],
        ),
      ),
    ).toBe(true);
  });
});
