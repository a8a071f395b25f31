import { beforeAll, describe, expect, it } from 'vitest';
import { MUTATION_KINDS, mutate, ruleOf, type MutationKind } from '../../../src/core/mutate/index.ts';
import { parseSql } from '../../../src/core/sql/parse.ts';
import { normalizeSql } from '../../../src/core/sql/normalize.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { type Fixture, openFixture, resultBag } from './fixture.ts';

const JOIN = 'SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id WHERE T2.concert_id = 1';
const TOP3 = 'SELECT name FROM singer ORDER BY age DESC LIMIT 3';
const TWO_PREDICATES = 'SELECT name FROM singer WHERE country = "France" AND age > 30';

/** One query per kind where the kind applies (every registered kind must appear). */
const CASES: Record<MutationKind, string> = {
  'wrong-column': 'SELECT name, age FROM singer WHERE country = "France"',
  'wrong-join-table':
    'SELECT T3.name FROM concert AS T1 JOIN singer_in_concert AS T2 ON T1.concert_id = T2.concert_id JOIN singer AS T3 ON T2.singer_id = T3.singer_id WHERE T1.year = 2014',
  'wrong-join-condition': JOIN,
  'missing-join-condition': JOIN,
  'missing-where-predicate': TWO_PREDICATES,
  'extra-where-predicate': 'SELECT name FROM singer',
  'flipped-comparison': 'SELECT name FROM singer WHERE age > 30',
  'wrong-literal': 'SELECT name FROM singer WHERE country = "France"',
  'wrong-aggregate': 'SELECT avg(age) FROM singer',
  'missing-distinct': 'SELECT DISTINCT country FROM singer',
  'extra-group-by': 'SELECT country, count(*) FROM singer GROUP BY country',
  'missing-group-by': 'SELECT country, is_male, count(*) FROM singer GROUP BY country, is_male',
  'order-direction': TOP3,
  'order-column': TOP3,
  'wrong-limit': TOP3,
  'missing-limit': TOP3,
  'count-distinct': 'SELECT count(*) FROM singer WHERE country = "France"',
  'and-or': TWO_PREDICATES,
  'in-not-in': 'SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert)',
  'set-operator': 'SELECT name FROM singer WHERE age > 40 INTERSECT SELECT name FROM singer WHERE country = "France"',
  'alias-rename': JOIN,
  'reorder-conjuncts': TWO_PREDICATES,
  'join-to-comma': JOIN,
  'comma-to-join': 'SELECT T1.name FROM singer AS T1, singer_in_concert AS T2 WHERE T1.singer_id = T2.singer_id AND T2.concert_id = 1',
  'in-to-join': 'SELECT concert_name FROM concert WHERE stadium_id IN (SELECT stadium_id FROM stadium WHERE capacity > 5000)',
  'join-to-in': 'SELECT T1.concert_name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id WHERE T2.capacity > 5000',
  'between-range': 'SELECT name FROM singer WHERE age BETWEEN 32 AND 43',
};

let fx: Fixture;
beforeAll(async () => {
  fx = await openFixture();
});

describe('every mutation kind, on a query where it applies', () => {
  it('has a case for every registered kind', () => {
    expect(Object.keys(CASES).sort()).toEqual([...MUTATION_KINDS].sort());
    expect(MUTATION_KINDS.filter((k) => !ruleOf(k).preserving).length).toBeGreaterThanOrEqual(12);
  });

  it.each(MUTATION_KINDS.map((k) => [k, CASES[k]] as const))('%s: parses, runs in SQLite, differs from the input', (kind, gold) => {
    const mutants = mutate(gold, fx.schema, { k: 50, rng: createRng(3), kinds: [kind] });
    expect(mutants.length).toBeGreaterThan(0);
    const goldBag = resultBag(fx.db, gold);
    const bags = mutants.map((m) => {
      expect(m.kind).toBe(kind);
      expect(m.preserving).toBe(ruleOf(kind).preserving);
      expect(parseSql(m.sql).ok).toBe(true);
      expect(normalizeSql(m.sql)).not.toBe(normalizeSql(gold));
      return resultBag(fx.db, m.sql); // throws when SQLite rejects the mutant
    });
    if (ruleOf(kind).preserving) expect(bags.every((b) => b === goldBag)).toBe(true);
    else expect(bags.some((b) => b !== goldBag)).toBe(true);
  });
});
