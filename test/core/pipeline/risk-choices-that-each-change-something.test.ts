/**
 * Risk choices that each change something: for a pool size, risks that need
 * the same P are one choice, named by the strongest promise and saying which
 * others answer the same; without a pool size, only risks equal at every
 * pool size fold; a smaller pool that needs more than a larger one says why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { choiceFor, choiceWords, riskChoices, thresholdOrderWords } from '../../../src/core/pipeline/risk-choices.ts';
import { checkProfile } from '../../../src/core/profile-check.ts';
import { bandFor, thresholdAt, type CalibrationProfile } from '../../../src/core/profile.ts';

const checked = checkProfile(JSON.parse(readFileSync(new URL('../../../public/profiles/default.json', import.meta.url), 'utf8')));
if (!checked.ok) throw new Error(checked.error.message);
const bundled = checked.profile;

/** A two-band profile: 1 query needs 0.8 / 0.6 / 0.6; 2 and more 0.7 / 0.6 / 0.5. */
const made: CalibrationProfile = {
  ...bundled,
  bands: [
    {
      ...bundled.bands[0]!,
      min: 1,
      max: 1,
      thresholds: [
        { target_risk: 0.1, threshold: 0.8 },
        { target_risk: 0.2, threshold: 0.6 },
        { target_risk: 0.3, threshold: 0.6 },
      ],
    },
    {
      ...bundled.bands[1]!,
      min: 2,
      max: null,
      thresholds: [
        { target_risk: 0.1, threshold: 0.7 },
        { target_risk: 0.2, threshold: 0.6 },
        { target_risk: 0.3, threshold: 0.5 },
      ],
    },
  ],
};

describe('risk choices', () => {
  it('offers, for every pool size of the bundled profile, choices whose thresholds all differ', () => {
    for (const n of [1, 2, 3, 4, 5, 8, 9, 19]) {
      const choices = riskChoices(bundled, n);
      const band = bandFor(bundled, n)!;
      const ts = choices.map((c) => thresholdAt(bundled, band, c.value));
      expect(new Set(ts).size, `pool of ${n}`).toBe(choices.length);
      expect(choices.flatMap((c) => c.risks)).toEqual([0.1, 0.2, 0.3, 0.4]);
    }
  });

  it('folds risks needing the same P into the strongest promise, and says which answer the same', () => {
    expect(riskChoices(made, 1).map((c) => [c.value, c.risks])).toEqual([
      [0.1, [0.1]],
      [0.2, [0.2, 0.3]],
    ]);
    expect(riskChoices(made, 2).map((c) => c.value)).toEqual([0.1, 0.2, 0.3]);
    // Not knowing the pool yet, 0.2 and 0.3 differ at some size: both are offered.
    expect(riskChoices(made, null).map((c) => c.value)).toEqual([0.1, 0.2, 0.3]);
    expect(choiceWords(riskChoices(made, 1)[1]!, 1)).toBe('at most 20% of the answers given are wrong (30% answers the same for 1 query)');
    expect(choiceFor(riskChoices(made, 1), 0.3)?.value).toBe(0.2);
    expect(choiceWords(riskChoices(bundled, null)[1]!, null)).toBe(
      'at most 20% of the answers given are wrong (30% and 40% answer the same at every pool size)',
    );
  });

  it('says why a smaller pool needs a higher P than the next larger one, and nothing otherwise', () => {
    expect(thresholdOrderWords(made, 1, 0.1)).toMatch(
      /^With 1 query this setting needs P ≥ 0\.80, more than the 0\.70 for 2 or more queries: each pool size has its own model and threshold/,
    );
    expect(thresholdOrderWords(made, 2, 0.1)).toBeNull(); // no larger band
    expect(thresholdOrderWords(made, 1, 0.2)).toBeNull(); // equal, not higher
    // On the bundled profile: words exactly where a band needs more than the next larger one, naming both thresholds.
    for (const [b, band] of bundled.bands.entries()) {
      const next = bundled.bands[b + 1];
      if (next === undefined) continue;
      for (const { target_risk: risk } of band.thresholds) {
        const here = thresholdAt(bundled, band, risk);
        const there = thresholdAt(bundled, next, risk);
        const words = thresholdOrderWords(bundled, band.min, risk);
        if (here == null || there == null || here <= there) expect(words, `pool of ${band.min}, risk ${risk}`).toBeNull();
        else expect(words).toContain(`this setting needs P ≥ ${here.toFixed(2)}, more than the ${there.toFixed(2)} for`);
      }
    }
  });
});
