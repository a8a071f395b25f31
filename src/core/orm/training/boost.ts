/**
 * Gradient-boosted regression trees for a binary label (logistic loss), the
 * verifier family that reads evidence best (model card): each tree fit to
 * the loss's gradient and Hessian (second-order, XGBoost's gain and leaf
 * value −G/(H + λ)), shrunk by `rate`, depth-limited, on histogram bins.
 *
 * Conventions:
 * - Features are read as float32 (Math.fround), as the ONNX model receives
 *   them, and each split is `x ≤ threshold` with a float32 threshold halfway
 *   between two neighbouring bin edges, so the exported TreeEnsembleRegressor
 *   (BRANCH_LEQ) takes exactly the branches the fit took.
 * - Bins: a feature's distinct values when it has at most `bins` of them,
 *   else `bins` quantiles of its values.
 * - A split needs at least `minHessian` of Hessian on each side and a gain
 *   above 1e-9; the base score is the log-odds of the positive share.
 * - Deterministic: no sampling; the same rows give the same trees. A row of
 *   weight w counts as w identical rows (its gradient and Hessian times w);
 *   bins are made from the distinct rows given.
 * One tree is grown in boost-tree.ts.
 */
import { toBinary, type Labels } from '../../stats/labels.ts';
import { growTree, type TreeNode } from './boost-tree.ts';

/** A fitted ensemble: logit = base + Σ tree leaf values. */
export interface BoostedTrees {
  readonly base: number;
  readonly features: number;
  readonly trees: readonly (readonly TreeNode[])[];
}

export interface BoostOptions {
  readonly trees?: number;
  readonly depth?: number;
  readonly rate?: number;
  readonly l2?: number;
  readonly minHessian?: number;
  readonly bins?: number;
  /** Per-row weights (a row standing for that many identical rows); default 1 each. */
  readonly weights?: ArrayLike<number>;
}

/** Split points of one feature's float32 values: midpoints of neighbouring edges, as float32. */
function thresholdsOf(values: Float32Array, bins: number): Float32Array {
  const sorted = Float32Array.from(values).sort();
  const distinct: number[] = [];
  for (const v of sorted) if (distinct.length === 0 || v !== distinct[distinct.length - 1]) distinct.push(v);
  let edges = distinct;
  if (distinct.length > bins) {
    edges = [];
    for (let k = 1; k < bins; k++) {
      const v = sorted[Math.floor((k * sorted.length) / bins)]!;
      if (edges.length === 0 || v !== edges[edges.length - 1]) edges.push(v);
    }
    edges.push(sorted[sorted.length - 1]!);
  }
  const out: number[] = [];
  for (let k = 0; k + 1 < edges.length; k++) {
    const t = Math.fround((edges[k]! + edges[k + 1]!) / 2);
    if (t >= edges[k]! && t < edges[k + 1]!) out.push(t);
  }
  return Float32Array.from(out);
}

/**
 * Fits the ensemble.
 *
 * @example
 * const m = fitBoostedTrees(rows, labels, { trees: 200, depth: 3, rate: 0.05 });
 * predictBoostedTrees(m, rows[0]); // P(correct)
 */
export function fitBoostedTrees(x: readonly ArrayLike<number>[], y: Labels, options: BoostOptions = {}): BoostedTrees {
  const { trees = 200, depth = 3, rate = 0.05, l2 = 1, minHessian = 1, bins = 32 } = options;
  const n = x.length;
  if (n === 0) throw new RangeError('fitBoostedTrees: no rows');
  const labels = toBinary(y);
  const d = x[0]!.length;
  const cols = Array.from({ length: d }, (_, j) => Float32Array.from(x, (r) => r[j]!));
  const cuts = cols.map((c) => thresholdsOf(c, bins));
  const bin = cols.map((c, j) => binsOf(c, cuts[j]!));
  const w = options.weights ?? new Float64Array(n).fill(1);
  if (w.length !== n) throw new RangeError(`fitBoostedTrees: ${w.length} weights for ${n} rows`);
  const base = baseScore(labels, w);
  const f = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const out: TreeNode[][] = [];
  for (let t = 0; t < trees; t++) {
    gradients(f, labels, w, g, h);
    out.push(growTree({ bin, cuts, g, h, f, depth, l2, minHessian, rate }));
  }
  return { base, features: d, trees: out };
}

/** Each value's bin: how many of the thresholds `t` lie below it (binary search). */
function binsOf(values: Float32Array, t: Float32Array): Uint8Array {
  return Uint8Array.from(values, (v) => {
    let lo = 0;
    let hi = t.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v > t[mid]!) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
}

/** The base score: the log-odds of the weighted positive share (clamped to 1e-6 on either side). */
function baseScore(labels: Uint8Array, w: ArrayLike<number>): number {
  let wsum = 0;
  let wpos = 0;
  for (let i = 0; i < w.length; i++) {
    wsum += w[i]!;
    wpos += w[i]! * labels[i]!;
  }
  const mean = wpos / wsum;
  return Math.log(Math.max(mean, 1e-6) / Math.max(1 - mean, 1e-6));
}

/** The logistic loss's weighted gradient and Hessian (floored at 1e-12) at the scores `f`, written into `g` and `h`. */
function gradients(f: Float64Array, labels: Uint8Array, w: ArrayLike<number>, g: Float64Array, h: Float64Array): void {
  for (let i = 0; i < f.length; i++) {
    const p = 1 / (1 + Math.exp(-f[i]!));
    g[i] = w[i]! * (p - labels[i]!);
    h[i] = w[i]! * Math.max(p * (1 - p), 1e-12);
  }
}

/**
 * The ensemble's log-odds for one row (read as float32).
 *
 * @example boostedLogit(model, row); // −1.3
 */
export function boostedLogit(m: BoostedTrees, x: ArrayLike<number>): number {
  let z = m.base;
  for (const tree of m.trees) {
    let k = 0;
    for (;;) {
      const node = tree[k]!;
      if (node.feature < 0) {
        z += node.value;
        break;
      }
      k = Math.fround(x[node.feature]!) <= node.threshold ? node.left : node.right;
    }
  }
  return z;
}

/**
 * P(positive) for one row.
 *
 * @example predictBoostedTrees(model, row); // 0.21
 */
export function predictBoostedTrees(m: BoostedTrees, x: ArrayLike<number>): number {
  return 1 / (1 + Math.exp(-boostedLogit(m, x)));
}
