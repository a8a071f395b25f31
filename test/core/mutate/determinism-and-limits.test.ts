import { beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../../src/core/mutate/index.ts';
import { normalizeSql } from '../../../src/core/sql/normalize.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { type Fixture, openFixture } from './fixture.ts';

const RICH =
  'SELECT T3.name, count(*) FROM concert AS T1 JOIN singer_in_concert AS T2 ON T1.concert_id = T2.concert_id ' +
  'JOIN singer AS T3 ON T2.singer_id = T3.singer_id WHERE T1.year = 2014 AND T3.age > 30 GROUP BY T3.name ORDER BY count(*) DESC LIMIT 2';

let fx: Fixture;
beforeAll(async () => {
  fx = await openFixture();
});

describe('mutate: determinism, k and distinctness', () => {
  it('gives the same mutants for the same seed', () => {
    const a = mutate(RICH, fx.schema, { k: 8, rng: createRng(11) });
    const b = mutate(RICH, fx.schema, { k: 8, rng: createRng(11) });
    expect(a).toEqual(b);
  });

  it('draws differently for different seeds', () => {
    const outs = new Set([1, 2, 3, 4, 5].map((s) => JSON.stringify(mutate(RICH, fx.schema, { k: 8, rng: createRng(s) }))));
    expect(outs.size).toBeGreaterThan(1);
  });

  it.each([1, 3, 8, 40])('returns exactly k = %i distinct mutants when enough edits apply, none equal to gold', (k) => {
    const out = mutate(RICH, fx.schema, { k, rng: createRng(k) });
    expect(out).toHaveLength(k);
    const keys = out.map((m) => normalizeSql(m.sql));
    expect(new Set(keys).size).toBe(k);
    expect(keys).not.toContain(normalizeSql(RICH));
  });

  it('stops at the edits that exist when k is larger', () => {
    const out = mutate('SELECT name FROM singer ORDER BY age DESC LIMIT 3', fx.schema, {
      k: 100,
      rng: createRng(1),
      kinds: ['order-direction', 'wrong-limit'],
    });
    // one direction flip, and LIMIT 4 or LIMIT 2
    expect(out.map((m) => m.kind).sort()).toEqual(['order-direction', 'wrong-limit', 'wrong-limit']);
  });

  it('spreads the first mutants over different kinds', () => {
    const out = mutate(RICH, fx.schema, { k: 6, rng: createRng(5) });
    expect(new Set(out.map((m) => m.kind)).size).toBe(6);
  });

  it('returns nothing for k = 0, unparseable text, or a statement that is not a SELECT', () => {
    expect(mutate(RICH, fx.schema, { k: 0, rng: createRng(1) })).toEqual([]);
    expect(mutate('SELEC name FRM singer', fx.schema, { k: 5, rng: createRng(1) })).toEqual([]);
    expect(mutate('DELETE FROM singer WHERE age > 3', fx.schema, { k: 5, rng: createRng(1) })).toEqual([]);
  });

  it('rejects a bad k or an unknown kind with RangeError', () => {
    expect(() => mutate(RICH, fx.schema, { k: -1, rng: createRng(1) })).toThrow(RangeError);
    expect(() => mutate(RICH, fx.schema, { k: 1.5, rng: createRng(1) })).toThrow(RangeError);
    // @ts-expect-error an unknown kind on purpose
    expect(() => mutate(RICH, fx.schema, { k: 2, rng: createRng(1), kinds: ['no-such-kind'] })).toThrow(RangeError);
  });
});
