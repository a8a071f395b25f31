/**
 * Platt's recalibration of a combiner's log-odds: a monotone map fit by
 * logistic regression on one column, folded into the model's weights and bias
 * (pool-bands.ts maps the best guesses' P this way).
 */
import type { CombinerModel } from './crossfit.ts';
import { fitLogistic } from './logistic.ts';

/**
 * The log-odds of a probability, clamped to [1e-9, 1 − 1e-9].
 *
 * @example logit(0.5); // 0
 */
export const logit = (p: number): number => {
  const q = Math.min(Math.max(p, 1e-9), 1 - 1e-9);
  return Math.log(q / (1 - q));
};

/**
 * Platt's map of log-odds to the labels, logit P' = slope · logit P +
 * intercept, by logistic regression on the one log-odds column (ridge 1e-3);
 * the identity when the labels are one class or the fitted slope is not
 * positive (a map that would reorder the results).
 *
 * @example const map = plattMap(z, y); // { slope: 0.8, intercept: 0.3 }
 */
export function plattMap(z: readonly number[], y: readonly number[]): { slope: number; intercept: number } {
  const pos = y.reduce((a, b) => a + b, 0);
  if (z.length === 0 || pos === 0 || pos === y.length) return { slope: 1, intercept: 0 };
  const fit = fitLogistic(
    z.map((v) => [v]),
    y,
    { lambda: 1e-3 },
  );
  const slope = fit.weights[0]!;
  return slope > 0 && Number.isFinite(slope) && Number.isFinite(fit.bias) ? { slope, intercept: fit.bias } : { slope: 1, intercept: 0 };
}

/**
 * A model whose log-odds go through the map: weights and bias scaled, so it stays a plain combiner model.
 *
 * @example const calibrated = withRecalibration(model, plattMap(z, y));
 */
export function withRecalibration(m: CombinerModel, map: { slope: number; intercept: number }): CombinerModel {
  return { ...m, weights: m.weights.map((w) => w * map.slope), bias: m.bias * map.slope + map.intercept };
}
