/**
 * The curation pipeline (GradeSQL's data step) on Node: for each benchmark
 * question, gold plus K mutants plus any candidates from a candidate file;
 * exact duplicates merged; everything executed and labeled against gold;
 * candidates that fail to execute dropped (or kept with `exec_error`);
 * optionally balanced 50/50.
 */
import type { CandidateRecord, QuestionRecord } from '../core/bench/types.ts';
import { balance, dedupeCandidates, mutantsToCandidates } from '../core/curate/index.ts';
import { labeledRecord } from '../core/eval/prepare.ts';
import { mutate } from '../core/mutate/index.ts';
import type { EquivalenceRule } from '../core/results/index.ts';
import { createRng } from '../core/stats/rng.ts';
import type { SqlPool } from '../engines/sql/index.ts';
import type { LoadedBenchmark } from './bench.ts';
import { prepareRun, readDb } from './prepare.ts';

export interface CurateOptions {
  readonly sqlPool: SqlPool;
  /** Mutants per gold query. */
  readonly mutations: number;
  readonly seed: number;
  /** Extra candidates (e.g. LLM samples), matched to questions by id or db_id + question. */
  readonly extra?: readonly QuestionRecord[];
  readonly keepFailed?: boolean;
  readonly balance?: boolean;
  readonly rule?: EquivalenceRule;
  readonly timeoutMs?: number;
  readonly onProgress?: (p: { done: number; total: number; text: string }) => void;
}

const key = (db: string, q: string): string => `${db}\u0000${q.trim()}`;

/**
 * Curated, labeled candidate records, one per question.
 *
 * @example
 * const records = await curate(await loadBenchmark(dir, { split: 'train' }), { sqlPool, mutations: 8, seed: 1 });
 */
export async function curate(bench: LoadedBenchmark, options: CurateOptions): Promise<QuestionRecord[]> {
  const extraById = new Map((options.extra ?? []).map((r) => [r.id, r]));
  const extraByText = new Map((options.extra ?? []).map((r) => [key(r.db_id, r.question), r]));
  const records: QuestionRecord[] = [];
  const dbs = [...new Set(bench.questions.map((q) => q.db_id))];
  for (const db of dbs) {
    const opened = await options.sqlPool.open(db, await readDb(bench.dbPath(db)));
    if (!opened.ok) continue;
    bench.questions.forEach((q, i) => {
      if (q.db_id !== db) return;
      const rng = createRng(options.seed * 1_000_003 + i);
      const extra = extraById.get(q.id) ?? extraByText.get(key(q.db_id, q.question));
      const pool: CandidateRecord[] = [
        { sql: q.gold, source: 'gold' },
        ...mutantsToCandidates(mutate(q.gold, opened.schema, { k: options.mutations, rng })),
        ...(extra?.candidates.map(({ correct: _c, exec_error: _e, ...c }) => c) ?? []),
      ];
      const merged = dedupeCandidates(pool).map(({ count: _n, ...c }) => c);
      records.push({
        id: q.id,
        db_id: q.db_id,
        question: q.question,
        ...(q.evidence !== undefined ? { evidence: q.evidence } : {}),
        gold: q.gold,
        candidates: merged,
      });
    });
    await options.sqlPool.close(db);
  }
  const run = await prepareRun(records, bench, {
    sqlPool: options.sqlPool,
    ...(options.rule !== undefined ? { rule: options.rule } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
  });
  let labeled = run.records
    .map((r, i) => labeledRecord(r, run.prepared[i]!))
    .filter((_, i) => run.prepared[i]!.goldError === undefined)
    .map((r) => (options.keepFailed ? r : { ...r, candidates: r.candidates.filter((c) => c.exec_error === undefined) }));
  if (options.balance) labeled = balance(labeled, createRng(options.seed));
  return labeled;
}
