/**
 * Results that back another as a person reads them: rounding to 2 or more
 * decimals, and the same rows with explanatory columns; neither is equality,
 * and an empty result backs nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/core/exec/types.ts';
import { resultFingerprint } from '../../../src/core/results/fingerprint.ts';
import { backs, SUPPORT_MAX_TEXT, supportKeys, type SupportView } from '../../../src/core/results/support.ts';

const view = (columns: string[], rows: Cell[][]): SupportView => ({ fingerprint: resultFingerprint({ columns, rows }), keys: supportKeys({ columns, rows }) });

describe('support between results', () => {
  it('a result rounded to 2 or more decimals backs the exact one; to 1 decimal or 0 it does not', () => {
    const exact = view(['m'], [[6.559986868398515], [2.1234]]);
    expect(backs(view(['m'], [[6.56], [2.12]]), exact)).toBe('rounds');
    expect(backs(view(['m'], [[6.56], [2.123]]), exact)).toBe('rounds'); // to 3 places: 6.560 is 6.56
    expect(backs(view(['m'], [[6.55], [2.12]]), exact)).toBeNull(); // 6.55 is not 6.5599… rounded
    expect(backs(view(['m'], [[6.559987], [2.1234]]), exact)).toBe('rounds'); // to 6 places, the most a rounding is read to
    expect(backs(view(['m'], [[6.6], [2.1]]), exact)).toBeNull();
    expect(backs(exact, view(['m'], [[6.56], [2.12]]))).toBeNull();
  });

  it('a result with the same rows and explanatory columns backs the bare one, in any column order', () => {
    const names = view(['name'], [['Ann'], ['Bo']]);
    expect(
      backs(
        view(
          ['n', 'name'],
          [
            [2, 'Bo'],
            [3, 'Ann'],
          ],
        ),
        names,
      ),
    ).toBe('explains');
    expect(backs(view(['name', 'n'], [['Ann', 2]]), names)).toBeNull(); // a row missing
    expect(
      backs(
        names,
        view(
          ['name', 'n'],
          [
            ['Ann', 2],
            ['Bo', 3],
          ],
        ),
      ),
    ).toBeNull();
  });

  it('equal results back nothing (they are one group); an empty result has no keys', () => {
    const a = view(['x'], [[1]]);
    expect(backs(a, view(['y'], [[1.0]]))).toBeNull();
    expect(supportKeys({ columns: ['a', 'b'], rows: [] })).toEqual({ projections: [], roundings: [] });
  });

  it('makes no keys for a result holding more text than the cap, so a huge cell is not hashed again on the deciding thread', () => {
    const big = 'x'.repeat(SUPPORT_MAX_TEXT + 1);
    expect(supportKeys({ columns: ['name', 'n'], rows: [[big, 1.5]] })).toEqual({ projections: [], roundings: [] });
    expect(supportKeys({ columns: ['name', 'n'], rows: [['x', 1.5]] }).projections.length).toBe(2);
  });
});
