/**
 * L2-regularized logistic regression by damped Newton (IRLS with a
 * backtracking line search).
 *
 * Objective (minimized), with z = bias + w·x and λ = `lambda`:
 *   F(bias, w) = Σᵢ [log(1 + e^{zᵢ}) − yᵢ·zᵢ] + (λ/2)·‖w‖²
 * i.e. the summed (not averaged) log-loss plus a ridge penalty on the weights
 * only; the intercept is not penalized. λ = 1 (the default) is scikit-learn's
 * `LogisticRegression(C=1.0)` (C = 1/λ). Features are expected standardized
 * (see standardize.ts), so one λ means the same on every column.
 *
 * Stops when maxⱼ |∂F/∂βⱼ| ≤ tol·n (default tol 1e-10), when a step lowers
 * F by at most 1e-13·max(1, |F|) (the optimum, as far as double precision
 * resolves it), or after `maxIter` (default 100) Newton steps; `converged`
 * says which. When the training
 * labels are all one class (or, with λ = 0, separable) the optimum is at
 * infinity: the fit stops at finite coefficients whose predictions are within
 * tol of the labels.
 */
import { solveSpd } from './cholesky.ts';
import { sameLength, toBinary, type Labels } from './labels.ts';
import { sigmoid, softplus, type LogisticModel } from './logistic-model.ts';

/** A model with how it was fitted. */
export interface LogisticFit extends LogisticModel {
  readonly lambda: number;
  readonly iterations: number;
  readonly converged: boolean;
}

/** Options for {@link fitLogistic}. */
export interface LogisticOptions {
  readonly lambda?: number;
  readonly maxIter?: number;
  readonly tol?: number;
  /**
   * Per-weight multipliers of λ (length d, each ≥ 0): weight j is penalized
   * by (λ·penalties[j]/2)·w_j². Default: all 1 (the objective above).
   */
  readonly penalties?: readonly number[];
  /**
   * Where Newton starts (default: all zeros). The optimum is the same; a
   * start near it (a fit on nearly the same rows) takes fewer steps.
   */
  readonly init?: LogisticModel;
}

/**
 * Fits the model above to rows `x` (n rows of d finite features) and labels
 * `y`. `RangeError` on no rows, ragged rows, a non-finite feature, λ < 0, or
 * a label that is not 0/1.
 *
 * @example
 * const m = fitLogistic([[-1], [0], [1], [2]], [0, 0, 1, 1]);
 * predictLogistic(m, [1.5]); // ≈ 0.72
 */
export function fitLogistic(x: readonly ArrayLike<number>[], y: Labels, options: LogisticOptions = {}): LogisticFit {
  const { lambda = 1, maxIter = 100, tol = 1e-10, penalties } = options;
  sameLength('fitLogistic', x, y);
  const n = x.length;
  if (n === 0) throw new RangeError('fitLogistic: no rows');
  if (!(lambda >= 0)) throw new RangeError(`fitLogistic: lambda must be ≥ 0, got ${lambda}`);
  const labels = toBinary(y);
  const d = x[0]!.length;
  const ridge = ridgeOf(d, lambda, penalties);
  const problem: Problem = { design: designOf(x, d), labels, ridge, n, p: d + 1 };
  let beta = startOf(options.init, d);
  let f = objective(problem, beta);
  let iterations = 0;
  let converged = false;
  for (; iterations <= maxIter; iterations++) {
    const { grad, hess } = gradientAndHessian(problem, beta);
    if (grad.every((g) => Math.abs(g) <= tol * n)) {
      converged = true;
      break;
    }
    if (iterations === maxIter) break;
    const next = lineSearch(problem, beta, f, grad, newtonStep(hess, grad));
    if (next === null) break; // no decrease possible at double precision
    const decrease = f - next.f;
    beta = next.beta;
    f = next.f;
    // Newton converges quadratically: a step that lowers the objective by less than double
    // precision can resolve is the optimum (near-separable data otherwise creep on for 100 steps).
    if (decrease <= 1e-13 * Math.max(1, Math.abs(f))) {
      converged = true;
      break;
    }
  }
  return { weights: Array.from(beta.subarray(1)), bias: beta[0]!, lambda, iterations, converged };
}

/** What a fit minimizes over: the design matrix (n rows of p = d + 1, row-major, each [1, x_i]), 0/1 labels, each coefficient's ridge. */
interface Problem {
  readonly design: Float64Array;
  readonly labels: Uint8Array;
  /** λ·penalty per coefficient, 0 for the bias (β = [bias, w₁ … w_d]). */
  readonly ridge: Float64Array;
  readonly n: number;
  readonly p: number;
}

/** Each coefficient's ridge: 0 for the bias, λ·penalties[j] for weight j (λ when no penalties are given). */
function ridgeOf(d: number, lambda: number, penalties: readonly number[] | undefined): Float64Array {
  if (penalties && (penalties.length !== d || !penalties.every((v) => v >= 0))) {
    throw new RangeError(`fitLogistic: penalties must be ${d} numbers ≥ 0`);
  }
  return Float64Array.from({ length: d + 1 }, (_, j) => (j === 0 ? 0 : lambda * (penalties ? penalties[j - 1]! : 1)));
}

/** The rows with a leading 1 (the bias column), row-major; `RangeError` on a ragged row or a non-finite feature. */
function designOf(x: readonly ArrayLike<number>[], d: number): Float64Array {
  const n = x.length;
  const p = d + 1;
  const design = new Float64Array(n * p);
  for (let i = 0; i < n; i++) {
    const row = x[i]!;
    if (row.length !== d) throw new RangeError(`fitLogistic: row ${i} has ${row.length} features, want ${d}`);
    design[i * p] = 1;
    for (let j = 0; j < d; j++) {
      const v = row[j]!;
      if (!Number.isFinite(v)) throw new RangeError(`fitLogistic: x[${i}][${j}] = ${v} is not finite`);
      design[i * p + j + 1] = v;
    }
  }
  return design;
}

/** Where Newton starts: the given model as β = [bias, w₁ … w_d], or all zeros. */
function startOf(init: LogisticModel | undefined, d: number): Float64Array {
  const beta = new Float64Array(d + 1);
  if (init) {
    if (init.weights.length !== d || !Number.isFinite(init.bias) || !init.weights.every(Number.isFinite))
      throw new RangeError(`fitLogistic: init must have ${d} finite weights and a finite bias`);
    beta[0] = init.bias;
    init.weights.forEach((w, j) => (beta[j + 1] = w));
  }
  return beta;
}

/** z = β·[1, x_i] for row i. */
function linear(problem: Problem, beta: Float64Array, i: number): number {
  const { design, p } = problem;
  let z = 0;
  for (let j = 0; j < p; j++) z += beta[j]! * design[i * p + j]!;
  return z;
}

/** F(β): the summed log-loss, then the ridge on the weights. */
function objective(problem: Problem, beta: Float64Array): number {
  const { labels, ridge, n, p } = problem;
  let f = 0;
  for (let i = 0; i < n; i++) {
    const z = linear(problem, beta, i);
    f += softplus(z) - labels[i]! * z;
  }
  for (let j = 1; j < p; j++) f += (ridge[j]! / 2) * beta[j]! * beta[j]!;
  return f;
}

/** ∇F and the lower triangle of ∇²F (p × p, row-major) at β. */
function gradientAndHessian(problem: Problem, beta: Float64Array): { grad: Float64Array; hess: Float64Array } {
  const { design, labels, ridge, n, p } = problem;
  const grad = new Float64Array(p);
  const hess = new Float64Array(p * p);
  for (let i = 0; i < n; i++) {
    const mu = sigmoid(linear(problem, beta, i));
    const r = mu - labels[i]!;
    const w = mu * (1 - mu);
    const at = i * p;
    for (let j = 0; j < p; j++) {
      const xj = design[at + j]!;
      grad[j]! += r * xj;
      const wx = w * xj;
      const row = j * p;
      for (let k = 0; k <= j; k++) hess[row + k]! += wx * design[at + k]!;
    }
  }
  for (let j = 1; j < p; j++) {
    grad[j]! += ridge[j]! * beta[j]!;
    hess[j * p + j]! += ridge[j]!;
  }
  return { grad, hess };
}

/**
 * Backtracking along `step` from β (objective `f`): the first of t = 1, ½, ¼ …
 * (60 halvings) meeting Armijo's condition F(β + t·step) ≤ f + 10⁻⁴·t·(∇F·step);
 * null when none does.
 */
function lineSearch(problem: Problem, beta: Float64Array, f: number, grad: Float64Array, step: Float64Array): { beta: Float64Array; f: number } | null {
  let slope = 0;
  for (let j = 0; j < problem.p; j++) slope += grad[j]! * step[j]!;
  let t = 1;
  for (let halvings = 0; halvings < 60; halvings++, t /= 2) {
    const trial = beta.map((b, j) => b + t * step[j]!);
    const fTrial = objective(problem, trial);
    if (fTrial <= f + 1e-4 * t * slope) return { beta: trial, f: fTrial };
  }
  return null;
}

/** −H⁻¹g, with a growing ridge if H is numerically singular (λ = 0, collinear features). */
function newtonStep(hess: Float64Array, grad: Float64Array): Float64Array {
  const p = grad.length;
  let scale = 0;
  for (let j = 0; j < p; j++) scale = Math.max(scale, hess[j * p + j]!);
  for (let jitter = 0; ; jitter = jitter === 0 ? 1e-12 * (1 + scale) : jitter * 10) {
    const h = hess.slice();
    for (let j = 0; j < p; j++) h[j * p + j]! += jitter;
    const s = solveSpd(h, grad);
    if (s) return s.map((v) => -v);
    if (jitter > 1e6 * (1 + scale)) return grad.map((g) => -g);
  }
}
