import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/core/stats/mulberry32.ts';
import { splitByGroup } from '../../../src/core/orm/training/split.ts';

describe('splitByGroup', () => {
  const groups = ['a', 'a', 'a', 'b', 'b', 'c', 'd', 'd', 'd', 'd', 'e'];

  it('never puts one database on both sides and covers every database', () => {
    for (let seed = 0; seed < 20; seed++) {
      const s = splitByGroup(groups, 0.3, mulberry32(seed));
      expect(s.train.filter((g) => s.validation.includes(g))).toEqual([]);
      expect([...s.train, ...s.validation].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(s.train.length).toBeGreaterThan(0);
      expect(s.validation.length).toBeGreaterThan(0);
    }
  });

  it('holds out at least the requested share of examples', () => {
    const s = splitByGroup(groups, 0.3, mulberry32(3));
    const held = groups.filter((g) => s.validation.includes(g)).length;
    expect(held).toBeGreaterThanOrEqual(0.3 * groups.length);
  });

  it('is a function of the seed', () => {
    expect(splitByGroup(groups, 0.3, mulberry32(9))).toEqual(splitByGroup(groups, 0.3, mulberry32(9)));
  });

  it('refuses a single database and a share outside (0, 1)', () => {
    expect(() => splitByGroup(['a', 'a'], 0.5, mulberry32(1))).toThrow(RangeError);
    expect(() => splitByGroup(groups, 1, mulberry32(1))).toThrow(RangeError);
  });
});
