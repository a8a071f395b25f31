/**
 * Distribution-free risk certificate (Bonferroni over a threshold grid).
 *
 * For each threshold t in a grid G fixed before the labels are seen, answer
 * the questions with score ≥ t; with k wrong among m answered, take the exact
 * one-sided Clopper–Pearson upper bound on the risk at level δ/|G|
 * (δ = 0.1 by default). By the union bound, with probability ≥ 1 − δ every
 * grid bound holds at once, so a target α is certified when some t has upper
 * bound ≤ α; among those, the t with maximum coverage (the lowest such t) is
 * reported with its coverage and empirical risk.
 *
 * Grid: by default {@link probabilityGrid} (t = 0.01, 0.02, …, 0.99, |G| = 99)
 * for scores that are probabilities (the combiner's P(correct)). For a raw
 * signal use {@link quantileGrid} of the calibration half. Confide evaluates
 * the certificate on the held-out test half only (the labels it bounds never
 * chose the grid or the model), and reports it as what it is: a conservative
 * lower bound on what a threshold can promise. Scores that are `NaN` are
 * dropped; n is the number present.
 */
import { clopperPearsonUpper } from './clopper-pearson.ts';
import { sameLength, toBinary, type Labels, type Scores } from './labels.ts';
import { quantileSorted } from './quantile.ts';

/** Options for {@link certify}. */
export interface CertificateOptions {
  readonly delta?: number;
  readonly grid?: readonly number[];
  readonly targets?: readonly number[];
}

/** The bound at one grid threshold. */
export interface GridBound {
  readonly threshold: number;
  readonly answered: number;
  readonly wrong: number;
  readonly upper: number;
}

/** One target risk: certified with a threshold, or not. */
export type CertifiedTarget =
  | {
      readonly target: number;
      readonly certified: true;
      readonly threshold: number;
      readonly answered: number;
      readonly coverage: number;
      /** Empirical risk among the answered. */
      readonly risk: number;
      readonly upper: number;
    }
  | { readonly target: number; readonly certified: false };

/** What {@link certify} returns. */
export interface Certificate {
  readonly delta: number;
  /** δ/|G|, the level of each Clopper–Pearson bound. */
  readonly perThresholdLevel: number;
  readonly n: number;
  readonly bounds: readonly GridBound[];
  readonly targets: readonly CertifiedTarget[];
}

/**
 * The fixed grid 0.01, 0.02, …, 0.99 (computed as i/100).
 *
 * @example
 * probabilityGrid().length; // 99
 */
export function probabilityGrid(): number[] {
  return Array.from({ length: 99 }, (_, i) => (i + 1) / 100);
}

/**
 * The distinct type-7 quantiles at 1%, 2%, …, 99% of the present scores
 * (label-free; take them from the calibration half). Empty for no scores.
 *
 * @example
 * quantileGrid(calibrationScores); // ascending, at most 99 thresholds
 */
export function quantileGrid(scores: Scores): number[] {
  const sorted = Float64Array.from(Array.from(scores).filter((v) => !Number.isNaN(v))).sort();
  if (sorted.length === 0) return [];
  const grid = Array.from({ length: 99 }, (_, i) => quantileSorted(sorted, (i + 1) / 100));
  return [...new Set(grid)];
}

/**
 * Certifies target risks on held-out scores and labels (see the module
 * comment). `RangeError` on a length mismatch, an empty grid or δ ∉ (0, 1).
 *
 * @example
 * const c = certify(pick(p, test), pick(y, test), { targets: [0.2, 0.4] });
 * c.targets; // [{target: 0.2, certified: false}, {target: 0.4, certified: true, coverage: 0.16, risk: 0.22, …}]
 */
export function certify(scores: Scores, labels: Labels, options: CertificateOptions = {}): Certificate {
  const { delta = 0.1, grid = probabilityGrid(), targets = [0.1, 0.2, 0.3, 0.4] } = options;
  sameLength('certify', scores, labels);
  if (!(delta > 0 && delta < 1)) throw new RangeError(`certify: delta must be in (0, 1), got ${delta}`);
  if (grid.length === 0) throw new RangeError('certify: the threshold grid is empty');
  const y = toBinary(labels);
  const level = delta / grid.length;
  let n = 0;
  for (let i = 0; i < scores.length; i++) if (!Number.isNaN(scores[i])) n++;
  const bounds = [...grid]
    .sort((a, b) => a - b)
    .map((threshold): GridBound => {
      let answered = 0;
      let wrong = 0;
      for (let i = 0; i < scores.length; i++) {
        if ((scores[i] as number) >= threshold) {
          answered++;
          wrong += 1 - y[i]!;
        }
      }
      return { threshold, answered, wrong, upper: clopperPearsonUpper(wrong, answered, level) };
    });
  const results = targets.map((target): CertifiedTarget => {
    let best: GridBound | undefined;
    for (const b of bounds) if (b.answered > 0 && b.upper <= target && (!best || b.answered > best.answered)) best = b;
    if (!best) return { target, certified: false };
    return {
      target,
      certified: true,
      threshold: best.threshold,
      answered: best.answered,
      coverage: best.answered / n,
      risk: best.wrong / best.answered,
      upper: best.upper,
    };
  });
  return { delta, perThresholdLevel: level, n, bounds, targets: results };
}
