/**
 * Solves a small symmetric positive-definite system A·x = b by Cholesky
 * factorization (A = L·Lᵀ, then two triangular solves). A is d×d, row-major.
 */

/**
 * x with A·x = b, or `null` when A is not (numerically) positive definite.
 * Only the lower triangle of A is read. `RangeError` on mismatched sizes.
 *
 * @example
 * solveSpd(Float64Array.of(4, 2, 2, 3), Float64Array.of(2, 1)); // [0.5, 0]
 */
export function solveSpd(a: Float64Array, b: Float64Array): Float64Array | null {
  const d = b.length;
  if (a.length !== d * d) throw new RangeError(`solveSpd: A has ${a.length} entries, want ${d}×${d}`);
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * d + j]!;
      for (let k = 0; k < j; k++) s -= l[i * d + k]! * l[j * d + k]!;
      if (i === j) {
        if (!(s > 0)) return null;
        l[i * d + i] = Math.sqrt(s);
      } else {
        l[i * d + j] = s / l[j * d + j]!;
      }
    }
  }
  const z = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * d + k]! * z[k]!;
    z[i] = s / l[i * d + i]!;
  }
  const x = new Float64Array(d);
  for (let i = d - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < d; k++) s -= l[k * d + i]! * x[k]!;
    x[i] = s / l[i * d + i]!;
  }
  return x;
}
