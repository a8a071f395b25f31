/**
 * Fuzzing the pure SQL code: 10,000 seeded strings (character soup, token
 * soup, and valid queries mutated by edits; see sql-arbitraries.ts) through
 * normalization, structure keys with sql.js's normalized text as the parser
 * fallback, the read-only guard and the mutation generator. No call throws,
 * each is deterministic and keeps its contract, none takes more than
 * CORE_BOUND_MS, and nothing leaks between calls (the seed queries give the
 * same keys after the run as before). Reproduce a failure with the seed
 * below and the `path` fast-check prints.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import type { Schema } from '../../src/core/schema.ts';
import { normalizeSql } from '../../src/core/sql/normalize.ts';
import { structureKey } from '../../src/core/sql/structure.ts';
import { loadSqlRunner } from '../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../src/engines/sql/types.ts';
import { fixtureBytes } from '../engines/sql/fixture.ts';
import { checkCore } from './fuzz-checks.ts';
import { fuzzSql, SEED_QUERIES } from './sql-arbitraries.ts';

const FUZZ_SEED = 20_240_607;
const RUNS = 10_000;

let runner: SqlRunner;
let schema: Schema;

beforeAll(async () => {
  runner = await loadSqlRunner();
  runner.open('db', await fixtureBytes());
  const s = runner.schema('db');
  if (!s.ok) throw new Error(s.error.message);
  schema = s.schema;
});

it(`keeps every property on ${RUNS} random and mutated SQL strings`, () => {
  const keysBefore = SEED_QUERIES.map((q) => [structureKey(q, runner.normalizedSql('db', q)), normalizeSql(q, { maskLiterals: true })]);
  let parsed = 0;
  let slowest = 0;
  let n = 0;
  const t0 = performance.now();
  fc.assert(
    fc.property(fuzzSql(), (sql) => {
      const t = performance.now();
      // Preparing a statement (never stepping it) is how sql.js gives the fallback text; it cannot run away.
      const fallback = runner.normalizedSql('db', sql);
      // Every 8th string is also checked for determinism (which doubles the parser's work).
      if (checkCore(sql, schema, fallback, (n += 1) % 8 === 0).parsed) parsed += 1;
      slowest = Math.max(slowest, performance.now() - t);
    }),
    { seed: FUZZ_SEED, numRuns: RUNS },
  );
  const keysAfter = SEED_QUERIES.map((q) => [structureKey(q, runner.normalizedSql('db', q)), normalizeSql(q, { maskLiterals: true })]);
  expect(keysAfter).toEqual(keysBefore);
  console.log(
    `fuzz core: ${RUNS} strings (seed ${FUZZ_SEED}), ${parsed} parsed by a dialect, slowest ${slowest.toFixed(0)} ms, total ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}, 600_000);
