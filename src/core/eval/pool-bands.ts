/**
 * A profile's models by pool size, fit on an evaluation run's pools cut down
 * to every size (band-cuts.ts, subsample.ts), and the calibration-by-pool-size
 * table (pool-size-table.ts).
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
import { type BandStandIn, P_FLOOR, type PoolBand, type ProfileThreshold } from '../profile.ts';
import { auroc, calibration, createRng, crossfitGuarded, type GuardChoice, pick, selectiveAtRisk, sigmoid, type Rng } from '../stats/index.ts';
import { logit, plattMap, withRecalibration } from '../stats/platt.ts';
import { bandSizes, cutPools } from './band-cuts.ts';
import { bandsReached } from './band-reach.ts';
import { bestGuesses, groupRows, type Cut, type GroupRow } from './band-rows.ts';
import { registryFor } from './matrix.ts';
import { poolSizeRows, type PoolSizeRow } from './pool-size-table.ts';
import type { PreparedQuestion } from './prepare.ts';
import { POOL_AWARE_SCORES } from './subsample.ts';

export { TABLE_SIZES, type PoolSizeRow } from './pool-size-table.ts';

/** The pool-size bands a profile is fit for. */
export const POOL_BANDS: readonly { readonly min: number; readonly max: number | null }[] = [
  { min: 1, max: 1 },
  { min: 2, max: 2 },
  { min: 3, max: 4 },
  { min: 5, max: 8 },
  { min: 9, max: null },
];

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

export interface PoolBandsResult {
  readonly bands: PoolBand[];
  readonly table: PoolSizeRow[];
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
    const cuts = cutPools(questions, spec.min, sizes, open, (size) => createRng(streamSeed(options.seed, bi, size)));
    if (cuts.length === 0) return;
    const bandSpec = { min: spec.min, max: open ? null : spec.max, standIns: open ? standIns : [] };
    const fit = fitBand(cuts, bandSpec, createRng(streamSeed(options.seed, bi, 0)), options);
    bands.push(fit.band);
    table.push(...poolSizeRows(fit.band, cuts, fit.bestP, fit.bestY, options.calibration));
  });
  // 'all' rows can fall in several bands (pools of different sizes); keep them per band, sizes in order.
  table.sort((a, b) => (a.size === 'all' ? Infinity : a.size) - (b.size === 'all' ? Infinity : b.size));
  return { bands, table };
}

/** A band's rows (one per result of a cut pool), the signals it reads, and each row's features, label and question's fold. */
interface BandDesign {
  readonly rows: GroupRow[];
  readonly names: string[];
  readonly x: Float64Array[];
  readonly y: Uint8Array;
  readonly fold: Int32Array;
}

/** The rows of the cut pools over the signals a band may read (pool-aware scores and signals missing on every row left out). */
function bandDesign(cuts: readonly Cut[], signals: readonly string[] | undefined, folds: ArrayLike<number>): BandDesign {
  const registry = registryFor(cuts.map((c) => c.prepared));
  const present = registry
    .list()
    .map((r) => r.name)
    .filter((n) => !POOL_AWARE_SCORES.includes(n));
  const rows = cuts.flatMap((c, i) => groupRows(c, i, registry, present));
  // Signals missing on every row (agreement in a pool of one) are left out.
  const usable = present.filter((_, j) => rows.some((r) => !Number.isNaN(r.x[j]!)));
  const names = (signals ?? usable).filter((n) => usable.includes(n));
  const x = rows.map((r) => Float64Array.from(names, (n) => r.x[present.indexOf(n)]!));
  const y = Uint8Array.from(rows, (r) => r.y);
  const fold = Int32Array.from(rows, (r) => folds[cuts[r.cut]!.q]!);
  return { rows, names, x, y, fold };
}

/** A band fit, with its best guesses' labels and recalibrated out-of-fold P (one per cut pool). */
interface BandFitted {
  readonly band: PoolBand;
  readonly bestP: Float64Array;
  readonly bestY: Uint8Array;
}

/** Cross-fits the guarded combiner on the band's rows, recalibrates its best guesses and chooses the thresholds. */
function fitBand(
  cuts: readonly Cut[],
  spec: { readonly min: number; readonly max: number | null; readonly standIns: readonly BandStandIn[] },
  rng: Rng,
  options: PoolBandOptions,
): BandFitted {
  const { rows, names, x, y, fold } = bandDesign(cuts, options.signals, options.folds.fold);
  const cf = crossfitGuarded(x, y, rng, {
    folds: { fold, folds: options.folds.folds },
    units: rows.map((r) => String(cuts[r.cut]!.q)),
    ...(options.group ? { group: rows.map((r) => cuts[r.cut]!.prepared.db_id) } : {}),
  });
  const best = bestGuesses(rows, cf.oof, cuts.length);
  const bestY = Uint8Array.from(best, (i) => y[i]!);
  const { bestP, recalibration } = recalibrateBest(
    Float64Array.from(best, (i) => logit(cf.oof[i] as number)),
    bestY,
    Int32Array.from(best, (i) => fold[i]!),
    options.folds.folds,
  );
  const { fitted, floored } = bandThresholds(cuts, bestP, bestY, options);
  const band: PoolBand = {
    min: spec.min,
    max: spec.max,
    signals: names,
    model: withRecalibration(cf.final, recalibration),
    thresholds: floored,
    fit: {
      n_questions: new Set(cuts.map((r) => r.q)).size,
      n_rows: cuts.length,
      sizes: [...new Set(cuts.map((r) => r.size))].sort((a, b) => a - b),
      ece: calibration(bestP, bestY).ece,
      auroc: auroc(bestP, bestY),
      combiner: combinerWords(cf.finalChoice, names),
      fitted_thresholds: fitted,
      ...(spec.standIns.length > 0 ? { stands_in_for: spec.standIns } : {}),
    },
  };
  return { band, bestP, bestY };
}

/** What the guarded combiner kept, in words. */
function combinerWords(c: GuardChoice, names: readonly string[]): string {
  return c.kind === 'combined' ? `combined, anchored on ${names[c.anchor!]}, λ = ${c.lambda}` : c.kind === 'single' ? `${names[c.anchor!]} alone` : 'constant';
}

/**
 * Platt's map of the best guesses' out-of-fold log-odds: cross-fit in the folds (`bestP`, each best guess's
 * recalibrated P from a map fit without its fold) and fit on all of them (`recalibration`, for the stored model).
 */
function recalibrateBest(
  bestLogit: Float64Array,
  bestY: Uint8Array,
  bestFold: Int32Array,
  folds: number,
): { bestP: Float64Array; recalibration: { slope: number; intercept: number } } {
  // The best guess of a pool is right more often than a result's own P says when the results compete
  // (two disagreeing queries: the higher one wins most of the time): a monotone map of the log-odds, fit
  // on the best guesses, calibrates P for the answer Ask gives without changing which result is best.
  const bestP = new Float64Array(bestLogit.length);
  for (let f = 0; f < folds; f++) {
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
  return { bestP, recalibration: plattMap(Array.from(bestLogit), Array.from(bestY)) };
}

/** The thresholds per target risk chosen on the calibration half's best guesses (for `aim` × the target), and raised to the floor. */
function bandThresholds(
  cuts: readonly Cut[],
  bestP: Float64Array,
  bestY: Uint8Array,
  options: PoolBandOptions,
): { fitted: ProfileThreshold[]; floored: ProfileThreshold[] } {
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
  return { fitted, floored };
}
