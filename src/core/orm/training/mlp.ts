/**
 * The ORM's model: a multilayer perceptron `D → h1 → … → 1` with ReLU hidden
 * layers and a sigmoid output, P(candidate correct). This is the reference
 * forward pass; the exported ONNX graph computes the same function.
 *
 * Layout: layer `l` has weights `W[l]` of shape `[sizes[l], sizes[l+1]]`
 * stored row-major (`W[l][i * out + j]`, input-major, as ONNX `MatMul(X, W)`
 * expects) and biases `b[l]` of length `sizes[l+1]`. Sums accumulate in
 * float64; parameters are float32.
 */
import type { SparseFeatures } from '../featurize.ts';
import { sigmoid } from '../../stats/logistic-model.ts';
import type { UniformFn } from '../../stats/mulberry32.ts';

export interface MlpParams {
  /** Layer widths `[D, h1, …, 1]`. */
  readonly sizes: readonly number[];
  readonly weights: readonly Float32Array[];
  readonly biases: readonly Float32Array[];
}

/** Effective fan-in assumed for the sparse first layer (a few dozen active inputs of norm ~1 per group). */
export const SPARSE_FAN_IN = 64;

/**
 * He-uniform initialization from `rng`: `W ~ U(-a, a)` with `a = sqrt(6 / fanIn)`
 * (first layer: fanIn = {@link SPARSE_FAN_IN}), biases 0. Draws row by row,
 * layer by layer, so a seed fixes every weight.
 *
 * @example
 * const p = initMlp([8192, 128, 32, 1], mulberry32(1));
 * p.weights[0].length; // 8192 * 128
 */
export function initMlp(sizes: readonly number[], rng: UniformFn): MlpParams {
  if (sizes.length < 2 || sizes.some((s) => !Number.isInteger(s) || s < 1) || sizes[sizes.length - 1] !== 1) {
    throw new RangeError(`sizes must be positive integers ending in 1, got [${sizes.join(', ')}]`);
  }
  const weights: Float32Array[] = [];
  const biases: Float32Array[] = [];
  for (let l = 0; l + 1 < sizes.length; l++) {
    const a = Math.sqrt(6 / (l === 0 ? Math.min(SPARSE_FAN_IN, sizes[0]!) : sizes[l]!));
    const w = new Float32Array(sizes[l]! * sizes[l + 1]!);
    for (let k = 0; k < w.length; k++) w[k] = (2 * rng() - 1) * a;
    weights.push(w);
    biases.push(new Float32Array(sizes[l + 1]!));
  }
  return { sizes: [...sizes], weights, biases };
}

/** Activations of every layer for one sparse input: `acts[l]` is the output of layer l (post-ReLU; the last is the logit). */
export function forwardActivations(p: MlpParams, x: SparseFeatures): Float64Array[] {
  const acts: Float64Array[] = [];
  const h1 = p.sizes[1]!;
  const first = Float64Array.from(p.biases[0]!);
  const w0 = p.weights[0]!;
  for (let k = 0; k < x.indices.length; k++) {
    const row = x.indices[k]! * h1;
    const v = x.values[k]!;
    for (let j = 0; j < h1; j++) first[j]! += v * w0[row + j]!;
  }
  acts.push(first);
  for (let l = 1; l < p.weights.length; l++) {
    const prev = acts[l - 1]!;
    for (let j = 0; j < prev.length; j++) if (prev[j]! < 0) prev[j] = 0;
    const out = p.sizes[l + 1]!;
    const next = Float64Array.from(p.biases[l]!);
    const w = p.weights[l]!;
    for (let i = 0; i < prev.length; i++) {
      const a = prev[i]!;
      if (a === 0) continue;
      for (let j = 0; j < out; j++) next[j]! += a * w[i * out + j]!;
    }
    acts.push(next);
  }
  return acts;
}

/**
 * P(correct) for one sparse feature vector.
 *
 * @example
 * predict(params, featurize(item, config)); // a number in (0, 1)
 */
export function predict(p: MlpParams, x: SparseFeatures): number {
  const acts = forwardActivations(p, x);
  return sigmoid(acts[acts.length - 1]![0]!);
}

/**
 * P(correct) for a row-major dense batch `[batch, D]`, as the ONNX model
 * computes it (zeros skipped; same function).
 *
 * @example
 * predictDense(params, featurizeBatch(items, config), items.length); // Float32Array(items.length)
 */
export function predictDense(p: MlpParams, x: Float32Array, batch: number): Float32Array {
  const d = p.sizes[0]!;
  if (x.length !== batch * d) throw new RangeError(`dense batch has ${x.length} values, expected ${batch} × ${d}`);
  const out = new Float32Array(batch);
  for (let r = 0; r < batch; r++) {
    const idx: number[] = [];
    const val: number[] = [];
    for (let i = 0; i < d; i++)
      if (x[r * d + i] !== 0) {
        idx.push(i);
        val.push(x[r * d + i]!);
      }
    out[r] = predict(p, { indices: Int32Array.from(idx), values: Float32Array.from(val) });
  }
  return out;
}
