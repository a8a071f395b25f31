/**
 * Calibration of predicted probabilities of correctness.
 *
 * Bins: 10 equal-width bins over [0, 1]; bin i = [i/10, (i+1)/10) and the last
 * bin [0.9, 1] closed, computed as min(⌊10·p⌋, 9) in double arithmetic (so
 * p = 0.3 falls in bin 3). In bin b, conf_b = mean predicted probability and
 * acc_b = fraction correct.
 *   ECE   = Σ_b (n_b / n)·|acc_b − conf_b|   (empty bins contribute 0)
 *   MCE   = max over non-empty bins of |acc_b − conf_b|
 *   Brier = (1/n)·Σᵢ (pᵢ − yᵢ)²
 * Missing probabilities (`NaN`) are dropped; with nothing left every number
 * is `NaN`. A probability outside [0, 1] is a `RangeError`.
 */
import { sameLength, toBinary, type Labels, type Scores } from './labels.ts';

/** One reliability bin; `meanConfidence` and `accuracy` are `NaN` when empty. */
export interface ReliabilityBin {
  readonly lo: number;
  readonly hi: number;
  readonly count: number;
  readonly meanConfidence: number;
  readonly accuracy: number;
}

/** Everything {@link calibration} measures. */
export interface CalibrationReport {
  readonly ece: number;
  readonly mce: number;
  readonly brier: number;
  /** Probabilities used (not missing). */
  readonly n: number;
  /** Always 10 bins, in order. */
  readonly bins: readonly ReliabilityBin[];
}

const BINS = 10;

/**
 * ECE, MCE, Brier score and the reliability bins (see the module comment).
 *
 * @example
 * const r = calibration([0.95, 0.85, 0.2], [1, 0, 0]);
 * r.ece;   // (1/3)·|1 − 0.95| + (1/3)·|0 − 0.85| + (1/3)·|0 − 0.2| ≈ 0.3667
 * r.brier; // (0.05² + 0.85² + 0.2²)/3
 */
export function calibration(probabilities: Scores, labels: Labels): CalibrationReport {
  sameLength('calibration', probabilities, labels);
  const y = toBinary(labels);
  const count = new Array<number>(BINS).fill(0);
  const sumP = new Array<number>(BINS).fill(0);
  const sumY = new Array<number>(BINS).fill(0);
  let n = 0;
  let brierSum = 0;
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i] as number;
    if (Number.isNaN(p)) continue;
    if (!(p >= 0 && p <= 1)) throw new RangeError(`calibration: probabilities[${i}] = ${p} is outside [0, 1]`);
    const b = Math.min(Math.floor(p * BINS), BINS - 1);
    count[b]!++;
    sumP[b]! += p;
    sumY[b]! += y[i]!;
    n++;
    brierSum += (p - y[i]!) * (p - y[i]!);
  }
  const bins: ReliabilityBin[] = [];
  let ece = 0;
  let mce = n === 0 ? NaN : 0;
  for (let b = 0; b < BINS; b++) {
    const c = count[b]!;
    const meanConfidence = c === 0 ? NaN : sumP[b]! / c;
    const accuracy = c === 0 ? NaN : sumY[b]! / c;
    if (c > 0) {
      const gap = Math.abs(accuracy - meanConfidence);
      ece += (c / n) * gap;
      mce = Math.max(mce, gap);
    }
    bins.push({ lo: b / BINS, hi: (b + 1) / BINS, count: c, meanConfidence, accuracy });
  }
  return { ece: n === 0 ? NaN : ece, mce, brier: n === 0 ? NaN : brierSum / n, n, bins };
}

/**
 * Expected calibration error alone (10 equal-width bins, see the module comment).
 *
 * @example
 * ece([0.95, 0.85, 0.2], [1, 0, 0]); // ≈ 0.3667
 */
export function ece(probabilities: Scores, labels: Labels): number {
  return calibration(probabilities, labels).ece;
}
