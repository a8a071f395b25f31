/**
 * The evidence the guarded combiner asks of a combination before it keeps it
 * over its anchor alone: the inner cross-validated gain in AUROC must not
 * only exceed the tolerance but have its paired bootstrap interval above 0.
 *
 * On a classroom-sized run (50–200 questions) an inner gain of a few points
 * is often noise: inner folds of 10–40 questions rank a handful of errors,
 * and a combination that wins there by chance loses out of fold (Spider dev,
 * 100 questions of one model's samples: combined 0.567 against the anchor's
 * 0.751 after both folds kept a combination). The interval makes the bar
 * grow as the data shrinks.
 *
 * Convention: B paired resamples (default 200) of the resampling units (one
 * per row unless `units` groups rows, e.g. a question's pools cut to several
 * sizes, or a database's questions), drawn from a fixed stream
 * (createRng(EVIDENCE_SEED)) so the guard's other random choices do not move;
 * each resample's AUROC difference is computed with every row weighted by its
 * unit's count (a resample with one class is skipped); the interval is the
 * type-7 percentile interval at `level` (default 0.95). Evidence holds when
 * its lower end is above 0.
 */
import { aurocWeighted, presort } from './auroc-weighted.ts';
import { percentileInterval } from './quantile.ts';
import { resampleCounts } from './resample.ts';
import { createRng } from './rng.ts';

/** The fixed seed of the evidence stream. */
export const EVIDENCE_SEED = 20231;

export interface EvidenceOptions {
  /** Resampling unit of each row (rows of one unit are drawn together); default one unit per row. */
  readonly units?: readonly string[];
  /** Resamples (default 200). */
  readonly B?: number;
  /** Interval level (default 0.95). */
  readonly level?: number;
}

/**
 * The paired percentile interval of AUROC(a) − AUROC(b) over resampled units.
 *
 * @example
 * const [lo] = gainInterval(corrected, anchorLogit, y, { units: questionIds });
 * lo > 0; // the combination's inner gain is evidence, not noise
 */
export function gainInterval(a: ArrayLike<number>, b: ArrayLike<number>, y: Uint8Array, options: EvidenceOptions = {}): [number, number] {
  const n = y.length;
  if (a.length !== n || b.length !== n) throw new RangeError(`gainInterval: ${a.length} and ${b.length} scores for ${n} labels`);
  const B = options.B ?? 200;
  const ids = new Map<string, number>();
  const unitOf = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const key = options.units ? options.units[i]! : String(i);
    if (!ids.has(key)) ids.set(key, ids.size);
    unitOf[i] = ids.get(key)!;
  }
  const sa = presort(a, y);
  const sb = presort(b, y);
  const counts = new Uint32Array(ids.size);
  const weights = new Float64Array(n);
  const rng = createRng(EVIDENCE_SEED);
  const diffs: number[] = [];
  for (let r = 0; r < B; r++) {
    resampleCounts(counts, rng);
    for (let i = 0; i < n; i++) weights[i] = counts[unitOf[i]!]!;
    const d = aurocWeighted(sa, weights) - aurocWeighted(sb, weights);
    if (!Number.isNaN(d)) diffs.push(d);
  }
  if (diffs.length === 0) return [NaN, NaN];
  return percentileInterval(Float64Array.from(diffs), options.level ?? 0.95);
}
