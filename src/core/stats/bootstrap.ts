/**
 * Paired bootstrap of tie-robust AUROC over questions.
 *
 * Convention: B resamples (default 2000) of the n questions with replacement,
 * the same resamples for every signal (so differences are paired). Each
 * resample is a vector of multiplicities; each signal's AUROC on it is
 * computed by {@link aurocWeighted} over an order sorted once. The interval is
 * the equal-tailed 95% percentile interval (type-7 quantiles, see
 * quantile.ts) of the resample AUROCs. A resample in which a class has zero
 * weight (for that signal or pair) gives no AUROC: it is skipped and counted
 * in `skipped`, and the percentiles are taken over the rest.
 *
 * Missing scores (`NaN`): a signal is evaluated on the questions where it is
 * present; a pair is evaluated on the questions where both are present, on
 * the same resamples (questions outside that set get weight 0).
 *
 * Randomness: one 32-bit draw from the caller's `rng` seeds a private stream
 * (`createRng(rng.nextUint32())`); resample b is then n draws `int(n)` of
 * that stream, in order. Same seed, same intervals.
 */
import { aurocWeighted, presort, type Presorted } from './auroc-weighted.ts';
import { presentWeights, sameLength, toBinary, type Labels, type Scores } from './labels.ts';
import { percentileInterval } from './quantile.ts';
import { resampleCounts } from './resample.ts';
import { createRng, type Rng } from './rng.ts';

/** Options for {@link pairedBootstrap}. */
export interface BootstrapOptions {
  /** Number of resamples (default 2000). */
  readonly B?: number;
  /** Interval level (default 0.95). */
  readonly level?: number;
}

/** One signal's AUROC with its percentile interval. */
export interface SignalInterval {
  readonly auroc: number;
  readonly ci: readonly [number, number];
  /** Questions with this score present. */
  readonly n: number;
  /** Resamples skipped because a class had zero weight. */
  readonly skipped: number;
}

/** AUROC(a) − AUROC(b) on the questions where both are present. */
export interface PairedInterval {
  readonly diff: number;
  readonly ci: readonly [number, number];
  readonly n: number;
  readonly skipped: number;
}

/** What {@link pairedBootstrap} returns. */
export interface BootstrapResult {
  readonly B: number;
  readonly level: number;
  /** Per signal, in the order of the input record. */
  readonly signals: Readonly<Record<string, SignalInterval>>;
  /** The paired difference a − b on the same resamples (computed on demand, cached). */
  paired(a: string, b: string): PairedInterval;
  /** The B resample AUROCs of one signal (`NaN` where skipped). */
  replicates(name: string): Float64Array;
}

/**
 * Paired bootstrap of AUROC for every signal in `scores` (see the module
 * comment for the exact convention).
 *
 * @example
 * const r = pairedBootstrap({ sc: scA, logprob: scB }, correct, createRng(7));
 * r.signals.sc;            // { auroc: 0.67, ci: [0.63, 0.71], n: 800, skipped: 0 }
 * r.paired('logprob', 'sc'); // { diff: -0.006, ci: [-0.028, 0.017], … }
 */
export function pairedBootstrap(scores: Readonly<Record<string, Scores>>, labels: Labels, rng: Rng, options: BootstrapOptions = {}): BootstrapResult {
  const B = options.B ?? 2000;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(B) || B < 1) throw new RangeError(`pairedBootstrap: B must be a positive integer, got ${B}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`pairedBootstrap: level must be in (0, 1), got ${level}`);
  const names = Object.keys(scores);
  const n = labels.length;
  for (const name of names) sameLength(`pairedBootstrap(${name})`, scores[name]!, labels);
  const y = toBinary(labels);
  const seed = rng.nextUint32();
  const sorted = new Map<string, Presorted>(names.map((k) => [k, presort(scores[k]!, y)]));

  // One pass over the resamples for every signal on its own present set.
  const reps = new Map<string, Float64Array>(names.map((k) => [k, new Float64Array(B)]));
  const stream = createRng(seed);
  const counts = new Uint32Array(n);
  for (let b = 0; b < B; b++) {
    resampleCounts(counts, stream);
    for (const k of names) reps.get(k)![b] = aurocWeighted(sorted.get(k)!, counts);
  }
  const ones = new Float64Array(n).fill(1);
  const signals: Record<string, SignalInterval> = {};
  for (const k of names) {
    const r = reps.get(k)!;
    signals[k] = {
      auroc: aurocWeighted(sorted.get(k)!, ones),
      ci: percentileInterval(r, level),
      n: sorted.get(k)!.index.length,
      skipped: countNaN(r),
    };
  }

  const cache = new Map<string, PairedInterval>();
  const paired = (a: string, b: string): PairedInterval => {
    const key = JSON.stringify([a, b]);
    const hit = cache.get(key);
    if (hit) return hit;
    const sa = sorted.get(a);
    const sb = sorted.get(b);
    if (!sa || !sb) throw new RangeError(`paired: unknown signal ${sa ? b : a}`);
    const mask = presentWeights(scores[a]!, scores[b]!);
    const diffs = new Float64Array(B);
    if (mask.used === sa.index.length && mask.used === sb.index.length) {
      // Both present on the same questions: reuse the stored resamples.
      const ra = reps.get(a)!;
      const rb = reps.get(b)!;
      for (let r = 0; r < B; r++) diffs[r] = ra[r]! - rb[r]!;
    } else {
      const replay = createRng(seed);
      const w = new Float64Array(n);
      for (let r = 0; r < B; r++) {
        resampleCounts(counts, replay);
        for (let i = 0; i < n; i++) w[i] = counts[i]! * mask.weight[i]!;
        diffs[r] = aurocWeighted(sa, w) - aurocWeighted(sb, w);
      }
    }
    const result: PairedInterval = {
      diff: aurocWeighted(sa, mask.weight) - aurocWeighted(sb, mask.weight),
      ci: percentileInterval(diffs, level),
      n: mask.used,
      skipped: countNaN(diffs),
    };
    cache.set(key, result);
    return result;
  };

  const replicates = (name: string): Float64Array => {
    const r = reps.get(name);
    if (!r) throw new RangeError(`replicates: unknown signal ${name}`);
    return r.slice();
  };
  return { B, level, signals, paired, replicates };
}

function countNaN(values: Float64Array): number {
  let c = 0;
  for (const v of values) if (Number.isNaN(v)) c++;
  return c;
}
