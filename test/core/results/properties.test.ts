import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/core/exec/types.ts';
import { resultsEquivalent } from '../../../src/core/results/equivalence.ts';
import { resultFingerprint } from '../../../src/core/results/fingerprint.ts';
import type { ResultTable } from '../../../src/core/results/types.ts';

// A small value pool makes equal columns, ties and duplicate rows common.
const cellArb: fc.Arbitrary<Cell> = fc.constantFrom<Cell>(null, 0, 1, 1.5, -2, '1', 'a', 'b', '', { blob: '00ff', bytes: 2 });

const tableArb = (maxWidth: number): fc.Arbitrary<ResultTable> =>
  fc.integer({ min: 1, max: maxWidth }).chain((width) =>
    fc.array(fc.array(cellArb, { minLength: width, maxLength: width }), { maxLength: 8 }).map((rows) => ({
      columns: Array.from({ length: width }, (_, c) => `c${c}`),
      rows,
    })),
  );

/** A table with its columns permuted and rows shuffled, drawn by fast-check. */
const rearranged = (maxWidth: number) =>
  tableArb(maxWidth)
    .chain((table) =>
      fc.tuple(
        fc.constant(table),
        fc.shuffledSubarray([...table.columns.keys()], { minLength: table.columns.length }),
        fc.shuffledSubarray([...table.rows.keys()], { minLength: table.rows.length }),
      ),
    )
    .map(([table, colPerm, rowPerm]) => ({
      table,
      colsOnly: { columns: colPerm.map((p) => table.columns[p]!), rows: table.rows.map((row) => colPerm.map((p) => row[p]!)) },
      both: { columns: colPerm.map((p) => table.columns[p]!), rows: rowPerm.map((r) => colPerm.map((p) => table.rows[r]![p]!)) },
    }));

const params = { seed: 20240611, numRuns: 300 };

describe('properties (fast-check, seeded)', () => {
  it('spider: a table equals any column permutation and row shuffle of itself, with equal fingerprints', () => {
    fc.assert(
      fc.property(rearranged(6), ({ table, both }) => {
        expect(resultsEquivalent(table, both)).toBe(true);
        expect(resultFingerprint(both)).toBe(resultFingerprint(table));
      }),
      params,
    );
  });

  it('spider ordered: a table equals any column permutation of itself, with equal fingerprints', () => {
    fc.assert(
      fc.property(rearranged(6), ({ table, colsOnly }) => {
        expect(resultsEquivalent(table, colsOnly, { ordered: true })).toBe(true);
        expect(resultFingerprint(colsOnly, { ordered: true })).toBe(resultFingerprint(table, { ordered: true }));
      }),
      params,
    );
  });

  it('bird: a table equals its rows reversed plus a repeated row, with equal fingerprints', () => {
    const bird = { rule: 'bird' as const };
    fc.assert(
      fc.property(tableArb(6), fc.nat(), (table, k) => {
        const repeated = table.rows.length === 0 ? [] : [table.rows[k % table.rows.length]!];
        const other = { columns: table.columns, rows: [...table.rows].reverse().concat(repeated) };
        expect(resultsEquivalent(table, other, bird)).toBe(true);
        expect(resultFingerprint(other, bird)).toBe(resultFingerprint(table, bird));
      }),
      params,
    );
  });

  it('fingerprints are equal exactly when results are equivalent (up to 4 columns, every rule)', () => {
    const options = [{}, { ordered: true }, { rule: 'bird' as const }];
    // The second table is a rearrangement of the first, the same with one cell
    // replaced, or an independent table, so both verdicts occur often.
    const pairArb = fc.tuple(rearranged(4), tableArb(4), fc.nat(), cellArb, fc.constantFrom('same', 'edited', 'other'));
    let equalPairs = 0;
    fc.assert(
      fc.property(pairArb, fc.constantFrom(...options), ([{ table, both, colsOnly }, other, k, cell, kind], o) => {
        const base = 'ordered' in o ? colsOnly : both;
        const b =
          kind === 'other'
            ? other
            : kind === 'same' || base.rows.length === 0
              ? base
              : { columns: base.columns, rows: base.rows.map((row, r) => (r === k % base.rows.length ? [cell, ...row.slice(1)] : row)) };
        const equivalent = resultsEquivalent(table, b, o);
        if (equivalent) equalPairs++;
        expect(resultFingerprint(table, o) === resultFingerprint(b, o)).toBe(equivalent);
      }),
      { ...params, numRuns: 1000 },
    );
    expect(equalPairs).toBeGreaterThan(200);
    expect(equalPairs).toBeLessThan(900);
  });
});
