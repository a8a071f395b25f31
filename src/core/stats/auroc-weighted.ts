/**
 * AUROC under per-question weights over a presorted order, for the bootstrap:
 * sort once, then every resample is one linear pass.
 *
 * With integer multiplicities w (a bootstrap resample), the result equals the
 * midrank AUROC (`auroc` in auroc.ts) of the sample where question i appears wᵢ
 * times, exactly (the numerator is an integer-valued sum of half-integers):
 * walking the tie groups in ascending score order,
 *   2U = Σ_groups W₁(g)·(2·W₀(below g) + W₀(g)),  AUROC = 2U / (2·W₁·W₀),
 * where W₁, W₀ are the summed weights of correct and wrong questions.
 */
import { sameLength, toBinary, type Labels, type Scores } from './labels.ts';

/** One score column sorted once, missing questions left out. */
export interface Presorted {
  /** Question indices in ascending score order (present scores only). */
  readonly index: Uint32Array;
  /** 1 where the question at that sorted position is correct. */
  readonly positive: Uint8Array;
  /** 1 at the last sorted position of each group of tied scores. */
  readonly groupEnd: Uint8Array;
}

/**
 * Sorts one score column for {@link aurocWeighted}; `NaN` scores are left out.
 *
 * @example
 * const p = presort([0.3, NaN, 0.3, 0.9], [1, 0, 0, 1]);
 * // p.index = [0, 2, 3] (0 and 2 tie), p.groupEnd = [0, 1, 1]
 */
export function presort(scores: Scores, labels: Labels): Presorted {
  sameLength('presort', scores, labels);
  const y = toBinary(labels);
  const present: number[] = [];
  for (let i = 0; i < scores.length; i++) if (!Number.isNaN(scores[i])) present.push(i);
  const s = (i: number): number => scores[i] as number;
  present.sort((i, j) => (s(i) === s(j) ? i - j : s(i) - s(j)));
  const m = present.length;
  const index = Uint32Array.from(present);
  const positive = new Uint8Array(m);
  const groupEnd = new Uint8Array(m);
  for (let k = 0; k < m; k++) {
    positive[k] = y[index[k]!]!;
    groupEnd[k] = k === m - 1 || s(index[k + 1]!) !== s(index[k]!) ? 1 : 0;
  }
  return { index, positive, groupEnd };
}

/**
 * Weighted tie-robust AUROC over a {@link presort}ed column; `weights` is
 * indexed by question (length = number of questions, non-negative). `NaN`
 * when the correct or the wrong questions have zero total weight.
 *
 * @example
 * const p = presort([0.9, 0.5, 0.1], [1, 0, 0]);
 * aurocWeighted(p, [1, 1, 1]); // 1
 * aurocWeighted(p, [2, 0, 1]); // 1 (question 1 left out, question 0 counted twice)
 */
export function aurocWeighted(sorted: Presorted, weights: ArrayLike<number>): number {
  const { index, positive, groupEnd } = sorted;
  let twiceU = 0;
  let negBelow = 0;
  let posTotal = 0;
  let gPos = 0;
  let gNeg = 0;
  for (let k = 0; k < index.length; k++) {
    const w = weights[index[k]!]!;
    if (positive[k] === 1) gPos += w;
    else gNeg += w;
    if (groupEnd[k] === 1) {
      if (gPos !== 0) twiceU += gPos * (2 * negBelow + gNeg);
      negBelow += gNeg;
      posTotal += gPos;
      gPos = 0;
      gNeg = 0;
    }
  }
  if (posTotal === 0 || negBelow === 0) return NaN;
  return twiceU / (2 * posTotal * negBelow);
}
