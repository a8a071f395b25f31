import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProfile } from '../../../src/core/profile-check.ts';
import { profileProbability } from '../../../src/core/profile.ts';
import { profileOnExecutionSc } from './fixtures.ts';

const bundled = JSON.parse(readFileSync(new URL('../../../public/profiles/default.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('reading a calibration profile from JSON', () => {
  it('accepts the bundled default and keeps what it computes', () => {
    const r = checkProfile(bundled);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const values = Object.fromEntries(r.profile.signals.map((s) => [s, 0.5]));
    expect(profileProbability(r.profile, values)).toBeGreaterThan(0);
    expect(r.profile.provenance.data).toContain('Spider dev');
  });

  it('reads a statistic written as null (NaN after JSON) back as NaN', () => {
    const p = profileOnExecutionSc(); // ece and auroc are NaN
    const r = checkProfile(JSON.parse(JSON.stringify(p)));
    expect(r.ok).toBe(true);
    if (r.ok) expect(Number.isNaN(r.profile.provenance.ece)).toBe(true);
  });

  it('names the field that is wrong', () => {
    const base = JSON.parse(JSON.stringify(profileOnExecutionSc())) as Record<string, any>;
    const cases: [unknown, string][] = [
      [{ ...base, version: 2 }, 'version'],
      [{ ...base, signals: [] }, 'signals'],
      [{ ...base, model: { ...base.model, weights: [1, 2] } }, 'model.weights'],
      [{ ...base, model: { ...base.model, standardization: { ...base.model.standardization, sds: [0] } } }, 'model.standardization.sds'],
      [{ ...base, thresholds: [{ target_risk: 1.5, threshold: 0.5 }] }, 'thresholds[0].target_risk'],
      [{ ...base, thresholds: [{ target_risk: 0.2, threshold: 'high' }] }, 'thresholds[0].threshold'],
      [{ ...base, provenance: { ...base.provenance, data: 3 } }, 'provenance.data'],
      ['not an object', 'profile'],
    ];
    for (const [value, field] of cases) {
      const r = checkProfile(value);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.field).toBe(field);
    }
  });
});
