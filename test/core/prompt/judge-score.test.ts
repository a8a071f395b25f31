import { describe, expect, it } from 'vitest';
import { parseVerbalizedScore, yesProbability } from '../../../src/core/prompt/judge-score.ts';

const alt = (token: string, p: number) => ({ token, logprob: Math.log(p) });

describe('yesProbability normalizes over Yes/No variants', () => {
  it('is P(Yes) / (P(Yes) + P(No)) for one of each', () => {
    expect(yesProbability([alt('Yes', 0.6), alt('No', 0.2), alt('The', 0.1)])).toBeCloseTo(0.6 / 0.8, 12);
  });

  it('adds the masses of variants: leading space, case', () => {
    const alts = [alt(' Yes', 0.3), alt('yes', 0.2), alt('YES', 0.05), alt(' No', 0.25), alt('no', 0.1)];
    expect(yesProbability(alts)).toBeCloseTo(0.55 / 0.9, 12);
  });

  it('is 1 when only Yes variants are present and 0 when only No variants are', () => {
    expect(yesProbability([alt('Yes', 0.9), alt('**', 0.05)])).toBe(1);
    expect(yesProbability([alt(' no', 0.7)])).toBe(0);
  });

  it('ignores words that only start like yes or no', () => {
    expect(yesProbability([alt('Yesterday', 0.5), alt('Not', 0.3), alt('Yes', 0.1), alt('No', 0.1)])).toBeCloseTo(0.5, 12);
  });

  it('is null when no Yes/No token is among the alternatives', () => {
    expect(yesProbability([alt('The', 0.5), alt('**', 0.3)])).toBeNull();
    expect(yesProbability([])).toBeNull();
  });

  it('is null when the Yes/No mass is below the minimum', () => {
    expect(yesProbability([alt('The', 0.95), alt('Yes', 0.01)], 0.05)).toBeNull();
    expect(yesProbability([alt('The', 0.95), alt('Yes', 0.01)], 0.001)).toBe(1);
  });

  it('rejects a positive or NaN log-probability', () => {
    expect(() => yesProbability([{ token: 'Yes', logprob: 0.1 }])).toThrow(RangeError);
    expect(() => yesProbability([{ token: 'Yes', logprob: Number.NaN }])).toThrow(RangeError);
  });

  it('accepts -Infinity (a token with probability 0)', () => {
    expect(yesProbability([alt('Yes', 0.5), { token: 'No', logprob: -Infinity }])).toBe(1);
  });
});

describe('parseVerbalizedScore reads a 0–100 number', () => {
  it.each([
    ['85', 0.85],
    ['85%', 0.85],
    ['Confidence: 85/100', 0.85],
    ['I would say 7.5 out of 100', 0.075],
    ['0', 0],
    ['100', 1],
  ])('%s → %s', (text, expected) => {
    expect(parseVerbalizedScore(text)).toBeCloseTo(expected, 12);
  });

  it.each([['no number here'], ['250'], ['1234'], ['']])('gives null for %j', (text) => {
    expect(parseVerbalizedScore(text)).toBeNull();
  });
});
