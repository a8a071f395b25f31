/**
 * Self-consistency signals: how many of the N samples agree with the modal
 * answer, by text, by structure and by result. A pool of one query has no
 * agreement to measure (it always agrees with itself), so all three are
 * missing (null) below two candidates, never 1.
 */
import type { AnswerClusters, Signal } from './types.ts';

/** Share of the N candidates in the subject's cluster; null when N < 2 (nothing to agree with). */
function shareWith(c: AnswerClusters, cluster: readonly number[], subject: number): number | null {
  if (c.n < 2 || subject < 0) return null;
  const id = cluster[subject]!;
  if (id < 0) return 0;
  let same = 0;
  for (const k of cluster) if (k === id) same++;
  return same / c.n;
}

/**
 * `string_sc`: share of the N candidates whose `normalizeSql` text equals the
 * modal's (the size of the largest cluster of identical queries, over N).
 *
 * @example
 * stringSc.compute(view, clusters, clusters.modal); // 0.625 when 5 of 8 samples match
 */
export const stringSc: Signal = {
  name: 'string_sc',
  description: 'Share of the N samples written like the modal query (normalized text).',
  phrase: 'samples written the same way',
  words: 'share of the samples that wrote the same query text as the most frequent one',
  higherIsBetter: true,
  compute: (_q, c, subject) => shareWith(c, c.strings.of, subject),
};

/**
 * `structural_sc`: share of the N candidates whose `structureKey` equals the
 * modal's (same query up to literals, aliases, case and operand order).
 *
 * @example
 * structuralSc.compute(view, clusters, clusters.modal); // ≥ string_sc
 */
export const structuralSc: Signal = {
  name: 'structural_sc',
  description: 'Share of the N samples with the same query structure as the modal query.',
  phrase: 'samples with the same query structure',
  words: 'share of the samples with the same query structure (literals, aliases and case aside)',
  higherIsBetter: true,
  compute: (_q, c, subject) => shareWith(c, c.structures.of, subject),
};

/**
 * `execution_sc`: share of the N candidates whose result fingerprint equals
 * the modal's. When the modal query fails to execute it has no result to
 * agree with, so the value is 0 (not missing): nothing backs the answer the
 * system would give.
 *
 * @example
 * executionSc.compute(view, clusters, clusters.modal); // 0 when the modal failed
 */
export const executionSc: Signal = {
  name: 'execution_sc',
  description: 'Share of the N samples returning the same result as the modal query (0 when it fails).',
  phrase: 'samples returning the same result',
  words: 'share of the samples that return the same result (self-consistency)',
  higherIsBetter: true,
  compute: (_q, c, subject) => shareWith(c, c.executions.of, subject),
};
