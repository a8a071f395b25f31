import { describe, expect, it } from 'vitest';
import { fnv1a32, hashSlot } from '../../../src/core/orm/hash.ts';
import cases from './fixtures/fnv1a.json';

describe('fnv1a32', () => {
  // Expected values: `python3 test/core/orm/fixtures/fnv1a.py > test/core/orm/fixtures/fnv1a.json`
  it.each(cases)('matches an independent FNV-1a of seed bytes + UTF-8 for %j', ({ text, seed, hash }) => {
    expect(fnv1a32(text, seed)).toBe(hash);
  });

  it('different seeds give different hashes of the same text', () => {
    expect(fnv1a32('select', 1)).not.toBe(fnv1a32('select', 2));
  });
});

describe('hashSlot', () => {
  it('puts every name in [0, buckets) with sign ±1 from bit 31', () => {
    for (const name of ['a', 'b:select count', 'x:how|count', 't:^ select <id>']) {
      const s = hashSlot(name, 3, 1000);
      const h = fnv1a32(name, 3);
      expect(s.bucket).toBe(h % 1000);
      expect(s.sign).toBe(h >= 2 ** 31 ? -1 : 1);
    }
  });

  it('rejects a bucket count that is not a positive integer', () => {
    expect(() => hashSlot('a', 0, 0)).toThrow(RangeError);
    expect(() => hashSlot('a', 0, 2.5)).toThrow(RangeError);
  });
});
