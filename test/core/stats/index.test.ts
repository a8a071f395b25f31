import { describe, expect, it } from 'vitest';
import * as stats from '../../../src/core/stats/index.ts';

describe('the stats index, end to end on synthetic questions', () => {
  // 400 questions; two signals that track correctness, one missing on ~10% of questions.
  const rng = stats.createRng(2026);
  const n = 400;
  const correct = Array.from({ length: n }, () => (rng.next() < 0.45 ? 1 : 0));
  const sc = correct.map((y) => Math.round((0.25 * y + 0.75 * rng.next()) * 8) / 8); // agreement-like, tied
  const judge = correct.map((y) => (rng.next() < 0.1 ? NaN : 0.4 * y + 0.6 * rng.next()));
  const rows = correct.map((_, i) => [sc[i]!, judge[i]!]);

  it('cross-fits a combiner, bootstraps it against its inputs, and reports calibration and selection', () => {
    const fit = stats.crossfitLogistic(rows, correct, stats.createRng(1));
    expect(fit.oof.every((p) => p > 0 && p < 1)).toBe(true);

    const boot = stats.pairedBootstrap({ combined: fit.oof, sc, judge }, correct, stats.createRng(2), { B: 500 });
    expect(boot.signals['combined']!.ci[0]).toBeGreaterThan(0.5);
    expect(boot.signals['judge']!.n).toBe(stats.presentIndices(judge).length);
    expect(boot.paired('combined', 'judge').n).toBe(boot.signals['judge']!.n);

    const cal = stats.calibration(fit.oof, correct);
    expect(cal.bins.reduce((s, b) => s + b.count, 0)).toBe(n);
    expect(cal.ece).toBeLessThan(0.15); // cross-fit logistic on 200 rows per fold is roughly calibrated

    const { cal: c, test: t } = stats.splitHalf(n, stats.createRng(3));
    const sel = stats.selectiveAtRisk(stats.pick(fit.oof, c), stats.pick(correct, c), stats.pick(fit.oof, t), stats.pick(correct, t));
    expect(sel.map((r) => r.target)).toEqual([0.1, 0.2, 0.3, 0.4]);
    const cert = stats.certify(stats.pick(fit.oof, t), stats.pick(correct, t));
    expect(cert.n).toBe(t.length);
    for (const target of cert.targets) if (target.certified) expect(target.upper).toBeLessThanOrEqual(target.target);
  });
});
