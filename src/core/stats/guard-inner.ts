/**
 * The guarded combiner's inner cross-validation (guarded-fit.ts): its inner
 * folds on the training rows, and the inner cross-validated scores of a
 * combined model as a correction to the anchor's map, so the anchor's ties
 * stay tied and a combination is compared with the anchor's own AUROC.
 */
import { fitSpec, linear, type Spec } from './guard-columns.ts';
import type { Rng } from './rng.ts';

/** Inner fold of each row and how many inner folds there are. */
export interface InnerFolds {
  readonly inner: Int32Array;
  readonly innerK: number;
}

/**
 * The inner folds of `n` rows: `innerFolds` (clamped to [2, n]) over a
 * seeded permutation drawn from `rng` (row at permutation position p goes to
 * fold p mod k). With `group` and at least three groups, one inner fold per
 * group instead (numbered in order of first appearance); the permutation is
 * drawn either way, so `rng` moves the same.
 *
 * @example
 * const { inner, innerK } = innerFoldsOf(100, createRng(1), 5); // innerK === 5
 */
export function innerFoldsOf(n: number, rng: Rng, innerFolds = 5, group?: readonly string[]): InnerFolds {
  let innerK = Math.max(2, Math.min(innerFolds, n));
  const inner = new Int32Array(n);
  rng.shuffle(Array.from({ length: n }, (_, i) => i)).forEach((q, p) => (inner[q] = p % innerK));
  if (group) {
    // Grouped rows: the inner folds hold out whole groups too, so the inner estimate pays what the
    // outer leave-one-group-out pays (groups with their own base rates and feature ranges).
    const ids = new Map<string, number>();
    group.forEach((g) => {
      if (!ids.has(g)) ids.set(g, ids.size);
    });
    if (ids.size >= 3) {
      group.forEach((g, i) => (inner[i] = ids.get(g)!));
      innerK = ids.size;
    }
  }
  return { inner, innerK };
}

/**
 * Inner cross-validated scores of the anchor plus a learned correction: for
 * each inner fold, the fold's `spec` logit minus its anchor-only logit, added
 * to `anchorLogit` (the anchor's map on all the rows given).
 */
export function correctedScores(
  z: readonly number[][],
  y: Uint8Array,
  { inner, innerK }: InnerFolds,
  anchorSpec: Spec,
  spec: Spec,
  anchorLogit: Float64Array,
  width: number,
): Float64Array {
  const score = Float64Array.from(anchorLogit);
  for (let f = 0; f < innerK; f++) {
    const tr: number[] = [];
    const te: number[] = [];
    for (let i = 0; i < z.length; i++) (inner[i] === f ? te : tr).push(i);
    if (te.length === 0 || tr.length === 0) continue;
    const zTr = tr.map((i) => z[i]!);
    const yTr = Uint8Array.from(tr, (i) => y[i]!);
    const full = fitSpec(zTr, yTr, spec, width);
    const alone = fitSpec(zTr, yTr, anchorSpec, width);
    for (const i of te) score[i]! += linear(full, z[i]!) - linear(alone, z[i]!);
  }
  return score;
}
