// The guarded combiner on pools the project makes itself: one informative
// signal with heavy ties (like execution agreement), one constant signal and
// one of pure noise, at the size of a classroom run (100 questions, about 15
// wrong answers). The plain combiner is measured beside it on the same pools.
import { describe, expect, it } from 'vitest';
import { auroc } from '../../../src/core/stats/auroc.ts';
import { crossfitLogistic } from '../../../src/core/stats/crossfit.ts';
import { crossfitGuarded, fitGuardedCombiner } from '../../../src/core/stats/guarded.ts';
import { fitLogistic } from '../../../src/core/stats/logistic.ts';
import { createRng, type Rng } from '../../../src/core/stats/rng.ts';

/** n questions: y ~ Bernoulli(0.85); agreement = share of 8 votes (ties), constant 1, noise uniform. */
function pool(n: number, rng: Rng, extra?: (y: number) => number): { rows: number[][]; y: number[] } {
  const rows: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const yi = rng.next() < 0.85 ? 1 : 0;
    let votes = 0;
    for (let v = 0; v < 8; v++) votes += rng.next() < (yi ? 0.8 : 0.45) ? 1 : 0;
    const row = [votes / 8, 1, rng.next()];
    if (extra) row.push(extra(yi));
    rows.push(row);
    y.push(yi);
  }
  return { rows, y };
}

const mean = (a: number[]): number => a.reduce((s, v) => s + v, 0) / a.length;

describe('crossfitGuarded on small pools with a constant and a noise signal', () => {
  const guardedGap: number[] = [];
  const plainGap: number[] = [];
  const dropped: number[][] = [];
  for (let seed = 1; seed <= 30; seed++) {
    const { rows, y } = pool(100, createRng(seed));
    const best = auroc(
      rows.map((r) => r[0]!),
      y,
    );
    for (const k of [2, 5]) {
      const g = crossfitGuarded(rows, y, createRng(seed), { k });
      guardedGap.push(auroc(g.oof, y) - best);
      plainGap.push(auroc(crossfitLogistic(rows, y, createRng(seed), { k }).oof, y) - best);
      dropped.push([...g.finalChoice.dropped]);
    }
  }

  it('does not fall below the best single signal on average, where the plain combiner does', () => {
    expect(mean(guardedGap)).toBeGreaterThan(-0.005);
    expect(mean(plainGap)).toBeLessThan(mean(guardedGap));
  });

  it('never falls far below it on any pool', () => {
    expect(Math.min(...guardedGap)).toBeGreaterThan(-0.04);
  });

  it('drops the constant signal every time', () => {
    for (const d of dropped) expect(d).toContain(1);
  });
});

describe('crossfitGuarded by group, with a signal that only tells groups apart', () => {
  // 10 groups of 40 questions with their own accuracy (0.55–0.95); the second signal is a per-group
  // constant (plus jitter) unrelated to that accuracy: across a few training groups it can look
  // predictive, but it carries nothing to a held-out group.
  const gaps: number[] = [];
  const plainGaps: number[] = [];
  for (let seed = 1; seed <= 12; seed++) {
    const rng = createRng(seed);
    const rows: number[][] = [];
    const y: number[] = [];
    const group: string[] = [];
    for (let k = 0; k < 10; k++) {
      const accuracy = 0.55 + 0.4 * rng.next();
      const signature = rng.next();
      for (let i = 0; i < 40; i++) {
        const yi = rng.next() < accuracy ? 1 : 0;
        let votes = 0;
        for (let v = 0; v < 8; v++) votes += rng.next() < (yi ? 0.8 : 0.45) ? 1 : 0;
        rows.push([votes / 8, signature + 0.05 * rng.next()]);
        y.push(yi);
        group.push(`g${k}`);
      }
    }
    const best = auroc(
      rows.map((r) => r[0]!),
      y,
    );
    gaps.push(auroc(crossfitGuarded(rows, y, createRng(seed), { group }).oof, y) - best);
    plainGaps.push(auroc(crossfitLogistic(rows, y, createRng(seed), { group }).oof, y) - best);
  }

  it('stays at the informative signal, leave-one-group-out, where the plain combiner loses', () => {
    expect(mean(gaps)).toBeGreaterThan(-0.003);
    expect(Math.min(...gaps)).toBeGreaterThan(-0.01);
    expect(mean(plainGaps)).toBeLessThan(mean(gaps));
  });

  it('rejects a group list of the wrong length', () => {
    expect(() => fitGuardedCombiner([[0], [1], [2]], [0, 1, 1], createRng(1), { group: ['a', 'b'] })).toThrow(RangeError);
  });
});

describe('crossfitGuarded by group, with two nearly tied signals whose merit swaps from group to group', () => {
  // 11 groups of 60–180 questions with their own accuracy (0.45–0.85), like databases: a text
  // agreement share (42 votes, ties) and a verifier score scored by a different model per group (its
  // own offset). Which of the two ranks better differs by group; over all questions they are about
  // equal. A fold that anchors on the other signal, or keeps a combination that only some training
  // groups favour, is spliced into a pooled ranking it does not fit.
  const gaps: number[] = [];
  const anchors: { final: number | null; folds: (number | null)[] }[] = [];
  for (let seed = 1; seed <= 8; seed++) {
    const rng = createRng(100 + seed);
    const rows: number[][] = [];
    const y: number[] = [];
    const group: string[] = [];
    for (let k = 0; k < 11; k++) {
      const accuracy = 0.45 + 0.4 * rng.next();
      const n = 60 + Math.floor(120 * rng.next());
      const agreementGap = 0.35 * rng.next();
      const verifierGap = 1.2 * rng.next();
      const offset = rng.next() - 0.5;
      for (let i = 0; i < n; i++) {
        const yi = rng.next() < accuracy ? 1 : 0;
        let votes = 0;
        for (let v = 0; v < 42; v++) votes += rng.next() < 0.35 + (yi ? agreementGap : 0) ? 1 : 0;
        const noise = rng.next() + rng.next() + rng.next() - 1.5;
        rows.push([votes / 42, offset + (yi ? verifierGap : 0) + noise]);
        y.push(yi);
        group.push(`g${k}`);
      }
    }
    const best = Math.max(
      auroc(
        rows.map((r) => r[0]!),
        y,
      ),
      auroc(
        rows.map((r) => r[1]!),
        y,
      ),
    );
    const g = crossfitGuarded(rows, y, createRng(seed), { group });
    gaps.push(auroc(g.oof, y) - best);
    anchors.push({ final: g.finalChoice.anchor, folds: g.choices.map((c) => c.anchor) });
  }

  it('anchors every fold on the all-questions anchor, so a fold that keeps it alone ranks as the signal does', () => {
    for (const a of anchors) for (const f of a.folds) expect(f).toBe(a.final);
  });

  it('does not fall meaningfully below the better of the two, leave-one-group-out', () => {
    expect(mean(gaps)).toBeGreaterThan(-0.01);
    expect(Math.min(...gaps)).toBeGreaterThan(-0.02);
  });
});

describe('fitGuardedCombiner choices', () => {
  it('falls back to the informative signal alone: zero weight on noise and constant', () => {
    const { rows, y } = pool(300, createRng(3));
    const { model, choice } = fitGuardedCombiner(rows, y, createRng(1));
    expect(choice.kind).toBe('single');
    expect(choice.anchor).toBe(0);
    expect(model.weights[0]).toBeGreaterThan(0);
    expect(model.weights[1]).toBe(0);
    expect(model.weights[2]).toBe(0);
  });

  it('keeps the combination when a second signal carries its own information', () => {
    // A fourth column that sees the label through independent noise.
    const rng = createRng(4);
    const { rows, y } = pool(400, createRng(5), (yi) => yi + 0.8 * (rng.next() + rng.next() + rng.next() - 1.5) * 2);
    const g = crossfitGuarded(rows, y, createRng(1), { k: 5 });
    expect(g.finalChoice.kind).toBe('combined');
    const best = Math.max(
      auroc(
        rows.map((r) => r[0]!),
        y,
      ),
      auroc(
        rows.map((r) => r[3]!),
        y,
      ),
    );
    expect(auroc(g.oof, y)).toBeGreaterThan(best + 0.02);
  });

  it('drops a near-constant column (2 of 100 rows off its value)', () => {
    const { rows, y } = pool(100, createRng(6));
    rows.forEach((r, i) => (r[1] = i < 2 ? 0 : 1));
    expect(fitGuardedCombiner(rows, y, createRng(1)).choice.dropped).toContain(1);
  });

  it('is the constant log-odds when the labels are one class', () => {
    const { rows } = pool(20, createRng(7));
    const { model, choice } = fitGuardedCombiner(
      rows,
      rows.map(() => 1),
      createRng(1),
    );
    expect(choice.kind).toBe('constant');
    expect(model.weights.every((w) => w === 0)).toBe(true);
    expect(model.bias).toBeGreaterThan(0);
  });
});

describe('fitLogistic penalties', () => {
  const x = [
    [-1, 0.3],
    [0, -0.2],
    [1, 0.5],
    [2, -0.1],
    [0.5, 0.9],
    [-0.5, -0.7],
  ];
  const y = [0, 0, 1, 1, 1, 0];
  it('all ones is the plain objective', () => {
    const a = fitLogistic(x, y);
    const b = fitLogistic(x, y, { penalties: [1, 1] });
    expect(b.weights).toEqual(a.weights);
    expect(b.bias).toBe(a.bias);
  });
  it('a large multiplier shrinks that weight alone toward zero', () => {
    const f = fitLogistic(x, y, { penalties: [1, 1e6] });
    expect(Math.abs(f.weights[1]!)).toBeLessThan(1e-5);
    expect(f.weights[0]).toBeGreaterThan(0.1);
  });
  it('rejects a wrong length or a negative multiplier', () => {
    expect(() => fitLogistic(x, y, { penalties: [1] })).toThrow(RangeError);
    expect(() => fitLogistic(x, y, { penalties: [1, -1] })).toThrow(RangeError);
  });
});
