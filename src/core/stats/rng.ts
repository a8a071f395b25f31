/**
 * A seeded pseudo-random generator: sfc32 (Chris Doty-Humphrey's Small Fast
 * Chaotic generator, 128-bit state, 32-bit output), its state filled by
 * splitmix32 from the seed. Every resampling or splitting function in
 * Confide takes one of these; nothing in `src/core` calls `Math.random`.
 *
 * Not cryptographic. The same seed gives the same stream on every engine.
 */

/** A stream of uniform draws. Methods advance the one shared state. */
export interface Rng {
  /** A uniform double in [0, 1) with 32 random bits (a multiple of 2^-32). */
  next(): number;
  /** A uniform 32-bit unsigned integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniform integer in [0, n), unbiased (rejection sampling); n an integer in [1, 2^32]. */
  int(n: number): number;
  /** Shuffles `items` in place (Fisher–Yates, from the back) and returns it. */
  shuffle<T>(items: T[]): T[];
  /** `k` distinct items drawn without replacement, in draw order (partial Fisher–Yates on a copy). */
  sample<T>(items: readonly T[], k: number): T[];
}

const TWO_32 = 4294967296;

/** splitmix32 step: returns the next state and a well-mixed output. */
function splitmix32(state: number): [number, number] {
  const s = (state + 0x9e3779b9) | 0;
  let z = s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [s, (z ^ (z >>> 16)) >>> 0];
}

/**
 * Creates a generator from an integer seed (any safe integer; bits above 32
 * are folded in, so 1 and 2^32 + 1 give different streams).
 *
 * @example
 * const rng = createRng(42);
 * rng.next();            // 0.2395… (same on every run)
 * rng.int(6) + 1;        // a die roll
 * rng.shuffle([1, 2, 3]); // a permutation
 */
export function createRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`createRng: seed must be a safe integer, got ${seed}`);
  }
  let s = (seed >>> 0) ^ Math.imul(Math.floor(seed / TWO_32) | 0, 0x27d4eb2d);
  const st = new Uint32Array(4);
  for (let i = 0; i < 4; i++) [s, st[i]] = splitmix32(s);
  let a = st[0]!,
    b = st[1]!,
    c = st[2]!,
    d = st[3]!;

  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up so that nearby seeds decorrelate (as the sfc32 reference does).
  for (let i = 0; i < 12; i++) nextUint32();

  const int = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) {
      throw new RangeError(`Rng.int: n must be an integer in [1, 2^32], got ${n}`);
    }
    // Reject the top partial block so every residue is equally likely.
    const limit = TWO_32 - (TWO_32 % n);
    let u = nextUint32();
    while (u >= limit) u = nextUint32();
    return u % n;
  };

  return {
    next: () => nextUint32() / TWO_32,
    nextUint32,
    int,
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const tmp = items[i]!;
        items[i] = items[j]!;
        items[j] = tmp;
      }
      return items;
    },
    sample<T>(items: readonly T[], k: number): T[] {
      if (!Number.isInteger(k) || k < 0 || k > items.length) {
        throw new RangeError(`Rng.sample: k must be an integer in [0, ${items.length}], got ${k}`);
      }
      const pool = items.slice();
      for (let i = 0; i < k; i++) {
        const j = i + int(pool.length - i);
        const tmp = pool[i]!;
        pool[i] = pool[j]!;
        pool[j] = tmp;
      }
      return pool.slice(0, k);
    },
  };
}
