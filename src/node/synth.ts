/**
 * A simulated candidate file for a whole benchmark split (see
 * core/synth/pool.ts): each database's schema read once through the pool,
 * one seeded stream per question (seed + question index) so a question's
 * candidates do not depend on the others.
 */
import type { QuestionRecord } from '../core/bench/types.ts';
import { createRng } from '../core/stats/rng.ts';
import { synthesizePool } from '../core/synth/pool.ts';
import type { SqlPool } from '../engines/sql/index.ts';
import type { LoadedBenchmark } from './bench.ts';
import { readDb } from './prepare.ts';

export async function synthesizeBenchmark(
  bench: LoadedBenchmark,
  sqlPool: SqlPool,
  options: { n: number; seed: number; limit?: number },
): Promise<QuestionRecord[]> {
  const questions = bench.questions.slice(0, options.limit ?? bench.questions.length);
  const dbs = [...new Set(questions.map((q) => q.db_id))];
  const out: QuestionRecord[] = [];
  for (const db of dbs) {
    const opened = await sqlPool.open(db, await readDb(bench.dbPath(db)));
    if (!opened.ok) continue;
    questions.forEach((q, i) => {
      if (q.db_id !== db) return;
      const rng = createRng(options.seed * 1_000_003 + i);
      out.push({
        id: q.id,
        db_id: q.db_id,
        question: q.question,
        ...(q.evidence !== undefined ? { evidence: q.evidence } : {}),
        candidates: synthesizePool(q.gold, opened.schema, { n: options.n, rng }),
      });
    });
    await sqlPool.close(db);
  }
  const order = new Map(questions.map((q, i) => [q.id, i]));
  return out.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
