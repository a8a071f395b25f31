/**
 * Fuzzing the executor: 10,000 seeded strings (sql-arbitraries.ts), in
 * batches of 50, through the worker pool. Every call resolves (never
 * rejects) with one well-formed outcome per input, within the limit plus a
 * margin, in agreement with the guard; running a batch again gives the same
 * outcomes (timing-dependent codes aside); and after every batch both
 * workers still hold the unchanged database with its read-only setting, so
 * nothing one query did leaks into the next. Seeded: reproduce a failure
 * with the seed below and the `path` fast-check prints.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlPool } from '../../src/engines/sql/pool/pool-types.ts';
import { createNodeSqlPool } from '../../src/node/sql-pool.ts';
import { fixtureBytes } from '../engines/sql/fixture.ts';
import { codeOf } from './corpus.ts';
import { DIGEST_QUERIES, digestOf, poolDigests } from './digest.ts';
import { checkOutcome, comparablePair } from './fuzz-checks.ts';
import { fuzzSql } from './sql-arbitraries.ts';

const SEED = 20_240_608;
const BATCH = 50;
const BATCHES = 200;
const LIMIT_MS = 1000;
const MARGIN_MS = 1000;
const ROW_CAP = 200;

let sqlPool: SqlPool;
let reference: unknown;

beforeAll(async () => {
  sqlPool = createNodeSqlPool({ size: 2, timeoutMs: LIMIT_MS, rowCap: ROW_CAP });
  expect(await sqlPool.open('db', await fixtureBytes())).toMatchObject({ ok: true });
  reference = digestOf(await sqlPool.runMany('db', DIGEST_QUERIES));
});
afterAll(() => sqlPool?.terminate());

it(`answers ${BATCH * BATCHES} random and mutated SQL strings, one outcome each, with no state leak`, async () => {
  const counts = new Map<string, number>();
  let total = 0;
  const t0 = performance.now();
  await fc.assert(
    fc.asyncProperty(fc.array(fuzzSql(), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const outs = await sqlPool.runMany('db', batch);
      expect(outs).toHaveLength(batch.length);
      outs.forEach((out, i) => checkOutcome(batch[i]!, out, ROW_CAP, LIMIT_MS + MARGIN_MS));
      const again = await sqlPool.runMany('db', batch);
      const [a, b] = comparablePair(outs, again);
      expect(b).toEqual(a);
      const [first, second] = await poolDigests(sqlPool, 'db');
      expect(first).toEqual(reference);
      expect(second).toEqual(reference);
      for (const o of outs) counts.set(codeOf(o), (counts.get(codeOf(o)) ?? 0) + 1);
      total += batch.length;
    }),
    { seed: SEED, numRuns: BATCHES },
  );
  expect(total).toBe(BATCH * BATCHES);
  expect(sqlPool.stats()).toMatchObject({ size: 2, queued: 0 });
  const summary = [...counts]
    .sort((x, y) => y[1] - x[1])
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  console.log(
    `fuzz executor: ${total} strings (seed ${SEED}) twice each in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${summary}; respawns ${sqlPool.stats().respawns}`,
  );
}, 600_000);
