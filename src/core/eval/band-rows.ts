/**
 * The rows a pool-size band is fit on (pool-bands.ts): each distinct result
 * of a cut pool, its most common query's signals computed as if it were the
 * answer, and each cut pool's best guess among them, as Ask picks it.
 */
import { buildClusters, computeSignals, type SignalRegistry } from '../signals/index.ts';
import type { PreparedQuestion } from './prepare.ts';

/** One cut pool. */
export interface Cut {
  readonly q: number;
  readonly size: number;
  readonly whole: boolean;
  readonly prepared: PreparedQuestion;
}

/** One result of a cut pool, as a row of the band's fit. */
export interface GroupRow {
  readonly cut: number;
  readonly x: Float64Array;
  readonly y: number;
  readonly members: number;
  readonly empty: boolean;
}

/**
 * Every distinct result of a cut pool as a row (its most common query as the answer), or its modal query when nothing ran.
 *
 * @example const rows = groupRows(cut, 0, registry, ['exec_agreement']);
 */
export function groupRows(cut: Cut, index: number, registry: SignalRegistry, names: readonly string[]): GroupRow[] {
  const view = cut.prepared.view;
  const clusters = buildClusters(view);
  const groups = clusters.executions.members.length > 0 ? clusters.executions.members : [[clusters.modal]];
  return groups.map((members) => {
    let rep = members.includes(clusters.modal) ? clusters.modal : members[0]!;
    for (const m of members)
      if (clusters.strings.members[clusters.strings.of[m]!]!.length > clusters.strings.members[clusters.strings.of[rep]!]!.length) rep = m;
    const { values } = computeSignals(view, registry, clusters, rep);
    const exec = view.candidates[rep]!.exec;
    return {
      cut: index,
      x: Float64Array.from(names, (n) => values[n] ?? NaN),
      y: cut.prepared.candidates[rep]!.correct ? 1 : 0,
      members: members.length,
      empty: !exec.ok || exec.rowCount === 0,
    };
  });
}

/**
 * Each cut's best guess among its rows: the highest P (ties: rows before empty, more candidates, first), as Ask's answers.ts.
 *
 * @example const best = bestGuesses(rows, p, cuts.length); // row index per cut
 */
export function bestGuesses(rows: readonly GroupRow[], p: ArrayLike<number>, cuts: number): number[] {
  const best = new Array<number>(cuts).fill(-1);
  rows.forEach((r, i) => {
    const b = best[r.cut]!;
    if (b < 0) return void (best[r.cut] = i);
    const o = rows[b]!;
    const d = (p[i] as number) - (p[b] as number);
    const better = Math.abs(d) > 1e-9 ? d > 0 : (o.empty && !r.empty) || (o.empty === r.empty && r.members > o.members);
    if (better) best[r.cut] = i;
  });
  return best;
}
