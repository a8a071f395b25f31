/**
 * The names nearest to a mistyped one, and the cap that keeps a very long
 * name from being compared (the distance is quadratic in the lengths: two
 * names of 100,000 characters once took minutes on the page's thread).
 */
import { describe, expect, it } from 'vitest';
import { NEAR_NAME_MAX_CHARS, nearestNames } from '../../../src/core/text/nearest-name.ts';

describe('nearestNames', () => {
  it('offers the nearest names within a third of the length', () => {
    expect(nearestNames(['Name', 'Named', 'Id'], 'Nme', { minEdits: 1, ignoreCase: true })).toEqual(['Name']);
    expect(nearestNames(['label', 'eval'], 'lable', { minEdits: 2, prefix: true })).toEqual(['label']);
    expect(nearestNames(['city', 'country'], 'zzzzzz', { minEdits: 1 })).toEqual([]);
  });

  it('skips a name whose length alone is too far off, but keeps a prefix', () => {
    expect(nearestNames(['customer_name_long'], 'cust', { minEdits: 1 })).toEqual([]);
    expect(nearestNames(['customer_name_long'], 'cust', { minEdits: 1, prefix: true })).toEqual(['customer_name_long']);
  });

  it('neither looks for nor offers a name over the cap, at once', () => {
    const long = '\u202e'.repeat(100_000);
    expect(nearestNames([`${long}t`], `${long}x`, { minEdits: 1 })).toEqual([]);
    expect(nearestNames([`${'a'.repeat(NEAR_NAME_MAX_CHARS)}b`], `${'a'.repeat(NEAR_NAME_MAX_CHARS)}`, { minEdits: 1 })).toEqual([]);
    expect(nearestNames(['a'.repeat(NEAR_NAME_MAX_CHARS)], `${'a'.repeat(NEAR_NAME_MAX_CHARS - 1)}b`, { minEdits: 1 })).toEqual([
      'a'.repeat(NEAR_NAME_MAX_CHARS),
    ]);
  });
});
