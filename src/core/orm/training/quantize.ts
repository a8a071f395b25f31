/**
 * int8 weight quantization for the exported ORM, per output channel and
 * symmetric: for `W` of shape `[in, out]` (row-major), column j gets
 * `scale[j] = max_i |W[i, j]| / 127` (1 when the column is all zero) and
 * `q[i, j] = clamp(round(W[i, j] / scale[j]), −127, 127)` with `Math.round`
 * (halves up). Zero points are 0. Dequantization is
 * `float32(q[i, j] · scale[j])`, exactly what ONNX `DequantizeLinear`
 * (axis = 1) computes, so `|W − deq(q)| ≤ scale[j] / 2` up to float32 rounding.
 */

export interface QuantizedMatrix {
  readonly rows: number;
  readonly cols: number;
  readonly q: Int8Array;
  /** One float32 scale per column (output channel). */
  readonly scale: Float32Array;
}

/**
 * Quantizes a row-major `[rows, cols]` matrix per column.
 *
 * @example
 * const m = quantizePerColumn(Float32Array.of(0.5, -1, 0.25, 2), 2, 2);
 * m.scale; // Float32Array [0.5/127, 2/127]
 */
export function quantizePerColumn(w: Float32Array, rows: number, cols: number): QuantizedMatrix {
  if (w.length !== rows * cols) throw new RangeError(`matrix has ${w.length} values, expected ${rows} × ${cols}`);
  const scale = new Float32Array(cols);
  for (let j = 0; j < cols; j++) {
    let m = 0;
    for (let i = 0; i < rows; i++) m = Math.max(m, Math.abs(w[i * cols + j]!));
    scale[j] = m === 0 ? 1 : m / 127;
  }
  const q = new Int8Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      q[i * cols + j] = Math.max(-127, Math.min(127, Math.round(w[i * cols + j]! / scale[j]!)));
    }
  }
  return { rows, cols, q, scale };
}

/**
 * The float32 matrix a quantized one stands for (`DequantizeLinear`, axis 1).
 *
 * @example
 * dequantize(quantizePerColumn(w, rows, cols)); // ≈ w, within scale/2 per entry
 */
export function dequantize(m: QuantizedMatrix): Float32Array {
  const out = new Float32Array(m.rows * m.cols);
  for (let i = 0; i < m.rows; i++) for (let j = 0; j < m.cols; j++) out[i * m.cols + j] = m.q[i * m.cols + j]! * m.scale[j]!;
  return out;
}

/**
 * The MLP an int8 export computes: every weight matrix replaced by its
 * per-column quantized-then-dequantized copy, biases unchanged.
 *
 * @example
 * predict(int8Equivalent(params), x); // what the int8 ONNX model returns for x
 */
export function int8Equivalent(params: {
  readonly sizes: readonly number[];
  readonly weights: readonly Float32Array[];
  readonly biases: readonly Float32Array[];
}): {
  sizes: readonly number[];
  weights: Float32Array[];
  biases: Float32Array[];
} {
  return {
    sizes: [...params.sizes],
    weights: params.weights.map((w, l) => dequantize(quantizePerColumn(w, params.sizes[l]!, params.sizes[l + 1]!))),
    biases: params.biases.map((b) => b.slice()),
  };
}
