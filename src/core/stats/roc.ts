/**
 * The ROC curve of a score against binary labels, for plots: one point per
 * distinct threshold (tied scores enter as one step, so the curve's trapezoid
 * area equals the midrank AUROC), from (0, 0) to (1, 1). Missing scores
 * (`NaN`) are dropped.
 */
import { presentIndices, sameLength, toBinary, type Labels, type Scores } from './labels.ts';

export interface RocPoint {
  readonly threshold: number;
  readonly fpr: number;
  readonly tpr: number;
}

/**
 * ROC points sorted by increasing false-positive rate; empty when a class is absent.
 *
 * @example
 * rocCurve([0.9, 0.4, 0.4, 0.1], [1, 1, 0, 0]);
 * // [{threshold: Infinity, fpr: 0, tpr: 0}, {0.9, 0, 0.5}, {0.4, 0.5, 1}, {0.1, 1, 1}]
 */
export function rocCurve(scores: Scores, labels: Labels): RocPoint[] {
  sameLength('rocCurve', scores, labels);
  const y = toBinary(labels);
  const idx = presentIndices(scores).sort((a, b) => (scores[b] as number) - (scores[a] as number));
  let pos = 0;
  for (const i of idx) pos += y[i] as number;
  const neg = idx.length - pos;
  if (pos === 0 || neg === 0) return [];
  const points: RocPoint[] = [{ threshold: Infinity, fpr: 0, tpr: 0 }];
  let tp = 0;
  let fp = 0;
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k] as number;
    if (y[i]) tp++;
    else fp++;
    const next = idx[k + 1];
    if (next === undefined || scores[next] !== scores[i]) {
      points.push({ threshold: scores[i] as number, fpr: fp / neg, tpr: tp / pos });
    }
  }
  return points;
}
