/**
 * A profile's models by pool size, fit on an evaluation run's pools cut down
 * to every size (subsample.ts), and the calibration-by-pool-size table.
 *
 * Bands: 1, 2, 3–4, 5–8, 9 and more candidates (`POOL_BANDS`), as far as the
 * run's pools give rows for them (band-reach.ts: enough questions reach the
 * band, and some in every fold's training part); the last band fit is left
 * open above and stands in for those beyond it (`fit.stands_in_for`). For each
 * band, each question whose pool is at least the size gives one row per size
 * of the band (its pool cut to that size, seeded; the open band takes at most
 * eight sizes spread from its lowest to the largest pool that enough
 * questions reach, and always each question's whole pool). As Ask judges a pool, every distinct result of a cut
 * pool is a row: its most common query's signals computed as if it were the
 * answer, on the cut pool (agreement is missing below two candidates), and
 * that query's label (a cut pool where nothing ran gives its modal query's
 * row). Pool-aware verifier scores (`orm`) are dropped from cut pools and
 * never enter a band; `orm_sql` and `judge` do not depend on the pool and
 * stay.
 *
 * Each band is the guarded combiner (stats/guarded.ts) cross-fit on its rows
 * with the run's own folds (a row in its question's fold; the combiner's
 * bootstrap evidence resamples questions), so every out-of-fold P comes from
 * a model that never saw the question. Then, as Ask does, each cut pool's
 * best guess is its highest-P result (ties: a result with rows, then more
 * candidates, then the first). When results compete, the best guess is right
 * more often than a result's own P says, so the model's log-odds go through
 * Platt's map fit on the best guesses (monotone: which result is best does
 * not change; cross-fit in the same folds for the figures, fit on all best
 * guesses and folded into the stored model's weights and bias). The band's
 * figures (ECE, AUROC, the table) are over the best guesses' recalibrated
 * out-of-fold P, and the thresholds per target risk are chosen on the
 * best guesses of the run's calibration-half questions (the lowest
 * out-of-fold P whose selective risk there is at most the target), stored
 * raised to the floor, the fitted ones kept beside them.
 */
import { bandWords, P_FLOOR, type PoolBand, type ProfileThreshold } from '../profile.ts';
import { auroc, calibration, createRng, crossfitGuarded, pick, selectiveAtRisk, sigmoid, type Rng } from '../stats/index.ts';
import { bandsReached } from './band-reach.ts';
import { bestGuesses, groupRows, type Cut, type GroupRow } from './band-rows.ts';
import { logit, plattMap, withRecalibration } from '../stats/platt.ts';
import { registryFor } from './matrix.ts';
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
  /** Each threshold is chosen for `aim` × its target risk on the calibration half (default 1), and kept under the target's name. */
  readonly aim?: number;
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
  /** Share of the cut pools whose best guess is right. */
  readonly accuracy: number;
  /** Out-of-fold ECE of the best guesses' P. */
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

const streamSeed = (seed: number, band: number, size: number): number => seed * 1000 + band * 100 + size;

/**
 * Fits one band per pool-size band the run reaches, and the table.
 *
 * @example
 * const { bands, table } = fitPoolBands(questions, { folds: cf, calibration: new Set(split.cal), targetRisks: [0.1, 0.2], seed: 5 });
 */
export function fitPoolBands(questions: readonly PreparedQuestion[], options: PoolBandOptions): PoolBandsResult {
  const poolSizes = questions.map((q) => q.candidates.length);
  const largest = Math.max(...poolSizes);
  const bands: PoolBand[] = [];
  const table: PoolSizeRow[] = [];
  const { fit: reached, standIns, reach } = bandsReached(POOL_BANDS, poolSizes, options.folds);
  reached.forEach((spec, bi) => {
    const open = bi === reached.length - 1;
    const sizes = open ? bandSizes({ min: spec.min, max: null }, Math.max(reach, spec.min)) : bandSizes(spec, largest);
    const cuts: Cut[] = [];
    for (const size of sizes) {
      const rng: Rng = createRng(streamSeed(options.seed, bi, size));
      questions.forEach((p, q) => {
        const n = p.candidates.length;
        if (n < size) return;
        cuts.push({ q, size, whole: n === size, prepared: subsamplePrepared(p, size, rng) });
      });
    }
    if (open) {
      // Every question's whole pool, when no listed size was it.
      questions.forEach((p, q) => {
        const n = p.candidates.length;
        if (n >= spec.min && !sizes.includes(n)) cuts.push({ q, size: n, whole: true, prepared: p });
      });
    }
    if (cuts.length === 0) return;
    const registry = registryFor(cuts.map((c) => c.prepared));
    const present = registry
      .list()
      .map((r) => r.name)
      .filter((n) => !POOL_AWARE_SCORES.includes(n));
    const all = cuts.flatMap((c, i) => groupRows(c, i, registry, present));
    // Signals missing on every row (agreement in a pool of one) are left out.
    const usable = present.filter((_, j) => all.some((r) => !Number.isNaN(r.x[j]!)));
    const names = (options.signals ?? usable).filter((n) => usable.includes(n));
    const x = all.map((r) => Float64Array.from(names, (n) => r.x[present.indexOf(n)]!));
    const y = Uint8Array.from(all, (r) => r.y);
    const qOf = (r: GroupRow): number => cuts[r.cut]!.q;
    const fold = Int32Array.from(all, (r) => options.folds.fold[qOf(r)]!);
    const cf = crossfitGuarded(x, y, createRng(streamSeed(options.seed, bi, 0)), {
      folds: { fold, folds: options.folds.folds },
      units: all.map((r) => String(qOf(r))),
      ...(options.group ? { group: all.map((r) => cuts[r.cut]!.prepared.db_id) } : {}),
    });
    const best = bestGuesses(all, cf.oof, cuts.length);
    const bestY = Uint8Array.from(best, (i) => y[i]!);
    // The best guess of a pool is right more often than a result's own P says when the results compete
    // (two disagreeing queries: the higher one wins most of the time): a monotone map of the log-odds, fit
    // on the best guesses, calibrates P for the answer Ask gives without changing which result is best.
    const bestLogit = Float64Array.from(best, (i) => logit(cf.oof[i] as number));
    const bestFold = Int32Array.from(best, (i) => fold[i]!);
    const bestP = new Float64Array(best.length);
    for (let f = 0; f < options.folds.folds; f++) {
      const train: number[] = [];
      const held: number[] = [];
      bestFold.forEach((g, i) => (g === f ? held : train).push(i));
      if (held.length === 0) continue;
      const map = plattMap(
        train.map((i) => bestLogit[i]!),
        train.map((i) => bestY[i]!),
      );
      for (const i of held) bestP[i] = sigmoid(map.slope * bestLogit[i]! + map.intercept);
    }
    const recalibration = plattMap(Array.from(bestLogit), Array.from(bestY));
    const cal: number[] = [];
    const test: number[] = [];
    cuts.forEach((c, i) => (options.calibration.has(c.q) ? cal : test).push(i));
    const aim = options.aim ?? 1;
    const chosen = selectiveAtRisk(
      pick(bestP, cal),
      pick(bestY, cal),
      pick(bestP, test),
      pick(bestY, test),
      options.targetRisks.map((t) => t * aim),
    );
    const fitted: ProfileThreshold[] = chosen.map((r, k) => ({ target_risk: options.targetRisks[k]!, threshold: r.none ? null : r.threshold }));
    const floored = fitted.map((t) => ({ target_risk: t.target_risk, threshold: t.threshold === null ? null : Math.max(t.threshold, P_FLOOR) }));
    const c = cf.finalChoice;
    const band: PoolBand = {
      min: spec.min,
      max: open ? null : spec.max,
      signals: names,
      model: withRecalibration(cf.final, recalibration),
      thresholds: floored,
      fit: {
        n_questions: new Set(cuts.map((r) => r.q)).size,
        n_rows: cuts.length,
        sizes: [...new Set(cuts.map((r) => r.size))].sort((a, b) => a - b),
        ece: calibration(bestP, bestY).ece,
        auroc: auroc(bestP, bestY),
        combiner:
          c.kind === 'combined' ? `combined, anchored on ${names[c.anchor!]}, λ = ${c.lambda}` : c.kind === 'single' ? `${names[c.anchor!]} alone` : 'constant',
        fitted_thresholds: fitted,
        ...(open && standIns.length > 0 ? { stands_in_for: standIns } : {}),
      },
    };
    bands.push(band);
    for (const size of TABLE_SIZES) {
      if (size !== 'all' && !(size >= spec.min && (band.max === null || size <= band.max))) continue;
      const idx = cuts.map((r, i) => ((size === 'all' ? r.whole : r.size === size) ? i : -1)).filter((i) => i >= 0);
      if (idx.length === 0) continue;
      const testIdx = idx.filter((i) => !options.calibration.has(cuts[i]!.q));
      const p = pick(bestP, idx);
      const yy = pick(bestY, idx);
      table.push({
        size,
        band: bandWords(band),
        questions: idx.length,
        accuracy: yy.reduce((a, b) => a + b, 0) / yy.length,
        ece: calibration(p, yy).ece,
        at: floored.map((t) => {
          const answered = t.threshold === null ? [] : testIdx.filter((i) => (bestP[i] as number) >= t.threshold!);
          const wrong = answered.filter((i) => bestY[i] === 0).length;
          return {
            target_risk: t.target_risk,
            threshold: t.threshold,
            coverage: testIdx.length === 0 ? NaN : answered.length / testIdx.length,
            risk: answered.length === 0 ? NaN : wrong / answered.length,
          };
        }),
      });
    }
  });
  // 'all' rows can fall in several bands (pools of different sizes); keep them per band, sizes in order.
  table.sort((a, b) => (a.size === 'all' ? Infinity : a.size) - (b.size === 'all' ? Infinity : b.size));
  return { bands, table };
}
