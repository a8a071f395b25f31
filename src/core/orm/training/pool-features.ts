/**
 * Pool-aware features of one candidate: what the rest of its question's
 * candidates say about it, from the execution results alone. Used next to the
 * featurizer's dense text features by the real-candidate verifier
 * (`scripts/orm/real-lodo.ts`).
 *
 * Conventions, with N candidates in the pool (repeats counted):
 * - `exec_ok`: 1 when the candidate executed.
 * - `exec_share`, `struct_share`, `string_share`: as in ../agreement.ts.
 * - `top_cluster`: 1 when its execution cluster is (one of) the largest.
 * - `gap_to_top`: largest cluster share − its own (its share counts 0 when it failed).
 * - `clusters_per_n`: distinct execution clusters / N.
 * - `empty`: 1 when it executed and returned no row.
 * - `log_rows`: ln(1 + rows) when it executed, else 0.
 * - `error_share`: share of the pool that failed to execute.
 */
import type { AnswerClusters, QuestionView } from '../../signals/types.ts';
import { buildClusters } from '../../signals/clusters.ts';

export const POOL_FEATURES = [
  'exec_ok',
  'exec_share',
  'struct_share',
  'string_share',
  'top_cluster',
  'gap_to_top',
  'clusters_per_n',
  'empty',
  'log_rows',
  'error_share',
] as const;

const share = (members: readonly (readonly number[])[], of: readonly number[], i: number, n: number): number => {
  const k = of[i]!;
  return k < 0 ? 0 : members[k]!.length / n;
};

/**
 * One row of {@link POOL_FEATURES} per candidate, in candidate order.
 *
 * @example
 * poolFeatures(view)[0]; // [1, 0.75, 0.5, 0.5, 1, 0, 0.25, 0, 1.6, 0]
 */
export function poolFeatures(view: QuestionView, clusters: AnswerClusters = buildClusters(view)): number[][] {
  const n = view.candidates.length;
  const ex = clusters.executions;
  const top = ex.members.reduce((m, c) => Math.max(m, c.length), 0) / Math.max(n, 1);
  const failed = view.candidates.filter((c) => !c.exec.ok).length;
  return view.candidates.map((c, i) => {
    const own = share(ex.members, ex.of, i, n);
    return [
      c.exec.ok ? 1 : 0,
      own,
      share(clusters.structures.members, clusters.structures.of, i, n),
      share(clusters.strings.members, clusters.strings.of, i, n),
      c.exec.ok && own >= top ? 1 : 0,
      top - own,
      ex.members.length / Math.max(n, 1),
      c.exec.ok && c.exec.rowCount === 0 ? 1 : 0,
      c.exec.ok ? Math.log1p(c.exec.rowCount) : 0,
      failed / Math.max(n, 1),
    ];
  });
}
