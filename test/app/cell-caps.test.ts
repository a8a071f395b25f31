/**
 * Display caps for result cells: a cell is cut to its share of the page's
 * character budget (never splitting a surrogate pair) and says how long it
 * was, so drawing a page costs the same whatever the data.
 */
import { describe, expect, it } from 'vitest';
import { CELL_DISPLAY_CHARS, CELL_MIN_CHARS, cellDisplayChars, PAGE_DISPLAY_CHARS, shortenText } from '../../src/app/ui/format.ts';

describe('cell caps', () => {
  it('keeps short text whole and cuts long text, reporting the full length', () => {
    expect(shortenText('abc', 5)).toEqual({ text: 'abc', cut: false, length: 3 });
    const long = shortenText('x'.repeat(30_000_000), CELL_DISPLAY_CHARS);
    expect(long).toEqual({ text: 'x'.repeat(CELL_DISPLAY_CHARS), cut: true, length: 30_000_000 });
  });

  it('never splits a surrogate pair', () => {
    const r = shortenText('ab😀cd', 3);
    expect(r.text).toBe('ab');
    expect(r.cut).toBe(true);
  });

  it('bounds what a whole page draws, narrow or wide', () => {
    for (const cells of [1, 25, 25 * 4, 25 * 40, 25 * 400, 25 * 2000]) {
      const each = cellDisplayChars(cells);
      expect(each).toBeGreaterThanOrEqual(CELL_MIN_CHARS);
      expect(each).toBeLessThanOrEqual(CELL_DISPLAY_CHARS);
      expect(each * cells).toBeLessThanOrEqual(Math.max(PAGE_DISPLAY_CHARS, CELL_MIN_CHARS * cells));
    }
    expect(cellDisplayChars(25)).toBe(CELL_DISPLAY_CHARS);
  });
});
