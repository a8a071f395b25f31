/**
 * Writes an ORM MLP as an ONNX model (ir_version 8, opset 17).
 *
 * Graph: input `features` float32 [batch, D] → for each layer
 * `MatMul(h, W) → Add(b) → Relu` (the last layer `Sigmoid` instead of Relu)
 * → output `score` float32 [batch, 1], P(correct). With `weights: 'int8'`
 * every W is stored in QDQ form: an int8 initializer, a float32 scale per
 * output channel and an int8 zero point of 0, fed to `DequantizeLinear`
 * (axis = 1) before its MatMul. QDQ rather than MatMulInteger because
 * DequantizeLinear + MatMul run on onnxruntime-web's WebGPU EP while
 * MatMulInteger/DynamicQuantizeLinear fall back to the CPU EP. Biases stay
 * float32. Tensor bytes are little-endian `raw_data`.
 */
import type { MlpParams } from '../../core/orm/training/mlp.ts';
import { quantizePerColumn } from '../../core/orm/training/quantize.ts';
import { ORM_INPUT, ORM_OUTPUT } from '../../core/orm/sidecar.ts';
import { AttributeType, DataType, modelProtoType } from './onnx-proto.ts';

export const ONNX_IR_VERSION = 8;
export const ONNX_OPSET = 17;

export interface OnnxExportOptions {
  /** `int8` (QDQ, per-channel symmetric) or `float32`. */
  readonly weights: 'int8' | 'float32';
  /** Free text stored as the model's doc_string. */
  readonly docString?: string;
  /** Stored as metadata_props (key → value). */
  readonly metadata?: Readonly<Record<string, string>>;
}

function le(values: Float32Array | Int8Array): Uint8Array {
  if (values instanceof Int8Array) return new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength));
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

function tensor(name: string, dims: readonly number[], values: Float32Array | Int8Array): Record<string, unknown> {
  return { name, dims: [...dims], data_type: values instanceof Int8Array ? DataType.INT8 : DataType.FLOAT, raw_data: le(values) };
}

function valueInfo(name: string, dims: readonly (number | string)[]): Record<string, unknown> {
  return {
    name,
    type: { tensor_type: { elem_type: DataType.FLOAT, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dim_value: d } : { dim_param: d })) } } },
  };
}

/**
 * Serializes `params` to ONNX ModelProto bytes.
 *
 * @example
 * const bytes = mlpToOnnx(params, { weights: 'int8' });
 * writeFileSync('public/models/orm-v1.onnx', bytes);
 */
export function mlpToOnnx(params: MlpParams, options: OnnxExportOptions): Uint8Array {
  const nodes: Record<string, unknown>[] = [];
  const initializer: Record<string, unknown>[] = [];
  const layers = params.weights.length;
  let h = ORM_INPUT;
  for (let l = 0; l < layers; l++) {
    const rows = params.sizes[l]!;
    const cols = params.sizes[l + 1]!;
    const w = `W${l}`;
    if (options.weights === 'int8') {
      const q = quantizePerColumn(params.weights[l]!, rows, cols);
      initializer.push(tensor(`W${l}_q`, [rows, cols], q.q), tensor(`W${l}_scale`, [cols], q.scale), tensor(`W${l}_zero`, [cols], new Int8Array(cols)));
      nodes.push({
        name: `dequantize${l}`,
        op_type: 'DequantizeLinear',
        input: [`W${l}_q`, `W${l}_scale`, `W${l}_zero`],
        output: [w],
        attribute: [{ name: 'axis', type: AttributeType.INT, i: 1 }],
      });
    } else {
      initializer.push(tensor(w, [rows, cols], params.weights[l]!));
    }
    initializer.push(tensor(`b${l}`, [cols], params.biases[l]!));
    nodes.push({ name: `matmul${l}`, op_type: 'MatMul', input: [h, w], output: [`mm${l}`] });
    nodes.push({ name: `add${l}`, op_type: 'Add', input: [`mm${l}`, `b${l}`], output: [`z${l}`] });
    const last = l === layers - 1;
    const out = last ? ORM_OUTPUT : `h${l}`;
    nodes.push({ name: last ? 'sigmoid' : `relu${l}`, op_type: last ? 'Sigmoid' : 'Relu', input: [`z${l}`], output: [out] });
    h = out;
  }
  const model = {
    ir_version: ONNX_IR_VERSION,
    opset_import: [{ domain: '', version: ONNX_OPSET }],
    producer_name: 'confide',
    producer_version: '1',
    doc_string: options.docString ?? 'Confide outcome reward model: P(SQL candidate correct) from hashed features.',
    graph: {
      name: 'confide_orm',
      node: nodes,
      initializer,
      input: [valueInfo(ORM_INPUT, ['batch', params.sizes[0]!])],
      output: [valueInfo(ORM_OUTPUT, ['batch', 1])],
    },
    metadata_props: Object.entries(options.metadata ?? {}).map(([key, value]) => ({ key, value })),
  };
  const type = modelProtoType();
  const problem = type.verify(model);
  if (problem) throw new Error(`ONNX export bug: ${problem}`);
  return type.encode(type.fromObject(model)).finish();
}

/** The parts of a decoded ModelProto that callers read. */
export interface DecodedOnnx {
  readonly ir_version: number;
  readonly opset_import: readonly { domain?: string; version: number }[];
  readonly graph: {
    readonly node: readonly { op_type: string; input: string[]; output: string[]; attribute?: { name: string; i?: number }[] }[];
    readonly initializer: readonly { name: string; dims: number[]; data_type: number; raw_data: Uint8Array }[];
    readonly input: readonly { name: string; type: { tensor_type: { elem_type: number; shape: { dim: { dim_value?: number; dim_param?: string }[] } } } }[];
    readonly output: readonly { name: string; type: { tensor_type: { elem_type: number; shape: { dim: { dim_value?: number; dim_param?: string }[] } } } }[];
  };
}

/**
 * Decodes ONNX bytes written by {@link mlpToOnnx} (int64 as numbers, bytes as
 * Uint8Array), for inspection and tests. Throws on bytes that are not a ModelProto.
 *
 * @example
 * decodeOnnx(bytes).graph.input[0].name; // 'features'
 */
export function decodeOnnx(bytes: Uint8Array): DecodedOnnx {
  const type = modelProtoType();
  return type.toObject(type.decode(bytes), { longs: Number, defaults: false, arrays: true }) as DecodedOnnx;
}
