/**
 * Why the combiner gave the probability it gave: each signal's additive share
 * of the logit under the profile's model. For signal j with standardized
 * value z_j (0 when missing) the share is w_j·z_j, plus the weight of its
 * missing-value indicator when it is missing and the model has one. The
 * shares plus the bias sum to the logit, so σ(bias + Σ shares) is the
 * probability the profile gives.
 */
import type { PoolBand } from '../profile.ts';

/** One signal's part in the combined score. */
export interface SignalContribution {
  readonly name: string;
  /** The raw signal value, null when missing. */
  readonly value: number | null;
  /** The value standardized by the profile ((value − mean)/sd: above 0 is higher than usual); null when missing. */
  readonly z: number | null;
  /** Additive share of the logit (positive: pushes P(correct) up). */
  readonly logit: number;
}

/**
 * The contributions under one band's model (`bandFor(profile, poolSize)`), in
 * its signal order.
 *
 * @example
 * signalContributions(bandFor(profile, 8)!, { execution_sc: 1, logprob: null })
 *   .filter((c) => c.logit > 0).map((c) => c.name); // ['execution_sc']
 */
export function signalContributions(
  band: Pick<PoolBand, 'signals' | 'model'>,
  values: Readonly<Record<string, number | null | undefined>>,
): SignalContribution[] {
  const { standardization: t, weights } = band.model;
  const d = band.signals.length;
  if (t.means.length !== d) throw new RangeError(`a profile band has ${d} signals but its model standardizes ${t.means.length}`);
  let flag = d;
  return band.signals.map((name, j) => {
    const raw = values[name];
    const present = raw !== null && raw !== undefined && Number.isFinite(raw);
    const z = present ? (raw - t.means[j]!) / t.sds[j]! : null;
    let logit = z === null ? 0 : weights[j]! * z;
    if (t.indicators[j]) {
      if (!present) logit += weights[flag]!;
      flag += 1;
    }
    return { name, value: present ? raw : null, z, logit };
  });
}
