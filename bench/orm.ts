/**
 * ORM scoring throughput in Node (onnxruntime-web wasm, one thread): the
 * bundled model scores batches of 32 candidates (featurization included),
 * several timed runs after a warm-up; the median is reported.
 */
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../src/core/orm/rng.ts';
import { loadOrmScorer } from '../src/node/orm/score.ts';
import { syntheticRecords, TOY_DOMAINS, toySchema } from '../src/node/orm/synthetic.ts';

const SIDECAR = fileURLToPath(new URL('../public/models/orm-v1.json', import.meta.url));

/**
 * Candidates scored per second, median of 9 runs of one 32-candidate batch.
 *
 * @example
 * const { candidatesPerSecond } = await benchOrmWasm();
 */
export async function benchOrmWasm(): Promise<{ candidatesPerSecond: number }> {
  const scorer = await loadOrmScorer(SIDECAR);
  const schemas = new Map(TOY_DOMAINS.map((d) => [d.db, toySchema(d)]));
  const items = syntheticRecords(mulberry32(7), 20)
    .flatMap((r) => r.candidates.map((c) => ({ question: r.question, sql: c.sql, schema: schemas.get(r.db_id)! })))
    .slice(0, 32);
  try {
    await scorer.score(items);
    const rates: number[] = [];
    for (let run = 0; run < 9; run++) {
      const t0 = performance.now();
      await scorer.score(items);
      rates.push(items.length / ((performance.now() - t0) / 1000));
    }
    rates.sort((a, b) => a - b);
    return { candidatesPerSecond: rates[Math.floor(rates.length / 2)]! };
  } finally {
    await scorer.release();
  }
}
