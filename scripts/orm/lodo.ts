/**
 * The measurement scripts' linear verifier and its validation: an L2
 * logistic model on z-scored features (the standardization fit on the
 * training rows only), and leave-one-database-out scoring, so no database is
 * ever in both training and validation. Other sources' rows (`extra`: BIRD
 * runs, mutants of other databases) join every training fold and are never
 * scored.
 */
import type { PreparedQuestion } from '../../src/core/eval/prepare.ts';
import { agreementSlots } from '../../src/core/orm/featurize.ts';
import type { Strategy } from '../../src/core/select/index.ts';
import type { QuestionView } from '../../src/core/signals/types.ts';
import { createRng, fitLogistic, predictLogistic, type LogisticFit } from '../../src/core/stats/index.ts';
import type { LogisticModel } from '../../src/core/stats/logistic-model.ts';
import { applyStandardization, fitStandardization, standardizeRows, type Standardization } from '../../src/core/stats/standardize.ts';

/** A training row: features and a 0/1 label. */
export interface XY {
  readonly x: readonly number[];
  readonly y: number;
}

/** A fitted verifier: the standardization, the logistic model on its output, and the scorer of a raw row. */
export interface ScaledLogistic {
  readonly standardization: Standardization;
  readonly model: LogisticFit;
  score(x: readonly number[]): number;
}

/** A fit's model re-expressed on another standardization's z-scores (the same raw-feature function), as a Newton start. */
function restandardized(start: { readonly standardization: Standardization; readonly model: LogisticModel }, to: Standardization): LogisticModel | undefined {
  const from = start.standardization;
  if (from.means.length !== to.means.length || from.indicators.some(Boolean) || to.indicators.some(Boolean)) return undefined;
  let bias = start.model.bias;
  const weights = start.model.weights.map((w, j) => {
    const raw = from.sds[j]! > 0 ? w / from.sds[j]! : 0;
    bias += raw * (to.means[j]! - from.means[j]!);
    return raw * to.sds[j]!;
  });
  return { weights, bias };
}

/**
 * Fits the standardization and an L2 logistic model (strength `lambda` on the z-scores),
 * starting Newton from `start` when given (a fit on nearly the same rows: the same optimum, fewer steps).
 *
 * @example
 * const v = fitScaledLogistic(rows, 10);
 * v.score(rows[0].x); // P(correct)
 */
export function fitScaledLogistic(
  rows: readonly XY[],
  lambda: number,
  start?: { readonly standardization: Standardization; readonly model: LogisticModel },
): ScaledLogistic {
  const x = rows.map((r) => r.x);
  const standardization = fitStandardization(x);
  const init = start === undefined ? undefined : restandardized(start, standardization);
  const model = fitLogistic(
    standardizeRows(standardization, x),
    rows.map((r) => r.y),
    { lambda, ...(init ? { init } : {}) },
  );
  return { standardization, model, score: (row) => predictLogistic(model, applyStandardization(standardization, row)) };
}

/**
 * Out-of-fold score per row, leave-one-database-out: for each database, a
 * verifier fit on every other database's rows (minus `exclude`) plus
 * `extra` scores that database's rows.
 *
 * @example
 * const oof = lodoScores(rows.map((r) => ({ db: r.db, x: r.text, y: r.y })), 10);
 */
export function lodoScores(
  rows: readonly (XY & { readonly db: string })[],
  lambda: number,
  exclude: ReadonlySet<string> = new Set(),
  extra: readonly XY[] = [],
): Float64Array {
  const out = new Float64Array(rows.length).fill(NaN);
  for (const db of new Set(rows.map((r) => r.db))) {
    const v = fitScaledLogistic([...rows.filter((r) => r.db !== db && !exclude.has(r.db)), ...extra], lambda);
    rows.forEach((r, i) => {
      if (r.db === db) out[i] = v.score(r.x);
    });
  }
  return out;
}

/** Seed offsets of each extra source's draw, so adding one source never changes another's sample. */
export const SOURCE_SALT = { bird: 11, mutants: 13 } as const;

/**
 * A seeded share of another source's rows (BIRD runs, mutants), as extra
 * training rows: `round(share · n)` rows drawn without replacement by
 * `createRng(seed + salt)`. The source weighting of the mixed verifiers.
 *
 * @example
 * const extra = sourceSample(birdRows, 0.125, 1, SOURCE_SALT.bird);
 */
export function sourceSample(source: readonly { readonly y: number; readonly text: readonly number[] }[], share: number, seed: number, salt: number): XY[] {
  if (!(share > 0 && share <= 1)) throw new RangeError(`sourceSample: share in (0, 1], got ${share}`);
  return createRng(seed + salt)
    .sample(source, Math.round(share * source.length))
    .map((r) => ({ x: r.text, y: r.y }));
}

/**
 * Prepared questions with `scores.orm` set from `score`, one per row (a row
 * names its question `q` and candidate `c`); candidates without a row get none.
 *
 * @example
 * const scored = withOrmScores(prepared, rows, lodoScores(...));
 */
export function withOrmScores(
  prepared: readonly PreparedQuestion[],
  rows: readonly { readonly q: number; readonly c: number }[],
  score: ArrayLike<number>,
): PreparedQuestion[] {
  const byKey = new Map<string, number>();
  rows.forEach((r, i) => byKey.set(`${r.q}:${r.c}`, score[i]!));
  return prepared.map((p, q) => ({
    ...p,
    view: {
      ...p.view,
      candidates: p.view.candidates.map((c, j) => {
        const s = byKey.get(`${q}:${j}`);
        return s === undefined ? c : { ...c, scores: { ...c.scores, orm: s } };
      }),
    },
  }));
}

/**
 * Per-question 0/1 correctness of a strategy's pick.
 *
 * @example
 * const majority = picks(views, labels, majorityExec); // [1, 0, 1, …]
 */
export function picks(views: readonly QuestionView[], labels: readonly (readonly boolean[])[], s: Strategy): number[] {
  return views.map((v, i) => {
    const j = s.select(v, labels[i]);
    return j !== null && j >= 0 && labels[i]![j] ? 1 : 0;
  });
}

/**
 * Rows from a source without a pool (BIRD's runs here, mutants labeled
 * without their results) for a text+agreement verifier: the featurizer's
 * four agreement slots (given, exec, structure and text shares) appended as
 * zeros, "not given", exactly as the featurizer writes them for a candidate
 * scored without agreement. The linear model's weight on `given` absorbs
 * the difference, so these rows teach the text weights and leave the
 * agreement slopes to the rows that have a pool.
 *
 * @example
 * withAgreementNotGiven([{ x: [0.5, 1], y: 1 }]); // [{ x: [0.5, 1, 0, 0, 0, 0], y: 1 }]
 */
export function withAgreementNotGiven(rows: readonly XY[]): XY[] {
  return rows.map((r) => ({ x: [...r.x, ...agreementSlots(undefined)], y: r.y }));
}
