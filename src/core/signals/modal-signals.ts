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
  higherIsBetter: true,
  compute: (q, c) => {
    const v = c.modal < 0 ? undefined : q.candidates[c.modal].logprob;
    return v !== undefined && Number.isFinite(v) ? v : null;
  },
};

/**
 * A signal reading the modal candidate's verifier score `scores[name]`
 * (null when absent or non-finite), so new verifiers (`orm`, `judge`) plug in
 * by name.
 *
 * @example
 * registry.register(verifierSignal('orm'));
 */
export function verifierSignal(name: string, description?: string): Signal {
  return {
    name,
    description: description ?? `Verifier score '${name}' of the modal query.`,
    higherIsBetter: true,
    compute: (q, c) => {
      const v = c.modal < 0 ? undefined : q.candidates[c.modal].scores?.[name];
      return v !== undefined && Number.isFinite(v) ? v : null;
    },
  };
}
