/**
 * Signals read off the modal candidate alone: executability, log-probability
 * and verifier scores.
 */
import type { Signal } from './types.ts';

/**
 * `executability`: 1 when the modal query executes and returns at least one
 * row, else 0; null when there are no candidates. A result cut by the row cap
 * still counts as rows.
 *
 * @example
 * executability.compute(view, clusters); // 0 for an empty result
 */
export const executability: Signal = {
  name: 'executability',
  description: 'Whether the modal query executes and returns at least one row (1 or 0).',
  label: 'the query runs and returns rows',
  words: 'whether the most frequent query runs and returns rows (1 or 0)',
  higherIsBetter: true,
  compute: (q, c) => {
    if (c.modal < 0) return null;
    const e = q.candidates[c.modal].exec;
    return e.ok && e.rowCount >= 1 ? 1 : 0;
  },
};

/**
 * `logprob`: the modal candidate's mean per-token log-probability; null when
 * the generator did not report one (or reported a non-finite value).
 *
 * @example
 * logprob.compute(view, clusters); // -0.12
 */
export const logprob: Signal = {
  name: 'logprob',
  description: "The modal query's mean token log-probability.",
  label: "the model's own token confidence",
  words: 'how sure the model was of its own words (mean token log-probability)',
  higherIsBetter: true,
  compute: (q, c) => {
    const v = c.modal < 0 ? undefined : q.candidates[c.modal].logprob;
    return v !== undefined && Number.isFinite(v) ? v : null;
  },
};

/** The known verifier scores in words: a label for reasons and words for Evaluate's signal table. */
const VERIFIER_WORDS: Readonly<Record<string, { readonly label: string; readonly words: string }>> = {
  orm: {
    label: 'the outcome reward model (with agreement)',
    words: "the outcome reward model's score of the query, reading its agreement with the other candidates",
  },
  orm_sql: {
    label: 'the verifier reading the question and the query',
    words: "the outcome reward model's score of the query from the question and the SQL alone (defined for one pasted query)",
  },
  judge: { label: 'the LLM judge', words: "an LLM judge's probability that the query answers the question" },
};

/**
 * A signal reading the modal candidate's verifier score `scores[name]`
 * (null when absent or non-finite), so new verifiers (`orm`, `judge`) plug in
 * by name; a score without words of its own is named by its name.
 *
 * @example
 * registry.register(verifierSignal('orm'));
 */
export function verifierSignal(name: string, description?: string): Signal {
  const words = VERIFIER_WORDS[name];
  return {
    name,
    description: description ?? `Verifier score '${name}' of the modal query.`,
    label: words?.label ?? name,
    words: words?.words ?? `verifier score ${name}`,
    higherIsBetter: true,
    compute: (q, c) => {
      const v = c.modal < 0 ? undefined : q.candidates[c.modal].scores?.[name];
      return v !== undefined && Number.isFinite(v) ? v : null;
    },
  };
}
