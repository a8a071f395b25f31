/**
 * Gradients of the mean binary cross-entropy of the MLP on a minibatch of
 * sparse inputs. Loss per example: `max(z, 0) − z·y + log(1 + exp(−|z|))`
 * with logit `z` and label `y ∈ {0, 1}` (the stable form of
 * `−y log σ(z) − (1 − y) log(1 − σ(z))`). Gradients of the first layer are
 * written only into the rows of inputs that occur in the batch.
 */
import type { SparseFeatures } from '../featurize.ts';
import { forwardActivations, type MlpParams } from './mlp.ts';

/** A labeled training example. */
export interface LabeledFeatures {
  readonly x: SparseFeatures;
  /** 1 when the candidate is correct, else 0. */
  readonly y: 0 | 1;
}

/** Gradient buffers shaped like the parameters. */
export interface Gradients {
  readonly weights: Float32Array[];
  readonly biases: Float32Array[];
}

/** Zero gradient buffers for `p`. */
export function zeroGradients(p: MlpParams): Gradients {
  return { weights: p.weights.map((w) => new Float32Array(w.length)), biases: p.biases.map((b) => new Float32Array(b.length)) };
}

/** Binary cross-entropy of a logit against a label, in its stable form. */
export function bceWithLogit(z: number, y: number): number {
  return Math.max(z, 0) - z * y + Math.log1p(Math.exp(-Math.abs(z)));
}

/**
 * Sets `g` to the gradient of the mean loss over `batch` and returns that
 * mean loss. `g` must be zero on entry (use {@link zeroGradients} once and
 * `fill(0)` after each step).
 *
 * @example
 * const g = zeroGradients(params);
 * const loss = accumulateGradients(params, batch, g);
 */
export function accumulateGradients(p: MlpParams, batch: readonly LabeledFeatures[], g: Gradients): number {
  if (batch.length === 0) throw new RangeError('empty batch');
  const scale = 1 / batch.length;
  const layers = p.weights.length;
  let loss = 0;
  for (const ex of batch) {
    const acts = forwardActivations(p, ex.x);
    const z = acts[layers - 1]![0]!;
    loss += bceWithLogit(z, ex.y);
    const pz = z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
    let delta = new Float64Array([(pz - ex.y) * scale]);
    for (let l = layers - 1; l >= 1; l--) {
      const input = acts[l - 1]!;
      const out = p.sizes[l + 1]!;
      const w = p.weights[l]!;
      const gw = g.weights[l]!;
      const gb = g.biases[l]!;
      for (let j = 0; j < out; j++) gb[j]! += delta[j]!;
      const next = new Float64Array(input.length);
      for (let i = 0; i < input.length; i++) {
        const a = input[i]!;
        if (a <= 0) continue;
        let s = 0;
        for (let j = 0; j < out; j++) {
          gw[i * out + j]! += a * delta[j]!;
          s += w[i * out + j]! * delta[j]!;
        }
        next[i] = s;
      }
      delta = next;
    }
    const h1 = p.sizes[1]!;
    const gb0 = g.biases[0]!;
    const gw0 = g.weights[0]!;
    for (let j = 0; j < h1; j++) gb0[j]! += delta[j]!;
    for (let k = 0; k < ex.x.indices.length; k++) {
      const row = ex.x.indices[k]! * h1;
      const v = ex.x.values[k]!;
      for (let j = 0; j < h1; j++) gw0[row + j]! += v * delta[j]!;
    }
  }
  return loss * scale;
}
