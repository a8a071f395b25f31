import { beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../../src/core/mutate/index.ts';
import { parseSql } from '../../../src/core/sql/parse.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import type { Schema } from '../../../src/core/schema.ts';
import { type Fixture, openFixture, resultBag } from './fixture.ts';

const SHAPES = {
  intersect: 'SELECT name FROM singer WHERE age > 30 INTERSECT SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id',
  except: 'SELECT name FROM stadium EXCEPT SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id WHERE T1.year = 2015',
  nested: 'SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer WHERE singer_id IN (SELECT singer_id FROM singer_in_concert WHERE concert_id = 1))',
  having:
    'SELECT T2.name, count(*) FROM singer_in_concert AS T1 JOIN singer AS T2 ON T1.singer_id = T2.singer_id GROUP BY T2.singer_id HAVING count(*) >= 2 ORDER BY count(*) DESC',
  reusedAlias: 'SELECT T1.name FROM singer AS T1 WHERE T1.age > (SELECT avg(T1.age) FROM singer AS T1 WHERE T1.country = "France")',
  derived: 'SELECT s.country, s.n FROM (SELECT country, count(*) AS n FROM singer GROUP BY country) AS s WHERE s.n > 1',
  starExcept: 'SELECT T1.* FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id EXCEPT SELECT * FROM singer WHERE age > 40',
  derivedJoin: 'SELECT count(*) FROM (SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id) AS s WHERE s.name LIKE "%Park"',
};

let fx: Fixture;
beforeAll(async () => {
  fx = await openFixture();
});

describe('mutants of harder query shapes run in SQLite', () => {
  it.each(Object.entries(SHAPES))('%s: every mutant parses and runs; rewrites keep the result', (_name, gold) => {
    const mutants = mutate(gold, fx.schema, { k: 40, rng: createRng(9) });
    expect(mutants.length).toBeGreaterThan(5);
    const goldBag = resultBag(fx.db, gold);
    for (const m of mutants) {
      expect(parseSql(m.sql).ok).toBe(true);
      const bag = resultBag(fx.db, m.sql);
      if (m.preserving) expect({ sql: m.sql, same: bag === goldBag }).toEqual({ sql: m.sql, same: true });
    }
  });

  it('swaps EXCEPT for the other set operators', () => {
    const ops = mutate(SHAPES.except, fx.schema, { k: 10, rng: createRng(1), kinds: ['set-operator'] }).map((m) =>
      /\b(UNION ALL|UNION|INTERSECT|EXCEPT)\b/i.exec(m.sql)?.[1]?.toUpperCase(),
    );
    expect(ops.sort()).toEqual(['INTERSECT', 'UNION', 'UNION ALL']);
  });

  it('renames an alias in its own scope only when a subquery reuses the name', () => {
    const out = mutate(SHAPES.reusedAlias, fx.schema, { k: 10, rng: createRng(2), kinds: ['alias-rename'] });
    expect(out).toHaveLength(2);
    for (const m of out) {
      expect(m.sql.match(/"a1"/g)?.length).toBe(3); // AS a1 plus the two references of that scope
      expect(m.sql).toContain('"T1"');
    }
  });

  it('joins a foreign-key neighbour when it swaps a joined table, on that key', () => {
    const gold =
      'SELECT T3.name FROM concert AS T1 JOIN singer_in_concert AS T2 ON T1.concert_id = T2.concert_id JOIN singer AS T3 ON T2.singer_id = T3.singer_id';
    const out = mutate(gold, fx.schema, { k: 10, rng: createRng(4), kinds: ['wrong-join-table'] });
    expect(out.length).toBeGreaterThan(0);
    for (const m of out) expect(m.sql).toMatch(/JOIN "stadium" AS "T[23]" ON "T1"\."stadium_id" = "T[23]"\."stadium_id"/);
  });

  it('keeps quotes inside sample values valid SQL', () => {
    const gold = "SELECT location FROM stadium WHERE name = 'Glebe Park'";
    const out = mutate(gold, fx.schema, { k: 10, rng: createRng(1), kinds: ['wrong-literal'] });
    const starks = out.find((m) => m.sql.includes('Stark'));
    expect(starks).toBeDefined();
    expect(resultBag(fx.db, starks!.sql)).toBe(JSON.stringify(['Raith Rovers']));
  });

  it('turns two bounds on one column into BETWEEN', () => {
    const gold = 'SELECT name FROM singer WHERE age >= 32 AND country = "France" AND age <= 43';
    const [m] = mutate(gold, fx.schema, { k: 1, rng: createRng(1), kinds: ['between-range'] });
    expect(m?.sql).toMatch(/"age" BETWEEN 32 AND 43/);
    expect(resultBag(fx.db, m!.sql)).toBe(resultBag(fx.db, gold));
  });

  it('does not drop a join condition when the cross product would be large', () => {
    const big: Schema = { tables: fx.schema.tables.map((t) => ({ ...t, rowCount: 2000 })) };
    const gold = 'SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id';
    expect(mutate(gold, big, { k: 5, rng: createRng(1), kinds: ['missing-join-condition'] })).toEqual([]);
    expect(mutate(gold, fx.schema, { k: 5, rng: createRng(1), kinds: ['missing-join-condition'] })).toHaveLength(1);
  });
});
