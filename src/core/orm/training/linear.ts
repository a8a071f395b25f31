/**
 * A logistic verifier over the featurizer's dense slots, as ORM parameters:
 * the same one-layer network (`MatMul → Add → Sigmoid`) the ONNX writer
 * exports, so a linear model trained on standardized dense features ships
 * under the ORM contract (input: the whole featurizer vector).
 *
 * Convention: the model was fit on z_j = (x_j − mean_j)/sd_j for the first
 * d slots of the vector (d = the standardization's columns), so
 *   logit = bias + Σ_j w_j z_j = (bias − Σ_j w_j mean_j/sd_j) + Σ_j (w_j/sd_j) x_j,
 * and every other slot (the hashed buckets, and any dense slot past d) gets
 * weight 0. Missing-value indicators cannot be folded (the featurizer never
 * emits NaN), so a standardization with one is refused.
 */
import type { LogisticModel } from '../../stats/logistic-model.ts';
import type { Standardization } from '../../stats/standardize.ts';
import type { MlpParams } from './mlp.ts';

/**
 * One-layer ORM parameters `[dim, 1]` computing σ(model · standardize(x[0..d))).
 * `RangeError` when the model and the standardization disagree on d, when d
 * exceeds `dim`, or when the standardization has a missing-value indicator.
 *
 * @example
 * const params = linearOrmParams(fit, standardization, 8192);
 * writeOrmFiles({ params, ... }); // an ONNX model scoring like predictLogistic
 */
export function linearOrmParams(model: LogisticModel, t: Standardization, dim: number): MlpParams {
  const d = t.means.length;
  if (model.weights.length !== d) throw new RangeError(`linearOrmParams: the model has ${model.weights.length} weights, the standardization ${d} columns`);
  if (d > dim) throw new RangeError(`linearOrmParams: ${d} features do not fit a ${dim}-slot featurizer vector`);
  if (t.indicators.some(Boolean)) throw new RangeError('linearOrmParams: a missing-value indicator cannot be folded into the weights');
  const w = new Float32Array(dim);
  let bias = model.bias;
  for (let j = 0; j < d; j++) {
    const scaled = model.weights[j]! / t.sds[j]!;
    w[j] = scaled;
    bias -= scaled * t.means[j]!;
  }
  return { sizes: [dim, 1], weights: [w], biases: [Float32Array.of(bias)] };
}
