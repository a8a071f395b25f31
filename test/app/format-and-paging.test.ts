import { describe, expect, it } from 'vitest';
import { formatCell, formatMs, formatNumber, formatPercent, plural } from '../../src/app/ui/format.ts';
import { pageOf } from '../../src/app/results/paging.ts';

describe('cell text', () => {
  it('tells NULL, numbers, strings and blobs apart', () => {
    expect(formatCell(null)).toBe('NULL');
    expect(formatCell(3.5)).toBe('3.5');
    expect(formatCell('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(formatCell({ blob: '00ff', bytes: 2 })).toBe("x'00ff' (2 bytes)");
    expect(formatCell({ blob: 'ab'.repeat(64), bytes: 500 })).toMatch(/…' \(500 bytes\)$/);
  });

  it('shows a missing statistic as n/a, never as a number', () => {
    expect(formatPercent(Number.NaN)).toBe('n/a');
    expect(formatPercent(null)).toBe('n/a');
    expect(formatNumber(Number.NaN)).toBe('n/a');
    expect(formatPercent(0.834)).toBe('83%');
    expect(formatNumber(0.81234, 2)).toBe('0.81');
  });

  it('counts in words and durations in ms or s', () => {
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(1234, 'row')).toBe('1,234 rows');
    expect(formatMs(84.6)).toBe('85 ms');
    expect(formatMs(2300)).toBe('2.3 s');
  });
});

describe('pages', () => {
  it('covers every item exactly once across pages', () => {
    for (const [total, size] of [
      [0, 5],
      [1, 5],
      [45, 20],
      [40, 20],
      [7, 1],
    ] as const) {
      const seen: number[] = [];
      const { pages } = pageOf(total, size, 0);
      for (let p = 0; p < pages; p++) {
        const pg = pageOf(total, size, p);
        for (let i = pg.start; i < pg.end; i++) seen.push(i);
      }
      expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
    }
  });

  it('clamps a page past either end and rejects a bad page size', () => {
    expect(pageOf(45, 20, 9)).toEqual({ page: 2, pages: 3, start: 40, end: 45 });
    expect(pageOf(45, 20, -3).page).toBe(0);
    expect(() => pageOf(10, 0, 0)).toThrow(RangeError);
  });
});
