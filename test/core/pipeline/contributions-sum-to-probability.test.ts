import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signalContributions } from '../../../src/core/pipeline/index.ts';
import { PROFILE_VERSION, profileProbability, type CalibrationProfile } from '../../../src/core/profile.ts';

const sigma = (z: number): number => 1 / (1 + Math.exp(-z));

describe('signal contributions', () => {
  it('add up, with the bias, to the logit of the profile probability (missing values included)', () => {
    const profile: CalibrationProfile = {
      version: PROFILE_VERSION,
      name: 'p',
      floor: 0.5,
      bands: [
        {
          min: 1,
          max: null,
          signals: ['string_sc', 'logprob', 'orm_sql'],
          model: {
            standardization: { means: [0.4, -1, 0.7], sds: [0.2, 0.5, 0.3], indicators: [false, true, true] },
            weights: [1.5, -0.7, 0.9, 0.4, -1.1],
            bias: 0.3,
            lambda: 1,
          },
          thresholds: [],
        },
      ],
      provenance: { data: '', generator: '', n_questions: 0, ece: 0, auroc: 0, created: '' },
    };
    const value = fc.option(fc.double({ min: -3, max: 3, noNaN: true }), { nil: null });
    fc.assert(
      fc.property(value, value, value, (a, b, c) => {
        const values = { string_sc: a, logprob: b, orm_sql: c };
        const band = profile.bands[0]!;
        const parts = signalContributions(band, values);
        const z = band.model.bias + parts.reduce((s, p) => s + p.logit, 0);
        expect(sigma(z)).toBeCloseTo(profileProbability(profile, values, 4), 10);
        expect(parts.map((p) => p.value)).toEqual([a, b, c]);
      }),
    );
  });
});
