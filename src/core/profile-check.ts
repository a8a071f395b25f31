/**
 * Reading a calibration profile from JSON someone hands over (an imported
 * file, browser storage, the bundled default): every field checked, sizes
 * checked against each other, and a problem returned as data naming the
 * field. JSON has no NaN, so a statistic written as null (an undefined ECE or
 * AUROC) reads back as NaN. Version 1 profiles (one model for all pools)
 * are read as one band for pools of 2 and more; a signal name Confide does
 * not compute is refused, naming it; a stored threshold below the floor is
 * applied at the floor and kept as `fit.fitted_thresholds` for Evaluate to
 * flag. The readers of one field are profile-fields.ts.
 */
import {
  bandWords,
  P_FLOOR,
  PROFILE_VERSION,
  type BandFit,
  type BandStandIn,
  type CalibrationProfile,
  type PoolBand,
  type ProfileProvenance,
  type ProfileThreshold,
} from './profile.ts';
import { arr, Bad, bool, num, obj, stat, str } from './profile-fields.ts';
import { knownSignalNames } from './signals/registry.ts';
import type { CombinerModel } from './stats/crossfit.ts';

export interface ProfileIssue {
  readonly code: 'BAD_PROFILE';
  /** Path of the offending field, e.g. `model.weights`. */
  readonly field: string;
  readonly message: string;
}

export type ProfileCheck = { readonly ok: true; readonly profile: CalibrationProfile } | { readonly ok: false; readonly error: ProfileIssue };

function bestSingle(value: unknown): NonNullable<CalibrationProfile['provenance']['best_single']> {
  const b = obj(value, 'provenance.best_single');
  const ci = arr(b.ci, 'provenance.best_single.ci', stat);
  if (ci.length !== 2) throw new Bad('provenance.best_single.ci', 'must hold two numbers');
  return {
    name: str(b.name, 'provenance.best_single.name'),
    auroc: stat(b.auroc, 'provenance.best_single.auroc'),
    diff: stat(b.diff, 'provenance.best_single.diff'),
    ci: [ci[0] as number, ci[1] as number],
  };
}

const KNOWN = new Set(knownSignalNames());

function signalNames(v: unknown, f: string): string[] {
  const signals = arr(v, f, str);
  if (signals.length === 0) throw new Bad(f, 'must name at least one signal');
  signals.forEach((s, i) => {
    if (!KNOWN.has(s)) throw new Bad(`${f}[${i}]`, `names "${s}", which is not a signal Confide computes (known: ${[...KNOWN].join(', ')})`);
  });
  if (new Set(signals).size !== signals.length) throw new Bad(f, 'names a signal twice');
  return signals;
}

function model(value: unknown, f: string, d: number): CombinerModel {
  const m = obj(value, f);
  const t = obj(m.standardization, `${f}.standardization`);
  const means = arr(t.means, `${f}.standardization.means`, num);
  const sds = arr(t.sds, `${f}.standardization.sds`, num);
  const indicators = arr(t.indicators, `${f}.standardization.indicators`, bool);
  for (const [k, a] of [
    ['means', means],
    ['sds', sds],
    ['indicators', indicators],
  ] as const) {
    if (a.length !== d) throw new Bad(`${f}.standardization.${k}`, `has ${a.length} entries for ${d} signals`);
  }
  if (sds.some((s) => s <= 0)) throw new Bad(`${f}.standardization.sds`, 'must all be positive');
  const weights = arr(m.weights, `${f}.weights`, num);
  const want = d + indicators.filter(Boolean).length;
  if (weights.length !== want) throw new Bad(`${f}.weights`, `has ${weights.length} entries; the signals and missing-value indicators need ${want}`);
  return { standardization: { means, sds, indicators }, weights, bias: num(m.bias, `${f}.bias`), lambda: num(m.lambda, `${f}.lambda`) };
}

function thresholds(value: unknown, f: string): ProfileThreshold[] {
  const out = arr(value, f, (x, g): ProfileThreshold => {
    const o = obj(x, g);
    const risk = num(o.target_risk, `${g}.target_risk`);
    if (risk <= 0 || risk >= 1) throw new Bad(`${g}.target_risk`, 'must be between 0 and 1');
    const th = o.threshold === null ? null : num(o.threshold, `${g}.threshold`);
    if (th !== null && (th < 0 || th > 1)) throw new Bad(`${g}.threshold`, 'must be a probability (0 to 1) or null');
    return { target_risk: risk, threshold: th };
  });
  if (out.length === 0) throw new Bad(f, 'must hold at least one target risk');
  return out;
}

/** A threshold list raised to the floor (what a profile stores and applies). */
const floored = (ts: readonly ProfileThreshold[], floor: number): ProfileThreshold[] =>
  ts.map((t) => ({ target_risk: t.target_risk, threshold: t.threshold === null ? null : Math.max(t.threshold, floor) }));

function bandFit(value: unknown, f: string): BandFit {
  const b = obj(value, f);
  return {
    n_questions: num(b.n_questions, `${f}.n_questions`),
    n_rows: num(b.n_rows, `${f}.n_rows`),
    sizes: arr(b.sizes, `${f}.sizes`, num),
    ece: stat(b.ece, `${f}.ece`),
    auroc: stat(b.auroc, `${f}.auroc`),
    combiner: str(b.combiner, `${f}.combiner`),
    ...(b.fitted_thresholds === undefined ? {} : { fitted_thresholds: thresholds(b.fitted_thresholds, `${f}.fitted_thresholds`) }),
    ...(b.stands_in_for === undefined ? {} : { stands_in_for: arr(b.stands_in_for, `${f}.stands_in_for`, standIn) }),
  };
}

/** A band too few questions reached, as the band standing in for it records it. */
function standIn(value: unknown, f: string): BandStandIn {
  const s = obj(value, f);
  const min = num(s.min, `${f}.min`);
  const max = s.max === null ? null : num(s.max, `${f}.max`);
  const questions = num(s.questions, `${f}.questions`);
  if (!Number.isInteger(min) || min < 1 || (max !== null && (!Number.isInteger(max) || max < min)) || !Number.isInteger(questions) || questions < 0) {
    throw new Bad(f, 'must name whole pool sizes (min ≥ 1, max null or ≥ min) and a whole number of questions');
  }
  return { min, max, questions };
}

function band(value: unknown, f: string, floor: number): PoolBand {
  const b = obj(value, f);
  const min = num(b.min, `${f}.min`);
  if (!Number.isInteger(min) || min < 1) throw new Bad(`${f}.min`, 'must be a whole number of candidates, at least 1');
  const max = b.max === null ? null : num(b.max, `${f}.max`);
  if (max !== null && (!Number.isInteger(max) || max < min)) throw new Bad(`${f}.max`, `must be null or a whole number at least ${min}`);
  const signals = signalNames(b.signals, `${f}.signals`);
  const ts = thresholds(b.thresholds, `${f}.thresholds`);
  const fit = b.fit === undefined ? undefined : bandFit(b.fit, `${f}.fit`);
  // A stored threshold below the floor is kept as the fitted one (Evaluate flags it) and applied floored.
  const below = ts.some((t) => t.threshold !== null && t.threshold < floor);
  const fitted = fit?.fitted_thresholds ?? (below ? ts : undefined);
  return {
    min,
    max,
    signals,
    model: model(b.model, `${f}.model`, signals.length),
    thresholds: floored(ts, floor),
    ...(fit !== undefined || fitted !== undefined
      ? {
          fit: {
            ...(fit ?? { n_questions: NaN, n_rows: NaN, sizes: [], ece: NaN, auroc: NaN, combiner: 'unknown' }),
            ...(fitted ? { fitted_thresholds: fitted } : {}),
          },
        }
      : {}),
  };
}

function provenance(value: unknown): ProfileProvenance {
  const v = obj(value, 'provenance');
  return {
    data: str(v.data, 'provenance.data'),
    generator: str(v.generator, 'provenance.generator'),
    n_questions: num(v.n_questions, 'provenance.n_questions'),
    ece: stat(v.ece, 'provenance.ece'),
    auroc: stat(v.auroc, 'provenance.auroc'),
    created: str(v.created, 'provenance.created'),
    ...(v.labels === undefined ? {} : { labels: str(v.labels, 'provenance.labels') }),
    ...(v.notes === undefined ? {} : { notes: str(v.notes, 'provenance.notes') }),
    ...(v.best_single === undefined ? {} : { best_single: bestSingle(v.best_single) }),
    ...(v.no_better_than_best === undefined ? {} : { no_better_than_best: bool(v.no_better_than_best, 'provenance.no_better_than_best') }),
    ...(v.combiner === undefined ? {} : { combiner: str(v.combiner, 'provenance.combiner') }),
  };
}

/** Version 1: one model for every pool, fit on whole pools, read as one band for pools of 2 and more. */
function readV1(p: Record<string, unknown>): CalibrationProfile {
  const signals = signalNames(p.signals, 'signals');
  const ts = thresholds(p.thresholds, 'thresholds');
  const below = ts.some((t) => t.threshold !== null && t.threshold < P_FLOOR);
  return {
    version: PROFILE_VERSION,
    name: str(p.name, 'name'),
    floor: P_FLOOR,
    bands: [
      {
        min: 2,
        max: null,
        signals,
        model: model(p.model, 'model', signals.length),
        thresholds: floored(ts, P_FLOOR),
        ...(below ? { fit: { n_questions: NaN, n_rows: NaN, sizes: [], ece: NaN, auroc: NaN, combiner: 'version 1 profile', fitted_thresholds: ts } } : {}),
      },
    ],
    provenance: provenance(p.provenance),
  };
}

function read(value: unknown): CalibrationProfile {
  const p = obj(value, 'profile');
  if (p.version === 1) return readV1(p);
  if (p.version !== PROFILE_VERSION) throw new Bad('version', `must be 1 or ${PROFILE_VERSION} (got ${JSON.stringify(p.version)})`);
  const floor = num(p.floor, 'floor');
  if (floor < P_FLOOR || floor >= 1) throw new Bad('floor', `must be at least ${P_FLOOR} and below 1: Confide never answers with P(correct) below ${P_FLOOR}`);
  const bands = arr(p.bands, 'bands', (x, f) => band(x, f, floor));
  if (bands.length === 0) throw new Bad('bands', 'must hold at least one band of pool sizes');
  const risks = (b: PoolBand): string => b.thresholds.map((t) => t.target_risk).join(',');
  bands.forEach((b, i) => {
    const prev = bands[i - 1];
    if (prev !== undefined && (prev.max === null || b.min <= prev.max))
      throw new Bad(`bands[${i}].min`, `overlaps the band before it (${bandWords(prev)}); bands go up in pool size without overlaps`);
    if (risks(b) !== risks(bands[0]!)) throw new Bad(`bands[${i}].thresholds`, 'must offer the same target risks, in the same order, as bands[0]');
  });
  return { version: PROFILE_VERSION, name: str(p.name, 'name'), floor, bands, provenance: provenance(p.provenance) };
}

/**
 * Checks a parsed JSON value as a profile.
 *
 * @example
 * const r = checkProfile(JSON.parse(text));
 * if (!r.ok) show(`${r.error.field}: ${r.error.message}`);
 */
export function checkProfile(value: unknown): ProfileCheck {
  try {
    return { ok: true, profile: read(value) };
  } catch (e) {
    if (e instanceof Bad) return { ok: false, error: { code: 'BAD_PROFILE', field: e.field, message: `The profile's ${e.message}.` } };
    throw e;
  }
}
