import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/core/exec/types.ts';
import { resultsEquivalent } from '../../../src/core/results/equivalence.ts';
import { resultFingerprint } from '../../../src/core/results/fingerprint.ts';
import type { ResultTable } from '../../../src/core/results/types.ts';
import type { FingerprintOptions } from '../../../src/core/results/fingerprint.ts';

const t = (columns: readonly string[], rows: readonly (readonly Cell[])[]): ResultTable => ({ columns, rows });
const permute = (table: ResultTable, perm: number[]): ResultTable =>
  t(
    perm.map((p) => table.columns[p]!),
    table.rows.map((row) => perm.map((p) => row[p]!)),
  );
const same = (a: ResultTable, b: ResultTable, options?: FingerprintOptions) => resultFingerprint(a, options) === resultFingerprint(b, options);

const people = t(
  ['id', 'name', 'score'],
  [
    [1, 'ann', 3.5],
    [2, 'bob', null],
    [3, 'cy', 3.5],
    [2, 'bob', null],
  ],
);

describe('resultFingerprint', () => {
  it('is 16 hex digits and stable across calls', () => {
    expect(resultFingerprint(people)).toMatch(/^[0-9a-f]{16}$/);
    expect(resultFingerprint(people)).toBe(resultFingerprint(structuredClone(people)));
  });

  it('(spider) ignores column order and row order', () => {
    const shuffled = permute(people, [2, 0, 1]);
    expect(same(people, t(shuffled.columns, [...shuffled.rows].reverse()))).toBe(true);
  });

  it('(spider) ignores column names', () => {
    expect(same(people, t(['a', 'b', 'c'], people.rows))).toBe(true);
  });

  it('(spider) treats 1 and 1.0 alike but not 1 and "1"', () => {
    expect(same(t(['a'], [[1]]), t(['a'], [[1.0]]))).toBe(true);
    expect(same(t(['a'], [[1]]), t(['a'], [['1']]))).toBe(false);
    expect(same(t(['a'], [[null]]), t(['a'], [['']]))).toBe(false);
  });

  it('(spider) changes when one cell, the row count or a duplicate changes', () => {
    const changed = t(
      people.columns,
      people.rows.map((r, i) => (i === 2 ? [3, 'cy', 3.25] : r)),
    );
    expect(same(people, changed)).toBe(false);
    expect(same(people, t(people.columns, people.rows.slice(0, 3)))).toBe(false);
    expect(same(t(['a'], [[1], [1], [2]]), t(['a'], [[1], [2], [2]]))).toBe(false);
  });

  it('(spider) keeps which values share a row (not just column contents)', () => {
    const a = t(
      ['x', 'y'],
      [
        [1, 'p'],
        [2, 'q'],
      ],
    );
    const b = t(
      ['x', 'y'],
      [
        [1, 'q'],
        [2, 'p'],
      ],
    );
    expect(same(a, b)).toBe(false);
  });

  it('(spider) canonicalizes tied columns whose swap is not a symmetry', () => {
    // Every column holds {1,2,3} and every row context is alike, so only trying
    // the tied orders can find one canonical form; rotations map it to itself,
    // transpositions do not.
    const cyclic = t(
      ['a', 'b', 'c'],
      [
        [1, 2, 3],
        [2, 3, 1],
        [3, 1, 2],
      ],
    );
    const swapped = permute(cyclic, [1, 0, 2]);
    expect(resultsEquivalent(cyclic, swapped)).toBe(true);
    expect(same(cyclic, swapped)).toBe(true);
    expect(
      same(
        cyclic,
        t(
          ['a', 'b', 'c'],
          [
            [1, 2, 3],
            [2, 3, 1],
            [3, 2, 1],
          ],
        ),
      ),
    ).toBe(false);
  });

  it('(spider, ordered) keeps row order but not column order', () => {
    const ordered = { ordered: true };
    expect(same(people, permute(people, [1, 2, 0]), ordered)).toBe(true);
    expect(same(people, t(people.columns, [...people.rows].reverse()), ordered)).toBe(false);
  });

  it('(bird) collapses duplicates, ignores row order, keeps column order', () => {
    const bird = { rule: 'bird' as const };
    const distinct = t(people.columns, people.rows.slice(0, 3));
    expect(same(people, distinct, bird)).toBe(true);
    expect(same(people, t(people.columns, [...people.rows].reverse()), bird)).toBe(true);
    expect(same(people, permute(people, [1, 0, 2]), bird)).toBe(false);
  });

  it('(every rule) reads numbers to 10 significant digits: floating-point noise is one result, rounding is not', () => {
    const noise = [6.559986868398515, 6.559986868398516];
    for (const o of [{}, { ordered: true }, { rule: 'bird' as const }]) {
      expect(same(t(['m'], [[noise[0]!]]), t(['m'], [[noise[1]!]]), o)).toBe(true);
      expect(same(t(['m'], [[0.1 + 0.2]]), t(['m'], [[0.3]]), o)).toBe(true);
      expect(same(t(['n'], [[3.0000000000000004]]), t(['n'], [[3]]), o)).toBe(true);
      expect(same(t(['m'], [[6.56]]), t(['m'], [[noise[0]!]]), o)).toBe(false);
      expect(same(t(['m'], [[6.559986869]]), t(['m'], [[6.559986868]]), o)).toBe(false);
      // Exact, as labels read them, the noise is a difference.
      expect(same(t(['m'], [[noise[0]!]]), t(['m'], [[noise[1]!]]), { ...o, exactNumbers: true })).toBe(false);
    }
    // Whole numbers are never rounded, however large.
    expect(same(t(['n'], [[12345678901234]]), t(['n'], [[12345678901235]]))).toBe(false);
  });

  it('gives every empty result the same fingerprint, per rule', () => {
    expect(same(t(['a'], []), t(['x', 'y'], []))).toBe(true);
    expect(same(t(['a'], []), t(['a'], []), { rule: 'bird' })).toBe(true);
    expect(same(t(['a'], []), t(['a'], [[null]]))).toBe(false);
    expect(resultFingerprint(t(['a'], []))).not.toBe(resultFingerprint(t(['a'], []), { rule: 'bird' }));
  });

  it('separates results of different widths holding the same values', () => {
    expect(same(t(['a', 'b'], [[1, 2]]), t(['a'], [[1], [2]]))).toBe(false);
  });

  it('handles a wide permuted result (12 columns x 200 rows)', () => {
    const rows: Cell[][] = Array.from({ length: 200 }, (_, r) => Array.from({ length: 12 }, (_, c) => (r * (c + 1)) % 9));
    const wide = t(
      rows[0]!.map((_, c) => `c${c}`),
      rows,
    );
    const perm = [11, 3, 7, 0, 5, 9, 1, 10, 2, 8, 4, 6];
    const moved = permute(wide, perm);
    expect(same(wide, t(moved.columns, [...moved.rows].reverse()))).toBe(true);
  });
});
