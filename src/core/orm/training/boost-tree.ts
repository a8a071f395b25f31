/**
 * One tree of the boosted ensemble (boost.ts), grown depth-first on the
 * rows' gradients and Hessians over histogram bins: a node splits where
 * XGBoost's gain (GL²/(HL+λ) + GR²/(HR+λ) − G²/(H+λ)) is largest and above
 * 1e-9 with at least `minHessian` of Hessian on each side, else it is a leaf
 * of value −G/(H + λ) · rate, which is added to its rows' scores. A child's
 * histograms are its parent's minus its sibling's: only the smaller child's
 * rows are counted.
 */

/** Gradient and Hessian sums per feature and bin. */
interface Histograms {
  readonly gb: Float64Array[];
  readonly hb: Float64Array[];
}

/** One node: a split (`feature` ≥ 0) with its children's indices, or a leaf (`feature` −1) with its value. */
export interface TreeNode {
  readonly feature: number;
  readonly threshold: number;
  readonly left: number;
  readonly right: number;
  readonly value: number;
}

/** What growing a tree reads and writes: each feature's bin per row and thresholds, the gradients, the scores it adds to, and the settings. */
export interface TreeGrowth {
  /** `bin[j][i]`: how many of feature j's thresholds lie below row i's value. */
  readonly bin: readonly Uint8Array[];
  readonly cuts: readonly Float32Array[];
  readonly g: Float64Array;
  readonly h: Float64Array;
  /** Each row's log-odds so far; a leaf adds its value to its rows'. */
  readonly f: Float64Array;
  readonly depth: number;
  readonly l2: number;
  readonly minHessian: number;
  readonly rate: number;
}

/**
 * Grows one tree over every row, adding its leaves' values to `growth.f`.
 *
 * @example const nodes = growTree({ bin, cuts, g, h, f, depth: 3, l2: 1, minHessian: 1, rate: 0.05 });
 */
export function growTree(growth: TreeGrowth): TreeNode[] {
  const nodes: TreeNode[] = [];
  const all = Int32Array.from({ length: growth.f.length }, (_, i) => i);
  grow(growth, nodes, all, 0, histograms(growth, all));
  return nodes;
}

/** Gradient and Hessian histograms of `rows`, per feature. */
function histograms({ bin, cuts, g, h }: TreeGrowth, rows: Int32Array): Histograms {
  const gb: Float64Array[] = [];
  const hb: Float64Array[] = [];
  for (let j = 0; j < cuts.length; j++) {
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
}

/** Grows the node of `rows` at `level` (its histograms `hist`) and its subtree; the node's index. */
function grow(growth: TreeGrowth, nodes: TreeNode[], rows: Int32Array, level: number, hist: Histograms): number {
  let G = 0;
  let H = 0;
  for (const i of rows) {
    G += growth.g[i]!;
    H += growth.h[i]!;
  }
  const at = nodes.length;
  nodes.push({ feature: -1, threshold: 0, left: -1, right: -1, value: 0 });
  if (level >= growth.depth || H < 2 * growth.minHessian) return leaf(growth, nodes, at, rows, G, H);
  const split = bestSplit(growth, hist, G, H);
  if (split === null) return leaf(growth, nodes, at, rows, G, H);
  const b = growth.bin[split.j]!;
  const left = rows.filter((i) => b[i]! <= split.k);
  const right = rows.filter((i) => b[i]! > split.k);
  const none = { gb: [], hb: [] };
  const [hl, hr] = level + 1 < growth.depth ? childHistograms(growth, hist, left, right) : [none, none];
  const l = grow(growth, nodes, left, level + 1, hl);
  const r = grow(growth, nodes, right, level + 1, hr);
  nodes[at] = { feature: split.j, threshold: growth.cuts[split.j]![split.k]!, left: l, right: r, value: 0 };
  return at;
}

/** Makes node `at` a leaf of value −G/(H + λ) · rate and adds it to its rows' scores. */
function leaf(growth: TreeGrowth, nodes: TreeNode[], at: number, rows: Int32Array, G: number, H: number): number {
  const value = (-G / (H + growth.l2)) * growth.rate;
  nodes[at] = { feature: -1, threshold: 0, left: -1, right: -1, value };
  for (const i of rows) growth.f[i]! += value;
  return at;
}

/** The feature and bin of the split with the largest gain above 1e-9 (each side holding at least `minHessian`), or null. */
function bestSplit({ cuts, l2, minHessian }: TreeGrowth, hist: Histograms, G: number, H: number): { j: number; k: number } | null {
  const parent = (G * G) / (H + l2);
  let best = 1e-9;
  let bestJ = -1;
  let bestK = -1;
  for (let j = 0; j < cuts.length; j++) {
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
  return bestJ < 0 ? null : { j: bestJ, k: bestK };
}

/** The children's histograms: the smaller child's counted, the other's its parent's minus that. */
function childHistograms(growth: TreeGrowth, hist: Histograms, left: Int32Array, right: Int32Array): [Histograms, Histograms] {
  const small = left.length <= right.length ? left : right;
  const counted = histograms(growth, small);
  const rest = {
    gb: hist.gb.map((x, j) => x.map((v, s) => v - counted.gb[j]![s]!)),
    hb: hist.hb.map((x, j) => x.map((v, s) => v - counted.hb[j]![s]!)),
  };
  return small === left ? [counted, rest] : [rest, counted];
}
