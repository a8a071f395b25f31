/**
 * A profile's models by pool size, fit on an evaluation run's pools cut down
 * to every size (subsample.ts), and the calibration-by-pool-size table.
 *
 * Bands: 1, 2, 3–4, 5–8, 9 and more candidates (`POOL_BANDS`), as far as the
 * run's largest pool reaches; the last band fit is left open above. For each
 * band, each question whose pool is at least the size gives one row per size
 * of the band (its pool cut to that size, seeded; the open band takes at most
 * eight sizes spread from its lowest to the largest pool, and always each
 * question's whole pool). A row is the cut pool's modal candidate's signals,
 * computed on the cut pool (agreement is missing below two candidates), and
 * that candidate's label. Pool-aware verifier scores (`orm`) are dropped from
 * cut pools and never enter a band; `orm_sql` and `judge` do not depend on
 * the pool and stay.
 *
 * Each band is the guarded combiner (stats/guarded.ts) cross-fit on its rows
 * with the run's own folds (a row in its question's fold; the combiner's
 * bootstrap evidence resamples questions), so every out-of-fold P comes from
 * a model that never saw the question. Thresholds per target risk are chosen
 * on the band's rows of the run's calibration-half questions (the lowest
 * out-of-fold P whose selective risk there is at most the target) and stored
 * raised to the floor, the fitted ones kept beside them.
 */
import { bandWords, P_FLOOR, type PoolBand, type ProfileThreshold } from '../profile.ts';
import { calibration, createRng, crossfitGuarded, pick, selectiveAtRisk, auroc, type Rng } from '../stats/index.ts';
import { featureRows, signalMatrix } from './matrix.ts';
import type { PreparedQuestion } from './prepare.ts';
import { POOL_AWARE_SCORES, subsamplePrepared } from './subsample.ts';

/** The pool-size bands a profile is fit for. */
export const POOL_BANDS: readonly { readonly min: number; readonly max: number | null }[] = [
  { min: 1, max: 1 },
  { min: 2, max: 2 },
  { min: 3, max: 4 },
  { min: 5, max: 8 },
  { min: 9, max: null },
];

/** Pool sizes of the calibration-by-pool-size table ('all': each question's whole pool). */
export const TABLE_SIZES: readonly (number | 'all')[] = [1, 2, 4, 8, 'all'];

/** The most sizes the open band cuts pools to. */
const OPEN_BAND_SIZES = 8;

export interface PoolBandOptions {
  /** Each question's cross-fit fold and the number of folds (the run's own). */
  readonly folds: { readonly fold: Int32Array; readonly folds: number };
  /** Questions in the calibration half. */
  readonly calibration: ReadonlySet<number>;
  readonly targetRisks: readonly number[];
  /** Seed of the cuts (each band and size draws from its own stream). */
  readonly seed: number;
  /** Inner folds by database, as the run's cross-fit. */
  readonly group?: 'db_id';
  /** Signals a band may read (default: every signal of the cut pools but the pool-aware ones). */
  readonly signals?: readonly string[];
}

/** One row of the calibration-by-pool-size table. */
export interface PoolSizeRow {
  readonly size: number | 'all';
  readonly band: string;
  readonly questions: number;
  /** Share of the rows whose modal candidate is right. */
  readonly accuracy: number;
  /** Out-of-fold ECE of the band's P over these rows. */
  readonly ece: number;
  /** At each target risk, on the test half: the band's threshold (floored), coverage and risk. */
  readonly at: readonly { readonly target_risk: number; readonly threshold: number | null; readonly coverage: number; readonly risk: number }[];
}

export interface PoolBandsResult {
  readonly bands: PoolBand[];
  readonly table: PoolSizeRow[];
}

/** A band's sizes, given the largest pool. */
function bandSizes(band: { min: number; max: number | null }, largest: number): number[] {
  const top = Math.min(band.max ?? largest, largest);
  const all = Array.from({ length: Math.max(0, top - band.min + 1) }, (_, i) => band.min + i);
  if (band.max !== null || all.length <= OPEN_BAND_SIZES) return all;
  const step = (all.length - 1) / (OPEN_BAND_SIZES - 1);
  return [...new Set(Array.from({ length: OPEN_BAND_SIZES }, (_, i) => all[Math.round(i * step)]!))];
}

interface Row {
  readonly q: number;
  readonly size: number;
  readonly whole: boolean;
  readonly prepared: PreparedQuestion;
}

const streamSeed = (seed: number, band: number, size: number): number => seed * 1000 + band * 100 + size;

/**
 * Fits one band per pool-size band the run reaches, and the table.
 *
 * @example
 * const { bands, table } = fitPoolBands(questions, { folds: cf, calibration: new Set(split.cal), targetRisks: [0.1, 0.2], seed: 5 });
 */
export function fitPoolBands(questions: readonly PreparedQuestion[], options: PoolBandOptions): PoolBandsResult {
  const largest = Math.max(...questions.map((q) => q.candidates.length));
  const bands: PoolBand[] = [];
  const table: PoolSizeRow[] = [];
  const reached = POOL_BANDS.filter((b) => b.min <= largest);
  reached.forEach((spec, bi) => {
    const open = bi === reached.length - 1;
    const sizes = bandSizes(open ? { min: spec.min, max: null } : spec, largest);
    const rows: Row[] = [];
    for (const size of sizes) {
      const rng: Rng = createRng(streamSeed(options.seed, bi, size));
      questions.forEach((p, q) => {
        const n = p.candidates.length;
        if (n < size) return;
        rows.push({ q, size, whole: n === size, prepared: subsamplePrepared(p, size, rng) });
      });
    }
    if (open) {
      // Every question's whole pool, when no listed size was it.
      questions.forEach((p, q) => {
        const n = p.candidates.length;
        if (n >= spec.min && !sizes.includes(n)) rows.push({ q, size: n, whole: true, prepared: p });
      });
    }
    if (rows.length === 0) return;
    const m = signalMatrix(rows.map((r) => r.prepared));
    if (m.questions.length !== rows.length) throw new RangeError(`fitPoolBands: ${rows.length - m.questions.length} cut pools lost their labels`);
    const names = (options.signals ?? m.names).filter((s) => m.names.includes(s) && !POOL_AWARE_SCORES.includes(s));
    const x = featureRows(m, names);
    const fold = Int32Array.from(rows, (r) => options.folds.fold[r.q]!);
    const units = rows.map((r) => String(r.q));
    const cf = crossfitGuarded(x, m.y, createRng(streamSeed(options.seed, bi, 0)), {
      folds: { fold, folds: options.folds.folds },
      units,
      ...(options.group ? { group: rows.map((r) => r.prepared.db_id) } : {}),
    });
    const cal: number[] = [];
    const test: number[] = [];
    rows.forEach((r, i) => (options.calibration.has(r.q) ? cal : test).push(i));
    const chosen = selectiveAtRisk(pick(cf.oof, cal), pick(m.y, cal), pick(cf.oof, test), pick(m.y, test), options.targetRisks);
    const fitted: ProfileThreshold[] = chosen.map((r) => ({ target_risk: r.target, threshold: r.none ? null : r.threshold }));
    const floored = fitted.map((t) => ({ target_risk: t.target_risk, threshold: t.threshold === null ? null : Math.max(t.threshold, P_FLOOR) }));
    const c = cf.finalChoice;
    const band: PoolBand = {
      min: spec.min,
      max: open ? null : spec.max,
      signals: names,
      model: cf.final,
      thresholds: floored,
      fit: {
        n_questions: new Set(rows.map((r) => r.q)).size,
        n_rows: rows.length,
        sizes: [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b),
        ece: calibration(cf.oof, m.y).ece,
        auroc: auroc(cf.oof, m.y),
        combiner: c.kind === 'combined' ? `combined, anchored on ${names[c.anchor!]}, λ = ${c.lambda}` : c.kind === 'single' ? `${names[c.anchor!]} alone` : 'constant',
        fitted_thresholds: fitted,
      },
    };
    bands.push(band);
    for (const size of TABLE_SIZES) {
      const inBand = (r: Row): boolean => (size === 'all' ? r.whole : r.size === size);
      const idx = rows.map((r, i) => (inBand(r) ? i : -1)).filter((i) => i >= 0);
      if (size !== 'all' && !(size >= spec.min && (band.max === null || size <= band.max))) continue;
      if (size === 'all' && idx.length === 0) continue;
      if (idx.length === 0) continue;
      const testIdx = idx.filter((i) => !options.calibration.has(rows[i]!.q));
      const p = pick(cf.oof, idx);
      const y = pick(m.y, idx);
      table.push({
        size,
        band: bandWords(band),
        questions: idx.length,
        accuracy: y.reduce((a, b) => a + b, 0) / y.length,
        ece: calibration(p, y).ece,
        at: floored.map((t) => {
          const answered = t.threshold === null ? [] : testIdx.filter((i) => (cf.oof[i] as number) >= t.threshold!);
          const wrong = answered.filter((i) => m.y[i] === 0).length;
          return { target_risk: t.target_risk, threshold: t.threshold, coverage: testIdx.length === 0 ? NaN : answered.length / testIdx.length, risk: answered.length === 0 ? NaN : wrong / answered.length };
        }),
      });
    }
  });
  // 'all' rows can fall in several bands (pools of different sizes); keep them per band, sizes in order.
  table.sort((a, b) => (a.size === 'all' ? Infinity : a.size) - (b.size === 'all' ? Infinity : b.size));
  return { bands, table };
}
