/**
 * Boosted trees (core/orm/training/boost.ts) as an ONNX model under the ORM contract:
 * the ensemble (x ≤ threshold splits, SUM of leaf values plus the base
 * score) over the featurizer vector, then `Sigmoid`: input `features`
 * [batch, D], output `score` [batch, 1]. The ensemble's feature j reads
 * vector slot `slots[j]`. By default the ensemble is written in standard
 * operators (onnx-tree-ops.ts), which every onnxruntime build runs, the
 * page's included; `ops: 'ml'` writes one `TreeEnsembleRegressor` (domain
 * ai.onnx.ml, opset 1), which Node's onnxruntime runs and the page's
 * browser build does not (it registers no tree-ensemble operator).
 * `standardTrees` rewrites such a file in standard operators.
 *
 * Stacked (`options.stacked`): a linear verifier's log-odds over the same
 * vector (`MatMul` + `Add`, float32), clipped to ±16 and rounded to
 * 1/`grid` (`Clip`, `Mul`, `Round`, `Div`), is appended as slot `dim`
 * (`Concat`), which the trees may read like any other slot.
 */
import type { BoostedTrees } from '../../core/orm/training/boost.ts';
import { ORM_INPUT, ORM_OUTPUT } from '../../core/orm/sidecar.ts';
import { modelProtoType } from './onnx-proto.ts';
import { ensembleFromMlNode, treeEnsembleNodes, type ColumnEnsemble } from './onnx-tree-ops.ts';
import { ONNX_IR_VERSION, ONNX_OPSET } from './onnx.ts';

/** The ai.onnx.ml opset the tree node is written for. */
export const ONNX_ML_OPSET = 1;

const ATTR = { FLOAT: 1, INT: 2, STRING: 3, FLOATS: 6, INTS: 7, STRINGS: 8 } as const;
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The stacked input: a linear log-odds over the vector, rounded to 1/grid, clipped to ±16. */
export interface StackedInput {
  readonly weights: Float32Array;
  readonly bias: number;
  readonly grid: number;
}

function tensor(name: string, dims: readonly number[], values: Float32Array): Record<string, unknown> {
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return { name, dims: [...dims], data_type: 1, raw_data: raw };
}

function stackedNodes(s: StackedInput): { nodes: Record<string, unknown>[]; initializer: Record<string, unknown>[] } {
  const initializer = [
    tensor('stack_w', [s.weights.length, 1], s.weights),
    tensor('stack_b', [1], Float32Array.of(s.bias)),
    tensor('stack_lo', [], Float32Array.of(-16)),
    tensor('stack_hi', [], Float32Array.of(16)),
    tensor('stack_grid', [1], Float32Array.of(s.grid)),
  ];
  const op = (name: string, op_type: string, input: string[], attribute: Record<string, unknown>[] = []) => ({
    name,
    op_type,
    input,
    output: [name],
    attribute,
  });
  const nodes = [
    op('stack_mm', 'MatMul', [ORM_INPUT, 'stack_w']),
    op('stack_z', 'Add', ['stack_mm', 'stack_b']),
    op('stack_clip', 'Clip', ['stack_z', 'stack_lo', 'stack_hi']),
    op('stack_scaled', 'Mul', ['stack_clip', 'stack_grid']),
    op('stack_round', 'Round', ['stack_scaled']),
    op('stack_in', 'Div', ['stack_round', 'stack_grid']),
    op('stacked_features', 'Concat', [ORM_INPUT, 'stack_in'], [{ name: 'axis', type: ATTR.INT, i: 1 }]),
  ];
  return { nodes, initializer };
}

function valueInfo(name: string, dims: readonly (number | string)[]): Record<string, unknown> {
  return { name, type: { tensor_type: { elem_type: 1, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dim_value: d } : { dim_param: d })) } } } };
}

/**
 * Serializes the ensemble; `slots[j]` is the vector slot of its feature j (each < `dim`).
 *
 * @example
 * const bytes = treesToOnnx(model, 8192, slots, { docString: 'orm-v3' });
 */
export function treesToOnnx(m: BoostedTrees, dim: number, slots: readonly number[], options: TreeModelOptions & { ops?: 'standard' | 'ml' } = {}): Uint8Array {
  const width = options.stacked ? dim + 1 : dim;
  if (slots.length !== m.features || slots.some((s) => !(Number.isInteger(s) && s >= 0 && s < width)))
    throw new RangeError(`treesToOnnx: ${slots.length} slots for ${m.features} features, each in [0, ${width})`);
  if (options.stacked && options.stacked.weights.length !== dim)
    throw new RangeError(`treesToOnnx: ${options.stacked.weights.length} stacked weights for a ${dim}-slot vector`);
  if (options.ops !== 'ml') {
    const ensemble: ColumnEnsemble = {
      base: m.base,
      trees: m.trees.map((tree) =>
        tree.map((n) => ({ column: n.feature < 0 ? -1 : slots[n.feature]!, threshold: n.threshold, left: n.left, right: n.right, value: n.value })),
      ),
    };
    return standardModel(ensemble, dim, options);
  }
  const ids = {
    tree: [] as number[],
    node: [] as number[],
    feature: [] as number[],
    value: [] as number[],
    mode: [] as Uint8Array[],
    yes: [] as number[],
    no: [] as number[],
  };
  const target = { tree: [] as number[], node: [] as number[], weight: [] as number[] };
  m.trees.forEach((tree, t) =>
    tree.forEach((node, k) => {
      const leaf = node.feature < 0;
      ids.tree.push(t);
      ids.node.push(k);
      ids.feature.push(leaf ? 0 : slots[node.feature]!);
      ids.value.push(leaf ? 0 : node.threshold);
      ids.mode.push(text(leaf ? 'LEAF' : 'BRANCH_LEQ'));
      ids.yes.push(leaf ? 0 : node.left);
      ids.no.push(leaf ? 0 : node.right);
      if (leaf) {
        target.tree.push(t);
        target.node.push(k);
        target.weight.push(node.value);
      }
    }),
  );
  const ints = (name: string, v: readonly number[]) => ({ name, type: ATTR.INTS, ints: [...v] });
  const floats = (name: string, v: readonly number[]) => ({ name, type: ATTR.FLOATS, floats: [...v] });
  const stack = options.stacked ? stackedNodes(options.stacked) : null;
  const node = {
    name: 'trees',
    op_type: 'TreeEnsembleRegressor',
    domain: 'ai.onnx.ml',
    input: [stack ? 'stacked_features' : ORM_INPUT],
    output: ['logit'],
    attribute: [
      { name: 'n_targets', type: ATTR.INT, i: 1 },
      { name: 'aggregate_function', type: ATTR.STRING, s: text('SUM') },
      { name: 'post_transform', type: ATTR.STRING, s: text('NONE') },
      floats('base_values', [m.base]),
      ints('nodes_treeids', ids.tree),
      ints('nodes_nodeids', ids.node),
      ints('nodes_featureids', ids.feature),
      floats('nodes_values', ids.value),
      { name: 'nodes_modes', type: ATTR.STRINGS, strings: ids.mode },
      ints('nodes_truenodeids', ids.yes),
      ints('nodes_falsenodeids', ids.no),
      ints(
        'nodes_missing_value_tracks_true',
        ids.tree.map(() => 0),
      ),
      ints('target_treeids', target.tree),
      ints('target_nodeids', target.node),
      ints(
        'target_ids',
        target.tree.map(() => 0),
      ),
      floats('target_weights', target.weight),
    ],
  };
  return encodeModel(treesModel([...(stack?.nodes ?? []), node], stack?.initializer ?? [], dim, options, true));
}

function standardModel(e: ColumnEnsemble, dim: number, options: TreeModelOptions): Uint8Array {
  const stack = options.stacked ? stackedNodes(options.stacked) : null;
  const trees = treeEnsembleNodes(e, stack ? 'stacked_features' : ORM_INPUT, 'logit');
  return encodeModel(treesModel([...(stack?.nodes ?? []), ...trees.nodes], [...(stack?.initializer ?? []), ...trees.initializer], dim, options, false));
}

type TreeModelOptions = { docString?: string; metadata?: Readonly<Record<string, string>>; stacked?: StackedInput };

/** The model around graph nodes that compute `logit`: Sigmoid to the ORM output, the ORM input and output, the opsets. */
function treesModel(
  nodes: Record<string, unknown>[],
  initializer: Record<string, unknown>[],
  dim: number,
  options: TreeModelOptions,
  ml: boolean,
): Record<string, unknown> {
  return {
    ir_version: ONNX_IR_VERSION,
    opset_import: [{ domain: '', version: ONNX_OPSET }, ...(ml ? [{ domain: 'ai.onnx.ml', version: ONNX_ML_OPSET }] : [])],
    producer_name: 'confide',
    producer_version: '1',
    doc_string:
      options.docString ??
      `Confide outcome reward model: P(SQL candidate correct), boosted trees over the featurizer vector${ml ? '' : ', in standard operators'}.`,
    graph: {
      name: 'confide_orm_trees',
      node: [...nodes, { name: 'sigmoid', op_type: 'Sigmoid', input: ['logit'], output: [ORM_OUTPUT] }],
      initializer,
      input: [valueInfo(ORM_INPUT, ['batch', dim])],
      output: [valueInfo(ORM_OUTPUT, ['batch', 1])],
    },
    metadata_props: Object.entries(options.metadata ?? {}).map(([key, value]) => ({ key, value })),
  };
}

function encodeModel(model: Record<string, unknown>): Uint8Array {
  const type = modelProtoType();
  const problem = type.verify(model);
  if (problem) throw new Error(`ONNX export bug: ${problem}`);
  return type.encode(type.fromObject(model)).finish();
}

type DecodedModel = Record<string, unknown> & {
  graph: { node: Record<string, unknown>[]; initializer?: Record<string, unknown>[] };
  opset_import: { domain?: string }[];
};

/** A model as plain objects (bytes fields stay byte arrays), and the index of its tree-ensemble node. */
function decodedTrees(bytes: Uint8Array): { model: DecodedModel; at: number } {
  const type = modelProtoType();
  const model = type.toObject(type.decode(bytes), { longs: Number }) as DecodedModel;
  const at = model.graph.node.findIndex((n) => n.op_type === 'TreeEnsembleRegressor');
  if (at < 0) throw new RangeError('the model has no TreeEnsembleRegressor');
  return { model, at };
}

/**
 * The ensemble of a model written with one ai.onnx.ml `TreeEnsembleRegressor`.
 *
 * @example
 * mlEnsemble(readFileSync('orm-v4-ml.onnx')).trees.length; // 200
 */
export function mlEnsemble(bytes: Uint8Array): ColumnEnsemble {
  const { model, at } = decodedTrees(bytes);
  return ensembleFromMlNode(model.graph.node[at]!);
}

/**
 * Rewrites a model whose ensemble is one ai.onnx.ml `TreeEnsembleRegressor`
 * in standard operators, every other node, initializer, input, output and
 * metadata entry kept; the ai.onnx.ml opset import is dropped.
 *
 * @example
 * const bytes = standardTrees(readFileSync('orm-v4-ml.onnx'));
 */
export function standardTrees(bytes: Uint8Array): Uint8Array {
  const { model, at } = decodedTrees(bytes);
  const ml = model.graph.node[at]!;
  const trees = treeEnsembleNodes(ensembleFromMlNode(ml), (ml.input as string[])[0]!, (ml.output as string[])[0]!);
  return encodeModel({
    ...model,
    opset_import: model.opset_import.filter((o) => (o.domain ?? '') === ''),
    graph: {
      ...model.graph,
      node: [...model.graph.node.slice(0, at), ...trees.nodes, ...model.graph.node.slice(at + 1)],
      initializer: [...(model.graph.initializer ?? []), ...trees.initializer],
    },
  });
}
