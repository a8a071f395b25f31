import { describe, expect, it } from 'vitest';
import { accuracyVsN, defaultNs, selectionAccuracy } from '../../../src/core/select/accuracy.ts';
import { exBon, first, majorityExec, modal, oracle, verifierBon } from '../../../src/core/select/strategies.ts';
import type { Strategy } from '../../../src/core/select/types.ts';
import type { QuestionView } from '../../../src/core/signals/types.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { fail, ok, view } from '../signals/views.ts';

// Three questions, pools of 6, 4 and 5 candidates, with their labels.
const QUESTIONS: QuestionView[] = [
  view([
    ok('SELECT a FROM t', 'W', 1),
    ok('SELECT b FROM t', 'R', 2),
    ok('SELECT b FROM t', 'R', 2),
    fail('x'),
    ok('SELECT c FROM t', 'W2', 1),
    ok('SELECT b FROM t', 'R', 2),
  ]),
  view([fail('y'), ok('SELECT d FROM u', 'R', 3), ok('SELECT e FROM u', 'W', 0), ok('SELECT e FROM u', 'W', 0)]),
  view([
    ok('SELECT f FROM v', 'W', 1),
    ok('SELECT g FROM v', 'W', 1),
    ok('SELECT h FROM v', 'W3', 1),
    ok('SELECT i FROM v', 'R', 1),
    ok('SELECT j FROM v', 'W4', 1),
  ]),
];
const LABELS = [
  [false, true, true, false, false, true],
  [false, true, false, false],
  [false, false, false, true, false],
];

describe('selectionAccuracy', () => {
  it('is the share of questions whose pick is correct', () => {
    // Worked by hand from the table above.
    expect(selectionAccuracy(QUESTIONS, LABELS, first)).toBe(0);
    expect(selectionAccuracy(QUESTIONS, LABELS, modal)).toBe(1 / 3);
    expect(selectionAccuracy(QUESTIONS, LABELS, majorityExec)).toBe(1 / 3);
    expect(selectionAccuracy(QUESTIONS, LABELS, exBon)).toBe(1 / 3);
    expect(selectionAccuracy(QUESTIONS, LABELS, oracle)).toBe(1);
  });

  it('counts a question without candidates as wrong', () => {
    expect(selectionAccuracy([...QUESTIONS, view([])], [...LABELS, []], oracle)).toBe(3 / 4);
  });

  it('is NaN when the strategy cannot choose somewhere, or there are no questions', () => {
    expect(selectionAccuracy(QUESTIONS, LABELS, verifierBon('orm'))).toBeNaN();
    expect(selectionAccuracy([], [], first)).toBeNaN();
  });

  it('rejects labels that do not match the candidates', () => {
    expect(() => selectionAccuracy(QUESTIONS, LABELS.slice(1), first)).toThrow(RangeError);
    expect(() => selectionAccuracy(QUESTIONS, [LABELS[0]!, [true], LABELS[2]!], first)).toThrow(RangeError);
  });
});

describe('accuracyVsN', () => {
  const STRATEGIES = [first, modal, majorityExec, exBon, oracle];

  it('uses 1, 2, 4, … and the largest pool by default', () => {
    expect(defaultNs(12)).toEqual([1, 2, 4, 8, 12]);
    expect(defaultNs(8)).toEqual([1, 2, 4, 8]);
    expect(defaultNs(1)).toEqual([1]);
    const ns = [...new Set(accuracyVsN(QUESTIONS, LABELS, [first], undefined, { rng: createRng(1), draws: 3 }).map((p) => p.n))];
    expect(ns).toEqual([1, 2, 4, 6]);
  });

  it('gives the same curve for the same seed', () => {
    const a = accuracyVsN(QUESTIONS, LABELS, STRATEGIES, [1, 2, 3], { rng: createRng(42), draws: 20 });
    const b = accuracyVsN(QUESTIONS, LABELS, STRATEGIES, [1, 2, 3], { rng: createRng(42), draws: 20 });
    expect(a).toEqual(b);
    expect(a).toHaveLength(15);
  });

  it('equals the full-pool accuracy at N = pool size', () => {
    const curve = accuracyVsN(QUESTIONS, LABELS, STRATEGIES, [6], { rng: createRng(3) });
    for (const s of STRATEGIES) {
      expect(curve.find((p) => p.strategy === s.name)?.accuracy).toBe(selectionAccuracy(QUESTIONS, LABELS, s));
    }
  });

  it('makes every strategy agree at N = 1, near the mean share of correct candidates', () => {
    const curve = accuracyVsN(QUESTIONS, LABELS, STRATEGIES, [1], { rng: createRng(9), draws: 4000 });
    const values = curve.map((p) => p.accuracy);
    expect(new Set(values).size).toBe(1);
    const share = (3 / 6 + 1 / 4 + 1 / 5) / 3;
    expect(values[0]).toBeGreaterThan(share - 0.03);
    expect(values[0]).toBeLessThan(share + 0.03);
  });

  it('draws subsets of size N without replacement, in the original order', () => {
    const pool = view(Array.from({ length: 10 }, (_, i) => ok(`SELECT ${i}`, `F${i}`)));
    const seen: number[][] = [];
    const recorder: Strategy = {
      name: 'recorder',
      select: (q) => {
        seen.push(q.candidates.map((c) => Number(c.sql.slice(7))));
        return 0;
      },
    };
    accuracyVsN([pool], [Array(10).fill(false)], [recorder], [4], { rng: createRng(5), draws: 30 });
    expect(seen).toHaveLength(30);
    for (const s of seen) {
      expect(s).toHaveLength(4);
      expect([...s].sort((a, b) => a - b)).toEqual(s);
      expect(new Set(s).size).toBe(4);
    }
    expect(new Set(seen.map((s) => s.join(','))).size).toBeGreaterThan(1);
  });

  it('reports NaN where a strategy cannot choose', () => {
    const curve = accuracyVsN(QUESTIONS, LABELS, [verifierBon('orm'), first], [2], { rng: createRng(1), draws: 2 });
    expect(curve[0]!.accuracy).toBeNaN();
    expect(Number.isNaN(curve[1]!.accuracy)).toBe(false);
  });

  it('rejects a non-positive N or draw count', () => {
    expect(() => accuracyVsN(QUESTIONS, LABELS, [first], [0], { rng: createRng(1) })).toThrow(RangeError);
    expect(() => accuracyVsN(QUESTIONS, LABELS, [first], [1], { rng: createRng(1), draws: 0 })).toThrow(RangeError);
  });
});
