/**
 * The agreement features of the ORM's learned-selector variant: for each
 * candidate of a question's pool, the share of the pool that agrees with it.
 *
 * Convention: with N candidates in the pool (repeats counted, in sampling
 * order, as the signals see them), `exec_share` = |candidates with the same
 * result fingerprint| / N (0 for a candidate that failed to execute: it is in
 * no result cluster), `struct_share` = |same structure key| / N, and
 * `string_share` = |same normalized text| / N, each counting the candidate
 * itself. The clusters are the signals' own (`buildClusters`), so training
 * data and inference compute the shares the same way.
 */
import type { QuestionRecord } from '../bench/types.ts';
import { labeledRecord } from '../prepared/labeled-record.ts';
import type { PreparedQuestion } from '../prepared/types.ts';
import { buildClusters } from '../signals/clusters.ts';
import type { AnswerClusters, Clustering, QuestionView } from '../signals/types.ts';
import type { Agreement } from './featurize.ts';

const shareOf = (c: Clustering, i: number, n: number): number => {
  const k = c.of[i]!;
  return k < 0 ? 0 : c.members[k]!.length / n;
};

/**
 * One {@link Agreement} per candidate, in candidate order.
 *
 * @example
 * agreementShares(buildClusters(view));
 * // [{exec_share: 0.75, struct_share: 0.5, string_share: 0.5}, …]
 */
export function agreementShares(clusters: AnswerClusters): Agreement[] {
  const n = clusters.n;
  return Array.from({ length: n }, (_, i) => ({
    exec_share: shareOf(clusters.executions, i, n),
    struct_share: shareOf(clusters.structures, i, n),
    string_share: shareOf(clusters.strings, i, n),
  }));
}

/**
 * The shares of a question view's candidates (clusters built here).
 *
 * @example
 * viewAgreement(prepared.view)[0].exec_share; // 0.75
 */
export function viewAgreement(view: QuestionView): Agreement[] {
  return agreementShares(buildClusters(view));
}

/**
 * A prepared question as a labeled candidate record with its agreement
 * shares written into `scores.exec_share`, `scores.struct_share` and
 * `scores.string_share` (what `npm run orm:train -- --agreement` reads),
 * next to `correct` and `exec_error` as `confide label` writes them.
 *
 * @example
 * const out = withAgreement(run.records[i], run.prepared[i]);
 * out.candidates[0].scores; // {exec_share: 0.75, struct_share: 0.5, string_share: 0.5}
 */
export function withAgreement(record: QuestionRecord, prepared: PreparedQuestion): QuestionRecord {
  const labeled = labeledRecord(record, prepared);
  const shares = viewAgreement(prepared.view);
  if (shares.length !== labeled.candidates.length)
    throw new RangeError(`${shares.length} shares for ${labeled.candidates.length} candidates of question ${record.id}`);
  return {
    ...labeled,
    candidates: labeled.candidates.map((c, i) => ({ ...c, scores: { ...c.scores, ...shares[i]! } })),
  };
}
