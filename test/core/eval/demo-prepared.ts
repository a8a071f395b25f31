/** Demo questions with simulated candidate pools, executed by a direct sql.js runner (no workers). */
import { readFileSync } from 'node:fs';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { prepareQuestion, type PreparedQuestion } from '../../../src/core/eval/prepare.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { synthesizePool } from '../../../src/core/synth/pool.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';

/** `n`: every question's pool size, or one per question (by index). */
export async function demoPrepared(
  seed = 1,
  n: number | ((question: number) => number) = 8,
): Promise<{ prepared: PreparedQuestion[]; records: QuestionRecord[] }> {
  const runner = await loadSqlRunner();
  const opened = runner.open('demo', new Uint8Array(readFileSync('public/demo/database/demo/demo.sqlite')));
  if (!opened.ok) throw new Error(opened.error.message);
  const schema = runner.schema('demo');
  if (!schema.ok) throw new Error(schema.error.message);
  const questions = JSON.parse(readFileSync('public/demo/dev.json', 'utf8')) as { db_id: string; question: string; query: string }[];
  const records: QuestionRecord[] = questions.map((q, i) => ({
    id: `dev-${i}`,
    db_id: q.db_id,
    question: q.question,
    gold: q.query,
    candidates: synthesizePool(q.query, schema.schema, { n: typeof n === 'number' ? n : n(i), rng: createRng(seed * 1000 + i) }),
  }));
  const prepared = [];
  for (const r of records) {
    prepared.push(await prepareQuestion(r, { runMany: async (sqls) => sqls.map((s) => runner.exec('demo', s)), schema: schema.schema }));
  }
  return { prepared, records };
}
