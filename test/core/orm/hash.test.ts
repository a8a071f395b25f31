import { describe, expect, it } from 'vitest';
import { fnv1a32, hashSlot } from '../../../src/core/orm/hash.ts';
import cases from './fixtures/fnv1a.json';

describe('fnv1a32', () => {
  // Expected values: `python3 test/core/orm/fixtures/fnv1a.py > test/core/orm/fixtures/fnv1a.json`
  it.each(cases)('matches an independent FNV-1a of seed bytes + UTF-8 for %j', ({ text, seed, hash }) => {
    expect(fnv1a32(text, seed)).toBe(hash);
  });

  it('hashes the same bytes as TextEncoder writes for 3- and 4-byte characters and lone surrogates', () => {
    const reference = (text: string, seed: number): number => {
      let h = 2166136261;
      for (const b of [seed & 0xff, (seed >>> 8) & 0xff, (seed >>> 16) & 0xff, seed >>> 24, ...new TextEncoder().encode(text)]) h = Math.imul(h ^ b, 16777619);
      return h >>> 0;
    };
    for (const text of ['東京 タワー', 'x:🎵|count', 'a\ud800b', 'end\udc00', '\u07ff\u0800\uffff']) {
      expect(fnv1a32(text, 0x0c0f1de5)).toBe(reference(text, 0x0c0f1de5));
    }
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
