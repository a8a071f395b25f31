/**
 * From executed candidates to what signals read (`QuestionView`) and to the
 * competing answers a person can compare: one group per distinct result.
 */
import type { AnswerClusters, CandidateView, QuestionView } from '../signals/index.ts';
import type { Schema } from '../schema.ts';
import type { AnswerGroup, CandidateRun } from './types.ts';

/**
 * The signals' view of one question's candidates.
 *
 * @example
 * const view = questionView('How many books?', undefined, schema, runs);
 * computeSignals(view, registry);
 */
export function questionView(question: string, evidence: string | undefined, schema: Schema, runs: readonly CandidateRun[]): QuestionView {
  const candidates: CandidateView[] = runs.map((r) => ({
    sql: r.sql ?? '',
    exec: r.exec.ok && r.fingerprint !== null ? { ok: true, fingerprint: r.fingerprint, rowCount: r.exec.rows.length } : { ok: false, code: r.exec.ok ? 'SQLITE_ERROR' : r.exec.error.code },
    ...(r.logprob === undefined ? {} : { logprob: r.logprob }),
    ...(Object.keys(r.scores).length > 0 ? { scores: r.scores } : {}),
    ...(r.normalizedSql === undefined ? {} : { normalizedSql: r.normalizedSql }),
  }));
  return { question, ...(evidence === undefined ? {} : { evidence }), schema, candidates };
}

/**
 * One group per distinct execution result, largest first (ties: the group
 * whose first member comes first). Failed candidates are in no group.
 *
 * @example
 * answerGroups(runs, clusters)[0]; // { members: [0, 2, 5], head: 0, share: 0.375, modal: true, … }
 */
export function answerGroups(runs: readonly CandidateRun[], clusters: AnswerClusters): AnswerGroup[] {
  const n = runs.length;
  return clusters.executions.members
    .map((members) => {
      const modal = members.includes(clusters.modal);
      const head = modal ? clusters.modal : members[0]!;
      const run = runs[head]!;
      return {
        members,
        head,
        share: n === 0 ? 0 : members.length / n,
        fingerprint: run.fingerprint ?? '',
        rowCount: run.exec.ok ? run.exec.rows.length : 0,
        modal,
      };
    })
    .sort((a, b) => b.members.length - a.members.length || a.members[0]! - b.members[0]!);
}
