/**
 * Training data for the agreement variant of the ORM: a candidate file of
 * sampled pools (e.g. `confide synth --split train`) executed against its
 * databases, labeled against gold, and each candidate's agreement shares
 * (`core/orm/agreement.ts`) written into `scores`. The shares need the whole
 * pool, repeats included, so this runs on pools, never on deduplicated
 * curated files.
 */
import type { QuestionRecord } from '../../core/bench/types.ts';
import { withAgreement } from '../../core/orm/agreement.ts';
import { loadBenchmark, readCandidateFile, writeCandidateFileAtomic } from '../bench.ts';
import { prepareRun } from '../prepare.ts';
import { createNodeSqlPool } from '../sql-pool.ts';

export interface PoolAgreementOptions {
  readonly bench: string;
  readonly split: string;
  readonly candidates: string;
  readonly out: string;
  readonly timeoutMs?: number;
  readonly workers?: number;
  readonly onProgress?: (p: { done: number; total: number; text: string }) => void;
}

/**
 * Executes, labels and writes the pools with their shares; returns counts.
 *
 * @example
 * await labelPoolsWithAgreement({ bench: '../shared/data/spider', split: 'train', candidates: '/tmp/train-synth.jsonl', out: '/tmp/train-pools.jsonl' });
 */
export async function labelPoolsWithAgreement(o: PoolAgreementOptions): Promise<{ questions: number; candidates: number; correct: number; skipped: number }> {
  const bench = await loadBenchmark(o.bench, { split: o.split });
  const records = await readCandidateFile(o.candidates);
  const sqlPool = createNodeSqlPool({ timeoutMs: o.timeoutMs ?? 5000, ...(o.workers !== undefined ? { size: o.workers } : {}) });
  let run;
  try {
    run = await prepareRun(records, bench, { sqlPool, timeoutMs: o.timeoutMs ?? 5000, ...(o.onProgress ? { onProgress: o.onProgress } : {}) });
  } finally {
    sqlPool.terminate();
  }
  const out: QuestionRecord[] = [];
  run.prepared.forEach((p, i) => {
    if (p.goldError === undefined) out.push(withAgreement(run.records[i]!, p));
  });
  await writeCandidateFileAtomic(o.out, out);
  const all = out.flatMap((r) => r.candidates);
  return { questions: out.length, candidates: all.length, correct: all.filter((c) => c.correct === true).length, skipped: records.length - out.length };
}
