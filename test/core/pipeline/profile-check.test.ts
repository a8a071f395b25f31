import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProfile } from '../../../src/core/profile-check.ts';
import { bandFor, belowFloor, profileProbability, thresholdAt } from '../../../src/core/profile.ts';
import { profileOnExecutionSc } from './fixtures.ts';

const bundled = JSON.parse(readFileSync(new URL('../../../public/profiles/default.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** A version 1 profile as Confide wrote them before profiles had bands by pool size. */
const versionOne = () => ({
  version: 1,
  name: 'old',
  signals: ['execution_sc'],
  model: { standardization: { means: [0.5], sds: [0.25], indicators: [false] }, weights: [2], bias: -1, lambda: 1 },
  thresholds: [
    { target_risk: 0.1, threshold: 0.9 },
    { target_risk: 0.2, threshold: 0.1 },
  ],
  provenance: { data: 'hand-made', generator: 'none', n_questions: 0, ece: null, auroc: null, created: '' },
});

describe('reading a calibration profile from JSON', () => {
  it('accepts the bundled default, with a model for every pool size from one query up', () => {
    const r = checkProfile(bundled);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    for (const n of [1, 2, 3, 5, 8, 19, 40]) {
      const band = bandFor(r.profile, n);
      expect(band, `pool of ${n}`).not.toBeNull();
      const values = Object.fromEntries(band!.signals.map((s) => [s, 0.5]));
      expect(profileProbability(r.profile, values, n)).toBeGreaterThan(0);
    }
    expect(r.profile.provenance.data).toContain('Spider dev');
  });

  it('reads a statistic written as null (NaN after JSON) back as NaN', () => {
    const p = profileOnExecutionSc(); // ece and auroc are NaN
    const r = checkProfile(JSON.parse(JSON.stringify(p)));
    expect(r.ok).toBe(true);
    if (r.ok) expect(Number.isNaN(r.profile.provenance.ece)).toBe(true);
  });

  it('reads a version 1 profile as one band for pools of 2 and more: a single query gets no P from agreement', () => {
    const r = checkProfile(versionOne());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.profile.bands.map((b) => [b.min, b.max])).toEqual([[2, null]]);
    expect(bandFor(r.profile, 1)).toBeNull();
    expect(Number.isNaN(profileProbability(r.profile, { execution_sc: 1 }, 1))).toBe(true);
    expect(profileProbability(r.profile, { execution_sc: 1 }, 8)).toBeGreaterThan(0.5);
  });

  it('applies a fitted threshold below 0.5 at the 0.5 floor and keeps the fitted one to flag', () => {
    const r = checkProfile(versionOne());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const band = r.profile.bands[0]!;
    expect(thresholdAt(r.profile, band, 0.2)).toBe(0.5);
    expect(thresholdAt(r.profile, band, 0.1)).toBe(0.9);
    expect(belowFloor(r.profile)).toEqual([{ band: '2 or more queries', target_risk: 0.2, threshold: 0.1 }]);
    const v2 = JSON.parse(JSON.stringify(profileOnExecutionSc())) as Record<string, any>;
    v2.bands[0].thresholds[2].threshold = 0.3;
    const again = checkProfile(v2);
    expect(again.ok).toBe(true);
    if (again.ok) {
      expect(thresholdAt(again.profile, again.profile.bands[0]!, 0.2)).toBe(0.5);
      expect(belowFloor(again.profile)).toHaveLength(1);
    }
  });

  it('refuses a signal name Confide does not compute, naming it (prototype names too)', () => {
    for (const name of ['nonexistent_signal', 'constructor', '__proto__', 'toString']) {
      const v1 = { ...versionOne(), signals: [name] };
      const r1 = checkProfile(v1);
      expect(r1.ok, name).toBe(false);
      if (!r1.ok) {
        expect(r1.error.field).toBe('signals[0]');
        expect(r1.error.message).toContain(name);
      }
      const v2 = JSON.parse(JSON.stringify(profileOnExecutionSc())) as Record<string, any>;
      v2.bands[0].signals = [name];
      const r2 = checkProfile(v2);
      expect(r2.ok, name).toBe(false);
      if (!r2.ok) expect(r2.error.field).toBe('bands[0].signals[0]');
    }
  });

  it('names the field that is wrong', () => {
    const base = JSON.parse(JSON.stringify(profileOnExecutionSc())) as Record<string, any>;
    const band = base.bands[0];
    const withBand = (b: Record<string, unknown>) => ({ ...base, bands: [{ ...band, ...b }] });
    const cases: [unknown, string][] = [
      [{ ...base, version: 3 }, 'version'],
      [{ ...base, floor: 0.2 }, 'floor'],
      [{ ...base, bands: [] }, 'bands'],
      [withBand({ signals: [] }), 'bands[0].signals'],
      [withBand({ min: 0 }), 'bands[0].min'],
      [withBand({ model: { ...band.model, weights: [1, 2] } }), 'bands[0].model.weights'],
      [withBand({ model: { ...band.model, standardization: { ...band.model.standardization, sds: [0] } } }), 'bands[0].model.standardization.sds'],
      [withBand({ thresholds: [{ target_risk: 1.5, threshold: 0.5 }] }), 'bands[0].thresholds[0].target_risk'],
      [withBand({ thresholds: [{ target_risk: 0.2, threshold: 'high' }] }), 'bands[0].thresholds[0].threshold'],
      [{ ...base, bands: [band, { ...band, min: 5 }] }, 'bands[1].min'],
      [
        {
          ...base,
          bands: [
            { ...band, min: 1, max: 1 },
            { ...band, thresholds: [{ target_risk: 0.3, threshold: 0.6 }] },
          ],
        },
        'bands[1].thresholds',
      ],
      [{ ...base, provenance: { ...base.provenance, data: 3 } }, 'provenance.data'],
      ['not an object', 'profile'],
    ];
    for (const [value, field] of cases) {
      const r = checkProfile(value);
      expect(r.ok, field).toBe(false);
      if (!r.ok) expect(r.error.field).toBe(field);
    }
  });
});
