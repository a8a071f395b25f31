/**
 * The CSV formula guard exempted every field starting with a digit or `-`
 * and a digit, so `-2+3+cmd|' /C calc'!A0` and `-1)*cmd|…`, as a value or a
 * header, reached a spreadsheet as formulas. Now only a field that is a whole
 * number goes unguarded, in result exports (the page's CSV) and in the
 * report's CSV (core/eval/csv, the one writer).
 */
import { describe, expect, it } from 'vitest';
import { readsAsFormula, toCsv } from '../../../src/core/eval/csv.ts';
import { resultCsv } from '../../../src/app/results/files.ts';

const ATTACKS = ["-2+3+cmd|' /C calc'!A0", "-1)*cmd|' /C calc'!A0", '=1+1', '+1+cmd', '@SUM(A1)', '\t=1', '\r=1', '-1-1', '+1)', '1e5-cmd'.replace(/^/, '-')];
const NUMBERS = ['-2', '+3', '-0.5', '-.5', '-1e5', '+1.5E-3', '42'];

describe('CSV formula guard', () => {
  it('guards every text a spreadsheet would read as a formula, numbers only when the whole field is one', () => {
    for (const a of ATTACKS) expect(readsAsFormula(a), a).toBe(true);
    for (const n of NUMBERS) expect(readsAsFormula(n), n).toBe(false);
  });

  it('writes the attacks with a leading apostrophe, as values and as headers', () => {
    const csv = resultCsv({ columns: ["-2+3+cmd|' /C calc'!A0", 'n'], rows: [["-1)*cmd|' /C calc'!A0", '-2']] });
    expect(csv).toBe("'-2+3+cmd|' /C calc'!A0,n\r\n'-1)*cmd|' /C calc'!A0,-2\r\n");
    expect(toCsv(['-2+3'], [['-2+3'], [-2]])).toBe("'-2+3\r\n'-2+3\r\n-2\r\n");
  });
});
