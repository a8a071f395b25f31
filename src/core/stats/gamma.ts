/**
 * ln Γ(x) for x > 0 by the Lanczos approximation (g = 7, 9 coefficients, as
 * in Numerical Recipes 3rd ed. §6.1 and Godfrey's table); relative error of
 * Γ about 1e-15 over the positive reals.
 */

const G = 7;
const COEFFICIENTS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];
const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/**
 * ln Γ(x) for x > 0; `RangeError` otherwise (this library only needs the
 * positive half-line). Uses Γ(x) = Γ(x + 1)/x below 0.5 for accuracy.
 *
 * @example
 * logGamma(5);   // ln 24 = 3.1780538303479458
 * logGamma(0.5); // ln √π = 0.5723649429247001
 */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma: x must be > 0, got ${x}`);
  if (x === Infinity) return Infinity;
  if (x < 0.5) return logGamma(x + 1) - Math.log(x);
  const z = x - 1;
  let a = COEFFICIENTS[0]!;
  for (let i = 1; i < COEFFICIENTS.length; i++) a += COEFFICIENTS[i]! / (z + i);
  const t = z + G + 0.5;
  return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
}
