/**
 * Grouping a question's candidates by normalized text, by structure and by
 * execution result.
 */
import { analyzedStructureKey } from '../sql/analysis.ts';
import { normalizeSql } from '../sql/normalize.ts';
import { structureKey } from '../sql/structure.ts';
import type { AnswerClusters, Clustering, QuestionView } from './types.ts';

/**
 * Clusters of equal keys; a null key joins no cluster (`of` is -1).
 *
 * @example
 * clusterBy(['a', 'b', 'a', null]); // {of: [0, 1, 0, -1], members: [[0, 2], [1]]}
 */
export function clusterBy(keys: readonly (string | null)[]): Clustering {
  const ids = new Map<string, number>();
  const members: number[][] = [];
  const of = keys.map((k, i) => {
    if (k === null) return -1;
    let id = ids.get(k);
    if (id === undefined) {
      id = members.length;
      ids.set(k, id);
      members.push([]);
    }
    members[id]!.push(i);
    return id;
  });
  return { of, members };
}

/**
 * The first member of the largest cluster, ties going to the cluster whose
 * first member comes first; -1 when there is no cluster.
 *
 * @example
 * largestClusterHead(clusterBy(['a', 'b', 'b', 'a'])); // 0
 */
export function largestClusterHead(c: Clustering): number {
  let best = -1;
  let size = 0;
  for (const m of c.members) {
    if (m.length > size) {
      size = m.length;
      best = m[0]!;
    }
  }
  return best;
}

/**
 * All clusters of a question. Structure keys use each candidate's
 * `normalizedSql` as the fallback when no parser dialect reads it; a
 * candidate's `analysis`, when it has one, gives its normalized text and
 * structure key (nothing parsed here).
 *
 * @example
 * const c = buildClusters(view);
 * c.modal; // index of the modal candidate, -1 when there are none
 */
export function buildClusters(q: QuestionView): AnswerClusters {
  const cands = q.candidates;
  const normalized = cands.map((c) => c.analysis?.normalized ?? normalizeSql(c.sql));
  const memo = new Map<string, { key: string; parsed: boolean }>();
  const structs = cands.map((c) => {
    const id = `${c.sql}\u0000${c.normalizedSql ?? ''}`;
    let s = memo.get(id);
    if (s === undefined) {
      s = c.analysis === undefined ? structureKey(c.sql, c.normalizedSql) : analyzedStructureKey(c.analysis, c.sql, c.normalizedSql);
      memo.set(id, s);
    }
    return s;
  });
  const strings = clusterBy(normalized);
  return {
    n: cands.length,
    normalized,
    structureKeys: structs.map((s) => s.key),
    parsed: structs.map((s) => s.parsed),
    strings,
    structures: clusterBy(structs.map((s) => s.key)),
    executions: clusterBy(cands.map((c) => (c.exec.ok ? c.exec.fingerprint : null))),
    modal: largestClusterHead(strings),
  };
}
