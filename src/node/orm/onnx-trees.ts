/**
 * Boosted trees (core/orm/boost.ts) as an ONNX model under the ORM contract:
 * one `TreeEnsembleRegressor` (domain ai.onnx.ml, opset 3; BRANCH_LEQ splits,
 * SUM of leaf values plus the base score) over the featurizer vector, then
 * `Sigmoid`: input `features` [batch, D], output `score` [batch, 1]. The
 * ensemble's feature j reads vector slot `slots[j]`. onnxruntime-web runs it
 * on its CPU kernels (wasm), also when the WebGPU provider is chosen.
 */
import type { BoostedTrees } from '../../core/orm/boost.ts';
import { ORM_INPUT, ORM_OUTPUT } from '../../core/orm/sidecar.ts';
import { modelProtoType } from './onnx-proto.ts';
import { ONNX_IR_VERSION, ONNX_OPSET } from './onnx.ts';

/** The ai.onnx.ml opset the tree node is written for. */
export const ONNX_ML_OPSET = 3;

const ATTR = { FLOAT: 1, INT: 2, STRING: 3, FLOATS: 6, INTS: 7, STRINGS: 8 } as const;
const text = (s: string): Uint8Array => new TextEncoder().encode(s);

function valueInfo(name: string, dims: readonly (number | string)[]): Record<string, unknown> {
  return { name, type: { tensor_type: { elem_type: 1, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dim_value: d } : { dim_param: d })) } } } };
}

/**
 * Serializes the ensemble; `slots[j]` is the vector slot of its feature j (each < `dim`).
 *
 * @example
 * const bytes = treesToOnnx(model, 8192, slots, { docString: 'orm-v3' });
 */
export function treesToOnnx(m: BoostedTrees, dim: number, slots: readonly number[], options: { docString?: string; metadata?: Readonly<Record<string, string>> } = {}): Uint8Array {
  if (slots.length !== m.features || slots.some((s) => !(Number.isInteger(s) && s >= 0 && s < dim))) throw new RangeError(`treesToOnnx: ${slots.length} slots for ${m.features} features, each in [0, ${dim})`);
  const ids = { tree: [] as number[], node: [] as number[], feature: [] as number[], value: [] as number[], mode: [] as Uint8Array[], yes: [] as number[], no: [] as number[] };
  const target = { tree: [] as number[], node: [] as number[], weight: [] as number[] };
  m.trees.forEach((tree, t) => tree.forEach((node, k) => {
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
  }));
  const ints = (name: string, v: readonly number[]) => ({ name, type: ATTR.INTS, ints: [...v] });
  const floats = (name: string, v: readonly number[]) => ({ name, type: ATTR.FLOATS, floats: [...v] });
  const node = {
    name: 'trees', op_type: 'TreeEnsembleRegressor', domain: 'ai.onnx.ml', input: [ORM_INPUT], output: ['logit'],
    attribute: [
      { name: 'n_targets', type: ATTR.INT, i: 1 },
      { name: 'aggregate_function', type: ATTR.STRING, s: text('SUM') },
      { name: 'post_transform', type: ATTR.STRING, s: text('NONE') },
      floats('base_values', [m.base]),
      ints('nodes_treeids', ids.tree), ints('nodes_nodeids', ids.node), ints('nodes_featureids', ids.feature),
      floats('nodes_values', ids.value), { name: 'nodes_modes', type: ATTR.STRINGS, strings: ids.mode },
      ints('nodes_truenodeids', ids.yes), ints('nodes_falsenodeids', ids.no), ints('nodes_missing_value_tracks_true', ids.tree.map(() => 0)),
      ints('target_treeids', target.tree), ints('target_nodeids', target.node), ints('target_ids', target.tree.map(() => 0)), floats('target_weights', target.weight),
    ],
  };
  const model = {
    ir_version: ONNX_IR_VERSION,
    opset_import: [{ domain: '', version: ONNX_OPSET }, { domain: 'ai.onnx.ml', version: ONNX_ML_OPSET }],
    producer_name: 'confide',
    producer_version: '1',
    doc_string: options.docString ?? 'Confide outcome reward model: P(SQL candidate correct), boosted trees over the featurizer vector.',
    graph: {
      name: 'confide_orm_trees',
      node: [node, { name: 'sigmoid', op_type: 'Sigmoid', input: ['logit'], output: [ORM_OUTPUT] }],
      input: [valueInfo(ORM_INPUT, ['batch', dim])],
      output: [valueInfo(ORM_OUTPUT, ['batch', 1])],
    },
    metadata_props: Object.entries(options.metadata ?? {}).map(([key, value]) => ({ key, value })),
  };
  const type = modelProtoType();
  const problem = type.verify(model);
  if (problem) throw new Error(`ONNX export bug: ${problem}`);
  return type.encode(type.fromObject(model)).finish();
}
