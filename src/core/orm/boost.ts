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
 */
import { toBinary, type Labels } from '../stats/labels.ts';

/** One node: a split (`feature` ≥ 0) with its children's indices, or a leaf (`feature` −1) with its value. */
export interface TreeNode {
  readonly feature: number;
  readonly threshold: number;
  readonly left: number;
  readonly right: number;
  readonly value: number;
}

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
  // bin[j][i]: how many of feature j's thresholds lie below row i's value.
  const bin = cols.map((c, j) => {
    const t = cuts[j]!;
    return Uint8Array.from(c, (v) => {
      let lo = 0;
      let hi = t.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v > t[mid]!) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    });
  });
  const w = options.weights ?? new Float64Array(n).fill(1);
  if (w.length !== n) throw new RangeError(`fitBoostedTrees: ${w.length} weights for ${n} rows`);
  let wsum = 0;
  let wpos = 0;
  for (let i = 0; i < n; i++) {
    wsum += w[i]!;
    wpos += w[i]! * labels[i]!;
  }
  const mean = wpos / wsum;
  const base = Math.log(Math.max(mean, 1e-6) / Math.max(1 - mean, 1e-6));
  const f = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const out: TreeNode[][] = [];
  for (let t = 0; t < trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-f[i]!));
      g[i] = w[i]! * (p - labels[i]!);
      h[i] = w[i]! * Math.max(p * (1 - p), 1e-12);
    }
    const nodes: TreeNode[] = [];
    /** Gradient and Hessian histograms of `rows`, per feature. */
    const histograms = (rows: Int32Array): { gb: Float64Array[]; hb: Float64Array[] } => {
      const gb: Float64Array[] = [];
      const hb: Float64Array[] = [];
      for (let j = 0; j < d; j++) {
        const k = cuts[j]!.length;
        const G = new Float64Array(k + 1);
        const Hs = new Float64Array(k + 1);
        if (k > 0) {
          const b = bin[j]!;
          for (const i of rows) {
            G[b[i]!]! += g[i]!;
            Hs[b[i]!]! += h[i]!;
          }
        }
        gb.push(G);
        hb.push(Hs);
      }
      return { gb, hb };
    };
    // A child's histograms are its parent's minus its sibling's: only the smaller child is counted.
    const grow = (rows: Int32Array, level: number, hist: { gb: Float64Array[]; hb: Float64Array[] }): number => {
      let G = 0;
      let H = 0;
      for (const i of rows) {
        G += g[i]!;
        H += h[i]!;
      }
      const at = nodes.length;
      const leaf = (): number => {
        const value = (-G / (H + l2)) * rate;
        nodes[at] = { feature: -1, threshold: 0, left: -1, right: -1, value };
        for (const i of rows) f[i]! += value;
        return at;
      };
      nodes.push({ feature: -1, threshold: 0, left: -1, right: -1, value: 0 });
      if (level >= depth || H < 2 * minHessian) return leaf();
      const parent = (G * G) / (H + l2);
      let best = 1e-9;
      let bestJ = -1;
      let bestK = -1;
      for (let j = 0; j < d; j++) {
        const k = cuts[j]!.length;
        const gb = hist.gb[j]!;
        const hb = hist.hb[j]!;
        let GL = 0;
        let HL = 0;
        for (let s = 0; s < k; s++) {
          GL += gb[s]!;
          HL += hb[s]!;
          const HR = H - HL;
          if (HL < minHessian || HR < minHessian) continue;
          const GR = G - GL;
          const gain = (GL * GL) / (HL + l2) + (GR * GR) / (HR + l2) - parent;
          if (gain > best) {
            best = gain;
            bestJ = j;
            bestK = s;
          }
        }
      }
      if (bestJ < 0) return leaf();
      const b = bin[bestJ]!;
      const left = rows.filter((i) => b[i]! <= bestK);
      const right = rows.filter((i) => b[i]! > bestK);
      let hl: { gb: Float64Array[]; hb: Float64Array[] } | null = null;
      let hr: { gb: Float64Array[]; hb: Float64Array[] } | null = null;
      if (level + 1 < depth) {
        const small = left.length <= right.length ? left : right;
        const counted = histograms(small);
        const rest = { gb: hist.gb.map((x, j) => x.map((v, s) => v - counted.gb[j]![s]!)), hb: hist.hb.map((x, j) => x.map((v, s) => v - counted.hb[j]![s]!)) };
        [hl, hr] = small === left ? [counted, rest] : [rest, counted];
      }
      const none = { gb: [], hb: [] };
      const l = grow(left, level + 1, hl ?? none);
      const r = grow(right, level + 1, hr ?? none);
      nodes[at] = { feature: bestJ, threshold: cuts[bestJ]![bestK]!, left: l, right: r, value: 0 };
      return at;
    };
    const all = Int32Array.from({ length: n }, (_, i) => i);
    grow(all, 0, histograms(all));
    out.push(nodes);
  }
  return { base, features: d, trees: out };
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
