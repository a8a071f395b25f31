/**
 * The featurizer's sums (featurize.ts): feature values summed by index as a
 * Map would (each index's additions in order, so the floating-point sums are
 * the same), in a dense array with a list of the indices touched, then read
 * out as a sparse vector or written into a dense row.
 */

/** A sparse vector: strictly increasing `indices` in [0, dim) and their values. */
export interface SparseFeatures {
  readonly indices: Int32Array;
  readonly values: Float32Array;
}

/**
 * Sums by index. One is kept per dimension and cleared after each vector
 * (featurizing is synchronous, so it is never shared): see {@link accumulator}.
 */
export class Accumulator {
  private readonly values: Float64Array;
  private readonly seen: Uint8Array;
  private readonly touched: number[] = [];

  constructor(dim: number) {
    this.values = new Float64Array(dim);
    this.seen = new Uint8Array(dim);
  }

  set(i: number, v: number): void {
    if (this.seen[i] === 0) {
      this.seen[i] = 1;
      this.touched.push(i);
    }
    this.values[i] = v;
  }

  add(i: number, v: number): void {
    if (this.seen[i] === 0) {
      this.seen[i] = 1;
      this.touched.push(i);
    }
    this.values[i] = this.values[i]! + v; // 0 + v for a new index, as (map.get(i) ?? 0) + v
  }

  /** The nonzero entries, indices increasing; the accumulator is empty again after. */
  take(): SparseFeatures {
    const touched = this.touched;
    const all = this.values;
    let kept = 0;
    const nonzero = new Int32Array(touched.length);
    for (let k = 0; k < touched.length; k++) {
      const i = touched[k]!;
      if (all[i] !== 0) nonzero[kept++] = i;
      this.seen[i] = 0;
    }
    const indices = (kept === touched.length ? nonzero : nonzero.slice(0, kept)).sort();
    const values = new Float32Array(kept);
    for (let k = 0; k < kept; k++) values[k] = all[indices[k]!]!;
    for (let k = 0; k < touched.length; k++) all[touched[k]!] = 0;
    touched.length = 0;
    return { indices, values };
  }

  /** Writes the nonzero sums into a zeroed dense row of `out` at `offset` (as float32, as take's values); empty again after. */
  drainInto(out: Float32Array, offset: number): void {
    const touched = this.touched;
    const all = this.values;
    out.fill(0, offset, offset + all.length);
    for (let k = 0; k < touched.length; k++) {
      const i = touched[k]!;
      if (all[i] !== 0) out[offset + i] = all[i]!;
      all[i] = 0;
      this.seen[i] = 0;
    }
    touched.length = 0;
  }
}

let scratch: Accumulator | null = null;
let scratchDim = 0;

/**
 * The empty accumulator for `dim`, kept between vectors; the caller empties
 * it again (take or drainInto) before the next featurize.
 *
 * @example
 * const acc = accumulator(8192);
 * acc.add(3, 0.5);
 * acc.take(); // { indices: [3], values: [0.5] }
 */
export function accumulator(dim: number): Accumulator {
  if (scratch === null || scratchDim !== dim) {
    scratch = new Accumulator(dim);
    scratchDim = dim;
  }
  return scratch;
}
