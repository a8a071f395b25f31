/**
 * The reliability score in plain words says what the report's figures say:
 * the best RS(10) threshold with its test-half coverage, risk and score, and
 * what each risk level earns at every reported cost, or that it never answers.
 */
import { describe, expect, it } from 'vitest';
import { reliabilityWords } from '../../../src/core/eval/reliability-words.ts';
import type { ReliabilityReport } from '../../../src/core/eval/types.ts';

const outcome = { answered: 0, coverage: 0, risk: NaN, value: 0 };

function report(best: ReliabilityReport['best']): ReliabilityReport {
  return {
    scorer: 'combined',
    n_test: 50,
    costs: [0, 10, 50],
    entries: [
      { target_risk: 0.1, threshold: null, c: 0, value: 0 },
      { target_risk: 0.1, threshold: null, c: 10, value: 0 },
      { target_risk: 0.1, threshold: null, c: 50, value: 0 },
      { target_risk: 0.3, threshold: 0.6125, c: 0, value: 0.56 },
      { target_risk: 0.3, threshold: 0.6125, c: 10, value: -1.64 },
      { target_risk: 0.3, threshold: 0.6125, c: 50, value: -10.44 },
    ],
    best,
  };
}

describe('reliabilityWords', () => {
  it('names the best threshold with its test-half coverage, risk and score, and each risk level at every cost', () => {
    // 20 of 50 answered, 1 wrong: RS(10) = (19 − 10) / 50 = 0.18.
    const words = reliabilityWords(report({ c: 10, threshold: 0.9, answered: 20, coverage: 0.4, risk: 0.05, value: 0.18, by_cost: [], calibration: outcome }));
    expect(words[0]).toContain('+1 when it is right and −c when it is wrong');
    expect(words[1]).toBe(
      'If each wrong answer costs 10 right ones, the threshold that scored best on the calibration half is P ≥ 0.900: on the 50 test questions it answers 40.0% of them, 5.0% of those wrong, and earns 0.180 a question (answering nothing earns 0).',
    );
    expect(words[2]).toBe('"at most 10% of the answers given are wrong (never answers)": it abstains on every question, 0 at any cost.');
    expect(words[3]).toBe(
      '"at most 30% of the answers given are wrong" (on this run\'s calibration half, answering when P ≥ 0.61; never below P 0.50, as in Ask) earns 0.560 a question when wrong answers cost nothing, -1.640 when each costs 10 right ones and -10.440 when each costs as much as all 50 right.',
    );
  });

  it('states the P 0.50 floor as Ask does: a threshold under it is one Ask would not use, never "answers when P ≥ 0.03"', () => {
    const low = report({ c: 10, threshold: 0.03, answered: 50, coverage: 1, risk: 0.2, value: -1.2, by_cost: [], calibration: outcome });
    const words = reliabilityWords({ ...low, entries: low.entries.map((e) => (e.threshold === null ? e : { ...e, threshold: 0.03 })) });
    expect(words.join(' ')).not.toMatch(/answers when P ≥ 0\.0/);
    expect(words[1]).toContain('Ask never answers below P 0.50, so it would not use this threshold.');
    expect(words[3]).toBe(
      '"at most 30% of the answers given are wrong": this run\'s calibration half puts its threshold at P 0.03, below P 0.50, which Ask never answers under (nor does a profile saved from this run); at P 0.03 it would earn 0.560 a question when wrong answers cost nothing, -1.640 when each costs 10 right ones and -10.440 when each costs as much as all 50 right.',
    );
  });

  it('says when answering nothing scores best', () => {
    const words = reliabilityWords(report({ c: 10, threshold: null, ...outcome, by_cost: [], calibration: outcome }));
    expect(words[1]).toBe(
      'If each wrong answer costs 10 right ones, no threshold on the calibration half earned more than answering nothing, so the best is not to answer (0 a question).',
    );
  });
});
