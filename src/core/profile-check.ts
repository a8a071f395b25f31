/**
 * Reading a calibration profile from JSON someone hands over (an imported
 * file, browser storage, the bundled default): every field checked, sizes
 * checked against each other, and a problem returned as data naming the
 * field. JSON has no NaN, so a statistic written as null (an undefined ECE or
 * AUROC) reads back as NaN.
 */
import { PROFILE_VERSION, type CalibrationProfile, type ProfileThreshold } from './profile.ts';

export interface ProfileIssue {
  readonly code: 'BAD_PROFILE';
  /** Path of the offending field, e.g. `model.weights`. */
  readonly field: string;
  readonly message: string;
}

export type ProfileCheck = { readonly ok: true; readonly profile: CalibrationProfile } | { readonly ok: false; readonly error: ProfileIssue };

class Bad extends Error {
  constructor(readonly field: string, problem: string) {
    super(`${field} ${problem}`);
  }
}

const obj = (v: unknown, f: string): Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Bad(f, 'must be an object');
  return v as Record<string, unknown>;
};
const num = (v: unknown, f: string): number => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Bad(f, 'must be a finite number');
  return v;
};
const stat = (v: unknown, f: string): number => (v === null ? Number.NaN : num(v, f));
const str = (v: unknown, f: string): string => {
  if (typeof v !== 'string') throw new Bad(f, 'must be a string');
  return v;
};
const arr = <T>(v: unknown, f: string, each: (x: unknown, f: string) => T): T[] => {
  if (!Array.isArray(v)) throw new Bad(f, 'must be an array');
  return v.map((x, i) => each(x, `${f}[${i}]`));
};
const bool = (v: unknown, f: string): boolean => {
  if (typeof v !== 'boolean') throw new Bad(f, 'must be true or false');
  return v;
};

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

function read(value: unknown): CalibrationProfile {
  const p = obj(value, 'profile');
  if (p.version !== PROFILE_VERSION) throw new Bad('version', `must be ${PROFILE_VERSION} (got ${JSON.stringify(p.version)})`);
  const signals = arr(p.signals, 'signals', str);
  if (signals.length === 0) throw new Bad('signals', 'must name at least one signal');
  const m = obj(p.model, 'model');
  const t = obj(m.standardization, 'model.standardization');
  const means = arr(t.means, 'model.standardization.means', num);
  const sds = arr(t.sds, 'model.standardization.sds', num);
  const indicators = arr(t.indicators, 'model.standardization.indicators', bool);
  for (const [f, a] of [['means', means], ['sds', sds], ['indicators', indicators]] as const) {
    if (a.length !== signals.length) throw new Bad(`model.standardization.${f}`, `has ${a.length} entries for ${signals.length} signals`);
  }
  if (sds.some((s) => s <= 0)) throw new Bad('model.standardization.sds', 'must all be positive');
  const weights = arr(m.weights, 'model.weights', num);
  const want = signals.length + indicators.filter(Boolean).length;
  if (weights.length !== want) throw new Bad('model.weights', `has ${weights.length} entries; the signals and missing-value indicators need ${want}`);
  const thresholds = arr(p.thresholds, 'thresholds', (x, f): ProfileThreshold => {
    const o = obj(x, f);
    const risk = num(o.target_risk, `${f}.target_risk`);
    if (risk <= 0 || risk >= 1) throw new Bad(`${f}.target_risk`, 'must be between 0 and 1');
    const th = o.threshold === null ? null : num(o.threshold, `${f}.threshold`);
    return { target_risk: risk, threshold: th };
  });
  if (thresholds.length === 0) throw new Bad('thresholds', 'must hold at least one target risk');
  const v = obj(p.provenance, 'provenance');
  return {
    version: PROFILE_VERSION,
    name: str(p.name, 'name'),
    signals,
    model: { standardization: { means, sds, indicators }, weights, bias: num(m.bias, 'model.bias'), lambda: num(m.lambda, 'model.lambda') },
    thresholds,
    provenance: {
      data: str(v.data, 'provenance.data'),
      generator: str(v.generator, 'provenance.generator'),
      n_questions: num(v.n_questions, 'provenance.n_questions'),
      ece: stat(v.ece, 'provenance.ece'),
      auroc: stat(v.auroc, 'provenance.auroc'),
      created: str(v.created, 'provenance.created'),
      ...(v.notes === undefined ? {} : { notes: str(v.notes, 'provenance.notes') }),
      ...(v.best_single === undefined ? {} : { best_single: bestSingle(v.best_single) }),
      ...(v.no_better_than_best === undefined ? {} : { no_better_than_best: bool(v.no_better_than_best, 'provenance.no_better_than_best') }),
      ...(v.combiner === undefined ? {} : { combiner: str(v.combiner, 'provenance.combiner') }),
    },
  };
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
