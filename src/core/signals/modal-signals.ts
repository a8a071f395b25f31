/**
 * Signals read off the modal candidate alone: executability, log-probability
 * and verifier scores.
 */
import { verifierScore } from '../verifiers/index.ts';
import type { Signal } from './types.ts';

/**
 * `executability`: 1 when the modal query executes and returns at least one
 * row, else 0; null when there are no candidates. A result cut by the row cap
 * still counts as rows.
 *
 * @example
 * executability.compute(view, clusters, clusters.modal); // 0 for an empty result
 */
export const executability: Signal = {
  name: 'executability',
  description: 'Whether the modal query executes and returns at least one row (1 or 0).',
  phrase: 'the query runs and returns rows',
  words: 'whether the most frequent query runs and returns rows (1 or 0)',
  higherIsBetter: true,
  compute: (q, _c, subject) => {
    if (subject < 0) return null;
    const e = q.candidates[subject]!.exec;
    return e.ok && e.rowCount >= 1 ? 1 : 0;
  },
};

/**
 * `logprob`: the modal candidate's mean per-token log-probability; null when
 * the generator did not report one (or reported a non-finite value).
 *
 * @example
 * logprob.compute(view, clusters, clusters.modal); // -0.12
 */
export const logprob: Signal = {
  name: 'logprob',
  description: "The modal query's mean token log-probability.",
  phrase: "the model's own token confidence",
  words: 'how sure the model was of its own words (mean token log-probability)',
  higherIsBetter: true,
  compute: (q, _c, subject) => {
    const v = subject < 0 ? undefined : q.candidates[subject]!.logprob;
    return v !== undefined && Number.isFinite(v) ? v : null;
  },
};

/**
 * A signal reading the modal candidate's verifier score `scores[name]`
 * (null when absent or non-finite), so verifiers plug in by name; its words
 * come from the verifier's descriptor (core/verifiers), and a score no
 * descriptor gives is named by its name.
 *
 * @example
 * registry.register(verifierSignal('orm'));
 */
export function verifierSignal(name: string, description?: string): Signal {
  const words = verifierScore(name);
  return {
    name,
    description: description ?? `Verifier score '${name}' of the modal query.`,
    phrase: words?.phrase ?? name,
    words: words?.words ?? `verifier score ${name}`,
    higherIsBetter: true,
    compute: (q, _c, subject) => {
      const v = subject < 0 ? undefined : q.candidates[subject]!.scores?.[name];
      return v !== undefined && Number.isFinite(v) ? v : null;
    },
  };
}
