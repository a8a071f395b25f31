/**
 * From executed candidates to what signals read (`QuestionView`) and to the
 * competing answers a person can compare: one group per distinct result, each
 * with one P(correct), ordered so that the first group is the answer.
 */
import { candidateExec, questionView, type AnswerClusters, type QuestionView } from '../signals/index.ts';
import type { Schema } from '../schema.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';
import type { AnswerGroup, CandidateRun } from './types.ts';

/** Two P(correct) closer than this are a tie (floating-point noise, not a difference). */
export const P_TIE_TOLERANCE = 1e-9;

/**
 * The signals' view of one question's executed runs (core/signals'
 * questionView): a run without SQL shows as `''`, and a run's scores only
 * when it has some, and each run's analysis from `analysisOf` (a text
 * parsed elsewhere) when it is given.
 *
 * @example
 * const view = runsView('How many books?', undefined, schema, runs);
 * computeSignals(view, registry);
 */
export function runsView(
  question: string,
  evidence: string | undefined,
  schema: Schema,
  runs: readonly CandidateRun[],
  analysisOf?: (sql: string) => SqlAnalysis | undefined,
): QuestionView {
  const candidates = runs.map((r) => ({
    sql: r.sql ?? '',
    exec: candidateExec(r.exec, r.fingerprint),
    logprob: r.logprob,
    scores: Object.keys(r.scores).length > 0 ? r.scores : undefined,
    normalizedSql: r.normalizedSql,
    analysis: analysisOf?.(r.sql ?? ''),
  }));
  return questionView({ question, evidence, schema, candidates });
}

/** P as a sortable number: NaN (no estimate) ranks below every estimate. */
const rankable = (p: number): number => (Number.isFinite(p) ? p : Number.NEGATIVE_INFINITY);

/**
 * The decision rule's order on result groups, best first:
 * 1. higher P(correct) (differences under `P_TIE_TOLERANCE` are ties);
 * 2. a result with rows before an empty result;
 * 3. more candidates returning it;
 * 4. the group whose first member comes first.
 * A tie is therefore never broken toward an empty or a lower-scoring group.
 *
 * @example groups.sort(compareGroups);
 */
export function compareGroups(a: AnswerGroup, b: AnswerGroup): number {
  const pa = rankable(a.probability);
  const pb = rankable(b.probability);
  if (pa !== pb && !(Math.abs(pa - pb) <= P_TIE_TOLERANCE)) return pb > pa ? 1 : -1;
  const emptyA = a.rowCount === 0 ? 1 : 0;
  const emptyB = b.rowCount === 0 ? 1 : 0;
  return emptyA - emptyB || b.members.length - a.members.length || a.members[0]! - b.members[0]!;
}

/**
 * One group per distinct execution result, in the decision rule's order
 * (`compareGroups`): the first group is the one Confide answers with, or
 * proposes when it abstains. A group's P(correct) is that of its best-scored
 * member, its `head`, which is the query shown and answered with (members can
 * score differently: they are written differently, so their text and
 * structure agreement, log-probability and verifier scores differ). Ties
 * inside a group go to the most common query, then the first member. Failed
 * candidates are in no group.
 *
 * @example
 * answerGroups(runs, clusters, [0.4, 0.9, 0.9, …])[0]; // { members: [1, 2, 5], head: 1, probability: 0.9, chosen: true, … }
 */
export function answerGroups(runs: readonly CandidateRun[], clusters: AnswerClusters, probabilities: readonly number[]): AnswerGroup[] {
  if (probabilities.length !== runs.length) throw new RangeError(`answerGroups: ${probabilities.length} probabilities for ${runs.length} candidates`);
  const n = runs.length;
  const groups = clusters.executions.members.map((members): AnswerGroup => {
    let head = members.includes(clusters.modal) ? clusters.modal : members[0]!;
    for (const m of members) if (rankable(probabilities[m]!) > rankable(probabilities[head]!) + P_TIE_TOLERANCE) head = m;
    const run = runs[head]!;
    return {
      members,
      head,
      probability: probabilities[head]!,
      share: n === 0 ? 0 : members.length / n,
      fingerprint: run.fingerprint ?? '',
      rowCount: run.exec.ok ? run.exec.rows.length : 0,
      modal: members.includes(clusters.modal),
      chosen: false,
    };
  });
  return groups.sort(compareGroups).map((g, i) => (i === 0 ? { ...g, chosen: true } : g));
}
