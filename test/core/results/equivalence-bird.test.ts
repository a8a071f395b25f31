import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/core/exec/types.ts';
import { resultsEquivalent } from '../../../src/core/results/equivalence.ts';
import type { ResultTable } from '../../../src/core/results/types.ts';

const t = (columns: string[], rows: Cell[][]): ResultTable => ({ columns, rows });
const bird = (a: ResultTable, b: ResultTable, ordered = false) => resultsEquivalent(a, b, { rule: 'bird', ordered });

describe('bird rule (set of row tuples)', () => {
  it('collapses duplicate rows', () => {
    expect(bird(t(['a'], [[1], [1], [2]]), t(['a'], [[2], [1]]))).toBe(true);
  });

  it('keeps column order', () => {
    expect(bird(t(['a', 'b'], [[1, 'x']]), t(['b', 'a'], [['x', 1]]))).toBe(false);
  });

  it('ignores row order, even when asked for order', () => {
    const gold = t(['a'], [[1], [2]]);
    const cand = t(['a'], [[2], [1]]);
    expect(bird(gold, cand, false)).toBe(true);
    expect(bird(gold, cand, true)).toBe(true);
  });

  it('treats empty results as equal and empty vs non-empty as different', () => {
    expect(bird(t(['a'], []), t(['b', 'c'], []))).toBe(true);
    expect(bird(t(['a'], []), t(['a'], [[null]]))).toBe(false);
  });

  it('rejects tuples of different widths', () => {
    expect(bird(t(['a'], [[1]]), t(['a', 'b'], [[1, 1]]))).toBe(false);
  });

  it('shares the value convention: 1 = 1.0, "1" != 1, NULL = NULL', () => {
    expect(bird(t(['a', 'b'], [[1, null]]), t(['a', 'b'], [[1.0, null]]))).toBe(true);
    expect(bird(t(['a'], [['1']]), t(['a'], [[1]]))).toBe(false);
  });

  it('does not confuse a row with its cells concatenated differently', () => {
    expect(bird(t(['a', 'b'], [['a,b', 'c']]), t(['a', 'b'], [['a', 'b,c']]))).toBe(false);
  });
});
