/**
 * The sequence-level log-probability of a sampled completion: the arithmetic
 * mean of its per-token log-probabilities (natural log, as web-llm reports
 * them, i.e. under the sampling temperature). Mean rather than sum, so long
 * and short queries are comparable; this is the `logprob` a candidate stores.
 */

/**
 * Mean of per-token log-probabilities; `NaN` for an empty sequence (undefined).
 * A value above 0 or NaN is a broken contract (RangeError).
 *
 * @example meanLogprob([-0.1, -0.3]) // -0.2
 */
export function meanLogprob(tokenLogprobs: readonly number[]): number {
  if (tokenLogprobs.length === 0) return Number.NaN;
  let sum = 0;
  for (const lp of tokenLogprobs) {
    if (!(lp <= 0)) throw new RangeError(`a log-probability must be <= 0, got ${lp}`);
    sum += lp;
  }
  return sum / tokenLogprobs.length;
}
