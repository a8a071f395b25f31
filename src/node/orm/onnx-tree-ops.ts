/**
 * A tree ensemble written in standard ONNX operators, so that every build
 * of onnxruntime runs it (the page's onnxruntime-web registers no
 * `TreeEnsembleRegressor`; model card). The layout follows the GEMM
 * strategy of compiling trees to tensor operations:
 *
 *   G = Gather(x, split columns)           [B, T·I]   every tree's split inputs
 *   C = Cast(LessOrEqual(G, thresholds))   [B, T·I]   1 where x ≤ threshold (BRANCH_LEQ)
 *   S = Transpose(Reshape(C, [B, T, I]))   [T, B, I]
 *   R = Equal(MatMul(S, paths), depths)    [T, B, L]  the leaf each row reaches
 *   logit = base + ReduceSum(R · leaf values)
 *
 * `paths[t][i][l]` is +1 when leaf l lies under split i's true branch, −1
 * under its false branch, 0 elsewhere; `depths[t][l]` counts leaf l's
 * true-branch ancestors. A row's sum for leaf l equals that count exactly
 * when every ancestor's test went l's way, so one leaf per tree matches.
 * Trees are padded to the largest split (I) and leaf (L) counts: a padded
 * split has a zero row, a padded leaf depth −1 (never matched) and value 0.
 * All sums are of small integers, exact in float32. A NaN input fails its
 * test (x ≤ t is false) and goes to the false branch, as the ensemble
 * operator does with `nodes_missing_value_tracks_true` 0.
 */

/** One tree node by vector column: a split (`column` ≥ 0; true branch `left` when x ≤ threshold) or a leaf (`column` −1, `value`). */
export interface ColumnNode {
  readonly column: number;
  readonly threshold: number;
  readonly left: number;
  readonly right: number;
  readonly value: number;
}

/** logit = base + Σ over trees of the value of the leaf reached; node 0 is each tree's root. */
export interface ColumnEnsemble {
  readonly base: number;
  readonly trees: readonly (readonly ColumnNode[])[];
}

type Proto = Record<string, unknown>;

function floatTensor(name: string, dims: readonly number[], values: ArrayLike<number>): Proto {
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i]!, true);
  return { name, dims: [...dims], data_type: 1, raw_data: raw };
}

function int64Tensor(name: string, dims: readonly number[], values: readonly number[]): Proto {
  const raw = new Uint8Array(values.length * 8);
  const view = new DataView(raw.buffer);
  values.forEach((v, i) => view.setBigInt64(i * 8, BigInt(v), true));
  return { name, dims: [...dims], data_type: 7, raw_data: raw };
}

/** Each tree's splits (in node order) and, per leaf, its value and the splits above it with the branch taken. */
function unfold(tree: readonly ColumnNode[], t: number): { splits: number[]; leaves: { value: number; path: { split: number; yes: boolean }[] }[] } {
  const splits: number[] = [];
  const leaves: { value: number; path: { split: number; yes: boolean }[] }[] = [];
  const walk = (k: number, path: { split: number; yes: boolean }[], depth: number): void => {
    const node = tree[k];
    if (node === undefined || depth > tree.length) throw new RangeError(`tree ${t}: node ${k} is missing or the tree has a cycle`);
    if (node.column < 0) {
      leaves.push({ value: node.value, path });
      return;
    }
    const split = splits.push(k) - 1;
    walk(node.left, [...path, { split, yes: true }], depth + 1);
    walk(node.right, [...path, { split, yes: false }], depth + 1);
  };
  walk(0, [], 0);
  return { splits, leaves };
}

/**
 * The nodes and initializers that compute `output` ([batch, 1], the logit)
 * from `input` ([batch, width]); names are prefixed with `prefix`.
 *
 * @example
 * const { nodes, initializer } = treeEnsembleNodes(ensemble, 'features', 'logit');
 */
export function treeEnsembleNodes(e: ColumnEnsemble, input: string, output: string, prefix = 'trees'): { nodes: Proto[]; initializer: Proto[] } {
  const unfolded = e.trees.map(unfold);
  const T = Math.max(1, unfolded.length);
  const I = Math.max(1, ...unfolded.map((u) => u.splits.length));
  const L = Math.max(1, ...unfolded.map((u) => u.leaves.length));
  const columns = new Array<number>(T * I).fill(0);
  const thresholds = new Float32Array(T * I);
  const paths = new Float32Array(T * I * L);
  const depths = new Float32Array(T * L).fill(-1);
  const values = new Float32Array(T * L);
  unfolded.forEach((u, t) => {
    u.splits.forEach((k, i) => {
      const node = e.trees[t]![k]!;
      columns[t * I + i] = node.column;
      thresholds[t * I + i] = node.threshold;
    });
    u.leaves.forEach((leaf, l) => {
      values[t * L + l] = leaf.value;
      depths[t * L + l] = leaf.path.filter((p) => p.yes).length;
      for (const p of leaf.path) paths[(t * I + p.split) * L + l] = p.yes ? 1 : -1;
    });
  });
  const n = (s: string): string => `${prefix}_${s}`;
  const initializer = [
    int64Tensor(n('columns'), [T * I], columns),
    floatTensor(n('thresholds'), [T * I], thresholds),
    int64Tensor(n('shape'), [3], [-1, T, I]),
    floatTensor(n('paths'), [T, I, L], paths),
    floatTensor(n('depths'), [T, 1, L], depths),
    floatTensor(n('values'), [T, 1, L], values),
    int64Tensor(n('axes'), [2], [0, 2]),
    int64Tensor(n('column_shape'), [2], [-1, 1]),
    floatTensor(n('base'), [1], [e.base]),
  ];
  const op = (name: string, op_type: string, inputs: string[], attribute: Proto[] = [], out = n(name)): Proto => ({
    name: n(name),
    op_type,
    input: inputs,
    output: [out],
    attribute,
  });
  const nodes = [
    op('gathered', 'Gather', [input, n('columns')], [{ name: 'axis', type: 2, i: 1 }]),
    op('tests', 'LessOrEqual', [n('gathered'), n('thresholds')]),
    op('taken', 'Cast', [n('tests')], [{ name: 'to', type: 2, i: 1 }]),
    op('by_tree', 'Reshape', [n('taken'), n('shape')]),
    op('tree_major', 'Transpose', [n('by_tree')], [{ name: 'perm', type: 7, ints: [1, 0, 2] }]),
    op('sums', 'MatMul', [n('tree_major'), n('paths')]),
    op('reached', 'Equal', [n('sums'), n('depths')]),
    op('reached_f', 'Cast', [n('reached')], [{ name: 'to', type: 2, i: 1 }]),
    op('leaf_values', 'Mul', [n('reached_f'), n('values')]),
    op('total', 'ReduceSum', [n('leaf_values'), n('axes')], [{ name: 'keepdims', type: 2, i: 1 }]),
    op('column', 'Reshape', [n('total'), n('column_shape')]),
    op('logit', 'Add', [n('column'), n('base')], [], output),
  ];
  return { nodes, initializer };
}

const ints = (attrs: readonly Proto[], name: string): number[] => ((attrs.find((a) => a.name === name)?.ints as unknown[] | undefined) ?? []).map(Number);
const floats = (attrs: readonly Proto[], name: string): number[] => (attrs.find((a) => a.name === name)?.floats as number[] | undefined) ?? [];

/**
 * Reads an ai.onnx.ml `TreeEnsembleRegressor` node (one target, SUM, no post
 * transform, BRANCH_LEQ splits and LEAF nodes only, as `treesToOnnx` writes
 * with `ops: 'ml'`) back into a column ensemble.
 *
 * @example
 * const ensemble = ensembleFromMlNode(node);
 */
export function ensembleFromMlNode(node: Proto): ColumnEnsemble {
  const attrs = (node.attribute as Proto[] | undefined) ?? [];
  const modes = ((attrs.find((a) => a.name === 'nodes_modes')?.strings as Uint8Array[] | undefined) ?? []).map((s) => new TextDecoder().decode(s));
  const text = (name: string): string | undefined => {
    const s = attrs.find((a) => a.name === name)?.s as Uint8Array | undefined;
    return s === undefined ? undefined : new TextDecoder().decode(s);
  };
  if (
    node.op_type !== 'TreeEnsembleRegressor' ||
    (text('aggregate_function') ?? 'SUM') !== 'SUM' ||
    (text('post_transform') ?? 'NONE') !== 'NONE' ||
    modes.some((m) => m !== 'BRANCH_LEQ' && m !== 'LEAF')
  ) {
    throw new RangeError('ensembleFromMlNode: only a SUM TreeEnsembleRegressor with BRANCH_LEQ splits and no post transform is read');
  }
  const treeIds = ints(attrs, 'nodes_treeids');
  const nodeIds = ints(attrs, 'nodes_nodeids');
  const featureIds = ints(attrs, 'nodes_featureids');
  const nodeValues = floats(attrs, 'nodes_values');
  const yes = ints(attrs, 'nodes_truenodeids');
  const no = ints(attrs, 'nodes_falsenodeids');
  const leafValue = new Map<string, number>();
  const targetTrees = ints(attrs, 'target_treeids');
  const targetNodes = ints(attrs, 'target_nodeids');
  floats(attrs, 'target_weights').forEach((w, i) =>
    leafValue.set(`${targetTrees[i]}:${targetNodes[i]}`, (leafValue.get(`${targetTrees[i]}:${targetNodes[i]}`) ?? 0) + w),
  );
  const trees: ColumnNode[][] = [];
  treeIds.forEach((t, i) => {
    const tree = (trees[t] ??= []);
    const leaf = modes[i] === 'LEAF';
    tree[nodeIds[i]!] = {
      column: leaf ? -1 : featureIds[i]!,
      threshold: nodeValues[i]!,
      left: yes[i]!,
      right: no[i]!,
      value: leaf ? (leafValue.get(`${t}:${nodeIds[i]}`) ?? 0) : 0,
    };
  });
  return { base: floats(attrs, 'base_values')[0] ?? 0, trees };
}
