/**
 * A small, pure-JS 64-bit hash for result fingerprints: two 32-bit lanes
 * updated with `Math.imul`, finished with cross-lane avalanche. This is the
 * cyrb53 construction (bryc, public domain) with both lanes kept whole, so a
 * digest carries 64 bits instead of 53. Not cryptographic: equal digests mean
 * equal inputs up to an accidental collision (about 2^-64 per pair for
 * unrelated inputs), which is what result clustering needs.
 */

/** A 64-bit digest as two unsigned 32-bit halves. */
export interface Hash64 {
  readonly hi: number;
  readonly lo: number;
}

/**
 * A streaming hasher. Strings are fed as their UTF-16 code units with a
 * length prefix, so concatenations never collide by construction
 * (`['ab','c']` and `['a','bc']` feed different units).
 *
 * @example
 * const h = new Hasher().string('spider').word(3).digest();
 * toHex(h); // 16 hex digits
 */
export class Hasher {
  private h1: number;
  private h2: number;

  constructor(seed = 0) {
    this.h1 = 0xdeadbeef ^ seed;
    this.h2 = 0x41c6ce57 ^ seed;
  }

  /** Feeds one 16-bit unit. */
  unit(u: number): this {
    this.h1 = Math.imul(this.h1 ^ u, 2654435761);
    this.h2 = Math.imul(this.h2 ^ u, 1597334677);
    return this;
  }

  /** Feeds an unsigned 32-bit word as two 16-bit units. */
  word(w: number): this {
    return this.unit(w & 0xffff).unit(w >>> 16);
  }

  /** Feeds a string: its length, then each UTF-16 code unit. */
  string(s: string): this {
    this.word(s.length);
    // The same steps as unit(), on locals: a long string (a 30 M-character cell) hashes several times faster.
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = 0; i < s.length; i++) {
      const u = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ u, 2654435761);
      h2 = Math.imul(h2 ^ u, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /** Feeds another digest. */
  hash(h: Hash64): this {
    return this.word(h.hi).word(h.lo);
  }

  /** The digest of everything fed so far (the hasher may keep being fed). */
  digest(): Hash64 {
    let h1 = Math.imul(this.h1 ^ (this.h1 >>> 16), 2246822507);
    h1 ^= Math.imul(this.h2 ^ (this.h2 >>> 13), 3266489909);
    let h2 = Math.imul(this.h2 ^ (this.h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return { hi: h2 >>> 0, lo: h1 >>> 0 };
  }
}

/**
 * Digest of one string.
 *
 * @example
 * hashString('a').hi === hashString('a').hi; // true
 */
export function hashString(s: string): Hash64 {
  return new Hasher().string(s).digest();
}

/**
 * Digest of an ordered pair of digests (order matters).
 *
 * @example
 * hashPair(a, b); // differs from hashPair(b, a) up to collision
 */
export function hashPair(a: Hash64, b: Hash64): Hash64 {
  return new Hasher().hash(a).hash(b).digest();
}

/**
 * A multiset accumulator: lane-wise sum mod 2^32 of well-mixed digests
 * (an additive multiset hash), so the result ignores the order of `add` calls
 * and counts repeats.
 *
 * @example
 * const m = new MultisetHash(); m.add(x); m.add(y); m.digest();
 */
export class MultisetHash {
  private hi = 0;
  private lo = 0;
  private count = 0;

  add(h: Hash64): void {
    this.hi = (this.hi + h.hi) >>> 0;
    this.lo = (this.lo + h.lo) >>> 0;
    this.count++;
  }

  /** Mixes the sums and the element count into one digest. */
  digest(): Hash64 {
    return new Hasher().word(this.count).word(this.hi).word(this.lo).digest();
  }
}

/**
 * Total order on digests (hi, then lo), for sorting.
 *
 * @example
 * hashes.sort(compareHash);
 */
export function compareHash(a: Hash64, b: Hash64): number {
  return a.hi !== b.hi ? a.hi - b.hi : a.lo - b.lo;
}

/**
 * The digest as 16 lowercase hex digits.
 *
 * @example
 * toHex({ hi: 1, lo: 255 }); // '00000001000000ff'
 */
export function toHex(h: Hash64): string {
  return h.hi.toString(16).padStart(8, '0') + h.lo.toString(16).padStart(8, '0');
}
