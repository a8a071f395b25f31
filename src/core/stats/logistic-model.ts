/**
 * A fitted linear-logistic scorer and how to apply it:
 * P(correct) = σ(bias + weights·x), σ(z) = 1/(1 + e^{−z}). Fitting is in
 * logistic.ts.
 */

/** A fitted linear-logistic scorer: P(correct) = σ(bias + weights·x). */
export interface LogisticModel {
  readonly weights: readonly number[];
  readonly bias: number;
}

/**
 * The logistic function 1/(1 + e^{−z}), evaluated without overflow.
 *
 * @example
 * sigmoid(0); // 0.5
 */
export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/**
 * log(1 + e^z) without overflow.
 *
 * @example
 * softplus(1000); // 1000
 */
export function softplus(z: number): number {
  return Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z)));
}

/**
 * P(correct) = σ(bias + weights·x). `RangeError` when `x` has the wrong length.
 *
 * @example
 * predictLogistic({ weights: [2], bias: -1 }, [0.5]); // 0.5
 */
export function predictLogistic(model: LogisticModel, x: ArrayLike<number>): number {
  if (x.length !== model.weights.length) {
    throw new RangeError(`predictLogistic: ${x.length} features, model has ${model.weights.length}`);
  }
  let z = model.bias;
  for (let j = 0; j < x.length; j++) z += model.weights[j]! * x[j]!;
  return sigmoid(z);
}
