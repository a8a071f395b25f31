/**
 * Small ONNX models under the ORM contract (one float32 input `features`
 * [batch, D], one output `score` [batch, 1]) built for hostile-model tests
 * with the project's ONNX proto subset: one that expands a tensor to a
 * shape it cannot take (onnxruntime refuses it at run time, naming its own
 * source file), and one whose cost grows with the cube of the batch (its
 * one-row check at load is quick; a question's batch is not).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelProtoType } from '../../src/node/orm/onnx-proto.ts';
import { ONNX_IR_VERSION, ONNX_OPSET } from '../../src/node/orm/onnx.ts';

const FLOAT = 1;
const INT64 = 7;
const le = (values: Float32Array): Uint8Array => new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
const int64 = (name: string, dims: number[], values: number[]) => ({ name, dims, data_type: INT64, int64_data: values });
const float = (name: string, dims: number[], values: number[]) => ({ name, dims, data_type: FLOAT, raw_data: le(new Float32Array(values)) });
const info = (name: string, dims: (number | string)[]) => ({
  name,
  type: { tensor_type: { elem_type: FLOAT, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dim_value: d } : { dim_param: d })) } } },
});

function encode(nodes: object[], initializer: object[], dim: number): Uint8Array {
  const model = {
    ir_version: ONNX_IR_VERSION,
    opset_import: [{ domain: '', version: ONNX_OPSET }],
    producer_name: 'confide-test',
    graph: { name: 'hostile', node: nodes, initializer, input: [info('features', ['batch', dim])], output: [info('score', ['batch', 1])] },
  };
  const type = modelProtoType();
  const problem = type.verify(model);
  if (problem) throw new Error(problem);
  return type.encode(type.fromObject(model)).finish();
}

/** P = sigmoid(0 · sum(features) + s), s from the given scalar tensor name: the [batch, 1] output every model here ends with. */
function scoreFrom(scalar: string): object[] {
  return [
    { op_type: 'ReduceSum', input: ['features', 'axis1'], output: ['rowsum'], attribute: [{ name: 'keepdims', type: 2, i: 1 }] },
    { op_type: 'Mul', input: ['rowsum', 'zero'], output: ['zeroed'] },
    { op_type: 'Add', input: ['zeroed', scalar], output: ['z'] },
    { op_type: 'Sigmoid', input: ['z'], output: ['score'] },
  ];
}

const common = () => [int64('axis1', [1], [1]), float('zero', [], [0])];

/**
 * A model that expands `features` by broadcasting it against a [3, 1]
 * shape: fine for one or three rows (its one-row check at load passes),
 * refused by onnxruntime at run time for two (its message names the source
 * file that refused it).
 *
 * @example const bytes = expandModel(8192);
 */
export function expandModel(dim: number): Uint8Array {
  return encode(
    [
      { op_type: 'Expand', input: ['features', 'shape'], output: ['wide0'] },
      { op_type: 'Add', input: ['wide0', 'threes'], output: ['wide'] },
      { op_type: 'ReduceSum', input: ['wide'], output: ['total'], attribute: [{ name: 'keepdims', type: 2, i: 0 }] },
      { op_type: 'Mul', input: ['total', 'zero'], output: ['s'] },
      ...scoreFrom('s'),
    ],
    [...common(), int64('shape', [2], [1, 1]), float('threes', [3, 1], [0, 0, 0])],
    dim,
  );
}

/**
 * A model whose run costs (c · batch)^3 multiply-adds: a matrix of zeros of
 * side c · batch multiplied by itself; one row is instant, 16 rows (c = 400)
 * take minutes on wasm.
 *
 * @example const bytes = slowModel(8192, 400);
 */
export function slowModel(dim: number, c: number): Uint8Array {
  return encode(
    [
      { op_type: 'Shape', input: ['features'], output: ['shape'] },
      { op_type: 'Gather', input: ['shape', 'index0'], output: ['batch'], attribute: [{ name: 'axis', type: 2, i: 0 }] },
      { op_type: 'Mul', input: ['batch', 'side'], output: ['n'] },
      { op_type: 'Concat', input: ['n', 'n'], output: ['square'], attribute: [{ name: 'axis', type: 2, i: 0 }] },
      { op_type: 'ConstantOfShape', input: ['square'], output: ['a'] },
      { op_type: 'MatMul', input: ['a', 'a'], output: ['aa'] },
      { op_type: 'ReduceSum', input: ['aa'], output: ['total'], attribute: [{ name: 'keepdims', type: 2, i: 0 }] },
      { op_type: 'Mul', input: ['total', 'zero'], output: ['s'] },
      ...scoreFrom('s'),
    ],
    [...common(), int64('index0', [1], [0]), int64('side', [1], [c])],
    dim,
  );
}

/**
 * A sidecar for `model` named `name`: the bundled model's, with its name, file and size.
 *
 * @example writeFileSync('slow.json', JSON.stringify(sidecarFor('slow', bytes)));
 */
export function sidecarFor(name: string, model: Uint8Array): Record<string, unknown> {
  const bundled = JSON.parse(readFileSync(join(import.meta.dirname, '../../public/models/orm-v2.json'), 'utf8')) as Record<string, unknown> & {
    architecture: Record<string, unknown>;
  };
  const { sha256: _, ...architecture } = bundled.architecture;
  return { ...bundled, name, model: `${name}.onnx`, architecture: { ...architecture, bytes: model.byteLength } };
}

/** The bundled sidecar's feature dimension. */
export function bundledDim(): number {
  const s = JSON.parse(readFileSync(join(import.meta.dirname, '../../public/models/orm-v2.json'), 'utf8')) as { featurizer: { dim: number } };
  return s.featurizer.dim;
}
