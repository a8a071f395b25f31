/**
 * Best-of-N strategies over a question's candidates (GradeSQL's baselines,
 * its verifier selection, and the oracle that bounds them all).
 */
import { normalizeSql } from '../sql/normalize.ts';
import { clusterBy, largestClusterHead } from '../signals/clusters.ts';
import type { CandidateView } from '../signals/types.ts';
import type { Strategy } from './types.ts';

/** `normalizeSql` of a candidate: from its analysis, else computed once per candidate object (a pure cache). */
const normalizedCache = new WeakMap<CandidateView, string>();
function normalizedOf(c: CandidateView): string {
  if (c.analysis !== undefined) return c.analysis.normalized;
  let s = normalizedCache.get(c);
  if (s === undefined) {
    s = normalizeSql(c.sql);
    normalizedCache.set(c, s);
  }
  return s;
}

const hasRows = (c: CandidateView): boolean => c.exec.ok && c.exec.rowCount >= 1;

/** A candidate's finite `scores[name]`, or null when it has none. */
function verifierScore(c: CandidateView, name: string): number | null {
  const v = c.scores?.[name];
  return v !== undefined && Number.isFinite(v) ? v : null;
}

/**
 * `first`: the first sample (what N = 1 would answer).
 *
 * @example
 * first.select(view); // 0, or -1 without candidates
 */
export const first: Strategy = {
  name: 'first',
  select: (q) => (q.candidates.length === 0 ? -1 : 0),
};

/**
 * `modal`: majority vote on text: the first member of the largest cluster of
 * equal `normalizeSql` text (ties: the cluster whose first member comes
 * first); the same candidate as `AnswerClusters.modal`.
 *
 * @example
 * modal.select(view); // 2 when samples 2, 5 and 7 are the same query
 */
export const modal: Strategy = {
  name: 'modal',
  select: (q) => largestClusterHead(clusterBy(q.candidates.map(normalizedOf))),
};

/**
 * `majority_exec`: the first member of the largest cluster of equal results
 * (ties: the cluster whose first member comes first). Failed executions form
 * no cluster; when none executes, the first candidate.
 *
 * @example
 * majorityExec.select(view); // the head of the most common result
 */
export const majorityExec: Strategy = {
  name: 'majority_exec',
  select: (q) => {
    if (q.candidates.length === 0) return -1;
    const head = largestClusterHead(clusterBy(q.candidates.map((c) => (c.exec.ok ? c.exec.fingerprint : null))));
    return Math.max(head, 0);
  },
};

/** The best execution group: candidates with rows if any, else those that execute, else all. */
function bestGroup(cands: readonly CandidateView[]): number[] {
  const all = cands.map((_, i) => i);
  const rows = all.filter((i) => hasRows(cands[i]!));
  if (rows.length > 0) return rows;
  const ok = all.filter((i) => cands[i]!.exec.ok);
  return ok.length > 0 ? ok : all;
}

/**
 * `ex_bon`: GradeSQL's execution-based Best-of-N: the first candidate that
 * executes and returns rows, else the first that executes, else the first.
 *
 * @example
 * exBon.select(view); // 1 when sample 0 fails and sample 1 returns rows
 */
export const exBon: Strategy = {
  name: 'ex_bon',
  select: (q) => (q.candidates.length === 0 ? -1 : bestGroup(q.candidates)[0]!),
};

/**
 * `verifier_bon:<name>`: the highest `scores[name]` within the best execution
 * group (as in `ex_bon`); candidates without a finite score rank below every
 * scored one; ties go to the earliest. null when no candidate of the question
 * carries that score.
 *
 * @example
 * verifierBon('orm').select(view); // index of the ORM's favourite that runs
 */
export function verifierBon(name: string): Strategy {
  const score = (c: CandidateView): number | null => verifierScore(c, name);
  return {
    name: `verifier_bon:${name}`,
    select: (q) => {
      if (q.candidates.length === 0) return -1;
      if (q.candidates.every((c) => score(c) === null)) return null;
      const group = bestGroup(q.candidates);
      let best = group[0]!;
      for (const i of group) {
        const s = score(q.candidates[i]!);
        const b = score(q.candidates[best]!);
        if (s !== null && (b === null || s > b)) best = i;
      }
      return best;
    },
  };
}

/**
 * `cluster_bon:<name>`: the result cluster with the highest mean
 * `scores[name]` over its scored members; answers with its first member.
 * Clusters are candidates with the same result (`majority_exec`'s clusters;
 * a candidate that fails to execute is in none); a cluster none of whose
 * members carries the score ranks below every scored one; ties go to the
 * cluster whose first member comes first. When no candidate executes, the
 * same pick as `verifier_bon:<name>`. null when no candidate of the question
 * carries that score.
 *
 * @example
 * clusterBon('orm').select(view); // head of the result the verifier rates best on average
 */
export function clusterBon(name: string): Strategy {
  const fallback = verifierBon(name);
  return {
    name: `cluster_bon:${name}`,
    select: (q) => {
      if (q.candidates.length === 0) return -1;
      const scores = q.candidates.map((c) => verifierScore(c, name));
      if (scores.every((v) => v === null)) return null;
      const clusters = clusterBy(q.candidates.map((c) => (c.exec.ok ? c.exec.fingerprint : null)));
      let best = -1;
      let bestMean = -Infinity;
      for (const members of clusters.members) {
        const scored = members.map((i) => scores[i]).filter((v): v is number => v !== null);
        if (scored.length === 0) continue;
        const mean = scored.reduce((a, b) => a + b, 0) / scored.length;
        if (mean > bestMean) [best, bestMean] = [members[0]!, mean];
      }
      if (best >= 0) return best;
      // Every executing cluster is unscored, or nothing executes: the per-candidate argmax.
      return fallback.select(q);
    },
  };
}

/**
 * `oracle`: the first correct candidate (the first candidate when none is
 * correct): the Pass@N ceiling. Needs the labels; missing or mis-sized
 * labels are a RangeError.
 *
 * @example
 * oracle.select(view, [false, true, true]); // 1
 */
export const oracle: Strategy = {
  name: 'oracle',
  select: (q, correct) => {
    if (correct === undefined || correct.length !== q.candidates.length) {
      throw new RangeError(`oracle: needs one label per candidate (${q.candidates.length}), got ${correct?.length}`);
    }
    if (q.candidates.length === 0) return -1;
    const i = correct.indexOf(true);
    return Math.max(i, 0);
  },
};

/**
 * The label-free strategies plus the oracle, in the order reports show them
 * (verifier strategies are added by name: `verifierBon('orm')`, `clusterBon('orm')`).
 *
 * @example
 * accuracyVsN(views, labels, defaultStrategies(), undefined, { rng });
 */
export const defaultStrategies = (): Strategy[] => [first, modal, majorityExec, exBon, oracle];
