/**
 * The result's shape as the evidence reads it: repeats, NULLs, one number,
 * and a result with a very long text read by its length and ends.
 */
import { describe, expect, it } from 'vitest';
import { resultShape } from '../../../src/core/evidence/result-shape.ts';
import type { Cell } from '../../../src/core/exec/types.ts';

const success = (columns: string[], rows: Cell[][]) => ({ ok: true as const, columns, rows, cut: false, ms: 1 });

describe('resultShape', () => {
  it('counts repeated rows and NULL cells', () => {
    const shape = resultShape(
      success(
        ['a', 'b'],
        [
          [1, 'x'],
          [1, 'x'],
          [2, null],
          [1, 'x'],
        ],
      ),
    );
    expect(shape.duplicateShare).toBe(0.5);
    expect(shape.nullShare).toBe(1 / 8);
    expect(shape.oneNumber).toBe(false);
  });

  it('reads one number as such', () => {
    const shape = resultShape(success(['n'], [[0]]));
    expect(shape).toMatchObject({ oneNumber: true, single: 0, rows: 1, columns: 1 });
  });

  it('tells long texts apart by length and ends, and counts the same long text as a repeat', () => {
    const long = 'x'.repeat(10_000);
    const differentEnd = `${'x'.repeat(9_999)}y`;
    const differentLength = 'x'.repeat(10_001);
    expect(resultShape(success(['t'], [[long], [differentEnd], [differentLength]])).duplicateShare).toBe(0);
    expect(resultShape(success(['t'], [[long], ['x'.repeat(10_000)]])).duplicateShare).toBe(0.5);
  });

  it('reads a 30-million-character cell without copying it whole into a key', () => {
    const big = 'x'.repeat(30_000_000);
    const stringify = JSON.stringify;
    let longest = 0;
    JSON.stringify = ((v: unknown, ...rest: []) => {
      const out = stringify(v, ...rest);
      longest = Math.max(longest, out?.length ?? 0);
      return out;
    }) as typeof JSON.stringify;
    try {
      expect(resultShape(success(['big'], [[big]])).rows).toBe(1);
    } finally {
      JSON.stringify = stringify;
    }
    expect(longest).toBeLessThan(2_000);
  });
});
