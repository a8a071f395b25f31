/**
 * A test suite's further databases, for `prepareAll`: a question's labels
 * checked on one more database of its folder (prepare-labels.ts says how a
 * label is decided over several). Only the gold and the candidates still in
 * the running run there, in chunks of many queries per `runMany` call, each
 * text once per chunk; nothing is fingerprinted, normalized or parsed.
 */
import type { ExecOutcome } from '../exec/types.ts';
import { labelQueries, labelsOnDatabase, type LabelPlan, type QuestionLabels } from './prepare-labels.ts';
import type { OpenedDb } from './prepare-types.ts';

/**
 * Labels after one more database: `labels[i]` checked on `db` (or left as
 * they are when nothing of question i is still to decide).
 *
 * @example
 * const after = await labelOnSuiteDb(db, plans, labels, { chunkQueries: 256, distinct: distinctRuns });
 */
export async function labelOnSuiteDb(
  db: OpenedDb,
  plans: readonly LabelPlan[],
  labels: readonly QuestionLabels[],
  options: { chunkQueries: number; signal?: AbortSignal; distinct: (sqls: readonly string[]) => { sqls: string[]; at: number[] } },
): Promise<QuestionLabels[]> {
  const out = [...labels];
  const queries = plans.map((p, i) => labelQueries(p, labels[i] as QuestionLabels));
  let chunk: number[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (chunk.length === 0) return;
    const runs = options.distinct(chunk.flatMap((i) => queries[i] as string[]));
    const ran = await db.runMany(runs.sqls, options.signal, false);
    let at = 0;
    for (const i of chunk) {
      const n = (queries[i] as string[]).length;
      const mine = runs.at.slice(at, (at += n)).map((k) => ran[k] as ExecOutcome);
      out[i] = labelsOnDatabase(plans[i] as LabelPlan, labels[i] as QuestionLabels, mine);
    }
    chunk = [];
    size = 0;
  };
  for (const [i, q] of queries.entries()) {
    if (q.length === 0) continue;
    if (size > 0 && size + q.length > options.chunkQueries) await flush();
    chunk.push(i);
    size += q.length;
  }
  await flush();
  return out;
}

/**
 * The labels of questions whose suite database failed to open: unknown where
 * anything was still to decide, the failure's code as their gold error.
 *
 * @example unopenedSuiteLabels(plans, labels, 'NOT_SQLITE');
 */
export function unopenedSuiteLabels(plans: readonly LabelPlan[], labels: readonly QuestionLabels[], code: string): QuestionLabels[] {
  return labels.map((l, i) => {
    const plan = plans[i] as LabelPlan;
    if (labelQueries(plan, l).length === 0) return l;
    const correct = plan.candidates.map((c, j) => (c.kind === 'given' ? (l.correct[j] as boolean) : null));
    return { correct, goldError: code, truncated: l.truncated, databases: l.databases };
  });
}
