// Expected values are counted by hand from the definition RS(c) = (right − c·wrong) / N
// (+1 per right answer, −c per wrong one, 0 per abstention); the report-level figures are
// recomputed independently by scripts/recompute-report.py (test/scripts/recompute-report-agrees-with-eval.test.ts).
import { describe, expect, it } from 'vitest';
import { answerCounts, bestReliabilityThreshold, reliabilityScore } from '../../../src/core/stats/reliability-score.ts';

//               right  wrong  right  wrong  missing right  wrong
const scores = [0.95, 0.9, 0.8, 0.8, NaN, 0.4, 0.2];
const labels = [1, 0, 1, 0, 1, 1, 0];

describe('reliabilityScore', () => {
  it('scores +1 per right answer, −c per wrong one and 0 per abstention, over every question', () => {
    // Threshold 0.8 answers 0.95, 0.9 and both 0.8s: 2 right, 2 wrong; the missing score abstains, N = 7.
    const k = answerCounts(scores, labels, 0.8);
    expect(k).toEqual({ n: 7, answered: 4, wrong: 2 });
    expect(reliabilityScore(k, 0)).toBe(2 / 7);
    expect(reliabilityScore(k, 10)).toBe((2 - 20) / 7);
    expect(reliabilityScore(k, 7)).toBe((2 - 14) / 7);
  });

  it('answers nothing at a null threshold (RS = 0 at every cost) and is NaN on no questions', () => {
    const k = answerCounts(scores, labels, null);
    expect(k).toEqual({ n: 7, answered: 0, wrong: 0 });
    expect(reliabilityScore(k, 10)).toBe(0);
    expect(reliabilityScore({ n: 0, answered: 0, wrong: 0 }, 10)).toBeNaN();
  });

  it('refuses a negative or infinite cost', () => {
    expect(() => reliabilityScore({ n: 1, answered: 1, wrong: 0 }, -1)).toThrow(RangeError);
    expect(() => reliabilityScore({ n: 1, answered: 1, wrong: 0 }, Infinity)).toThrow(RangeError);
  });
});

describe('bestReliabilityThreshold', () => {
  it('takes the distinct score with the best RS(c), tied scores entering together', () => {
    // c = 0: thresholds 0.95 → 1/7, 0.9 → 1/7, 0.8 → 2/7, 0.4 → 3/7, 0.2 → 3/7; ties keep the higher one (0.4).
    expect(bestReliabilityThreshold(scores, labels, 0)).toEqual({ threshold: 0.4, value: 3 / 7 });
    // c = 1: 0.95 → 1/7, 0.9 → 0, 0.8 → 0, 0.4 → 1/7, 0.2 → 0; the first 1/7 (0.95) is kept.
    expect(bestReliabilityThreshold(scores, labels, 1)).toEqual({ threshold: 0.95, value: 1 / 7 });
  });

  it('answers nothing when every threshold costs more than it gains', () => {
    // c = 10 on scores whose best answer is wrong: any threshold scores below 0.
    expect(bestReliabilityThreshold([0.9, 0.5], [0, 1], 10)).toEqual({ threshold: null, value: 0 });
    expect(bestReliabilityThreshold([NaN, NaN], [1, 0], 10)).toEqual({ threshold: null, value: 0 });
  });
});
