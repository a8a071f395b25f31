import { describe, expect, it } from 'vitest';
import { auroc } from '../../../src/core/stats/auroc.ts';
import { aurocWeighted, presort } from '../../../src/core/stats/auroc-weighted.ts';
import { pairedBootstrap } from '../../../src/core/stats/bootstrap.ts';
import { pick, presentIndices } from '../../../src/core/stats/labels.ts';
import { percentileInterval } from '../../../src/core/stats/quantile.ts';
import { resampleCounts } from '../../../src/core/stats/resample.ts';
import { createRng } from '../../../src/core/stats/rng.ts';
import { loadGolden } from '../../fixtures/stats/load.ts';

const golden = loadGolden();

/**
 * Reference AUROC of one resample, the slow way: expand every question by its
 * multiplicity, sort, assign midranks by scanning tie runs, U = R₁ − n₁(n₁+1)/2.
 */
function bruteForceAuroc(scores: ArrayLike<number>, labels: ArrayLike<number>, counts: ArrayLike<number>): number {
  const rows: [number, number][] = [];
  for (let i = 0; i < scores.length; i++) {
    if (Number.isNaN(scores[i])) continue;
    for (let c = 0; c < counts[i]!; c++) rows.push([scores[i]!, labels[i]!]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let n1 = 0;
  for (let start = 0; start < rows.length; ) {
    let end = start;
    while (end < rows.length && rows[end]![0] === rows[start]![0]) end++;
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) if (rows[k]![1] === 1) (rankSum += rank), n1++;
    start = end;
  }
  const n0 = rows.length - n1;
  if (n1 === 0 || n0 === 0) return NaN;
  return (rankSum - (n1 * (n1 + 1)) / 2) / (n1 * n0);
}

/** The resample stream the bootstrap documents: createRng(rng.nextUint32()), n draws per resample. */
function replayCounts(seed: number, n: number, B: number): Uint32Array[] {
  const stream = createRng(createRng(seed).nextUint32());
  return Array.from({ length: B }, () => resampleCounts(new Uint32Array(n), stream).slice());
}

const base = golden.auroc['random300']!;
const withMissing = golden.auroc['random300missing']!;
const labels = base.labels;
const noisy = base.scores.map((s, i) => s + ((i * 7) % 5) / 10); // a second, weaker signal with ties

describe('aurocWeighted over a presorted order', () => {
  it('equals the midrank AUROC with unit weights and ignores zero-weight questions', () => {
    const p = presort(withMissing.scores, labels);
    expect(aurocWeighted(p, new Float64Array(labels.length).fill(1))).toBe(auroc(withMissing.scores, labels));
    const w = labels.map((_, i) => (i % 3 === 0 ? 0 : 1));
    const keep = labels.map((_, i) => i).filter((i) => i % 3 !== 0);
    expect(aurocWeighted(p, w)).toBe(auroc(pick(withMissing.scores, keep), pick(labels, keep)));
  });
});

describe('pairedBootstrap', () => {
  const B = 200;
  const result = pairedBootstrap({ base: base.scores, noisy, missing: withMissing.scores }, labels, createRng(11), { B });
  const counts = replayCounts(11, labels.length, B);

  it('agrees exactly with a sort-per-resample reference on the same resample weights', () => {
    for (const [name, scores] of [
      ['base', base.scores],
      ['noisy', noisy],
      ['missing', withMissing.scores],
    ] as const) {
      const fast = result.replicates(name);
      const slow = counts.map((c) => bruteForceAuroc(scores, labels, c));
      expect(Array.from(fast)).toEqual(slow);
      expect(result.signals[name]!.ci).toEqual(percentileInterval(slow, 0.95));
    }
  });

  it('pairs two signals on the questions where both are present, on the same resamples', () => {
    const both = presentIndices(withMissing.scores, noisy);
    const p = result.paired('missing', 'noisy');
    expect(p.n).toBe(both.length);
    expect(p.diff).toBe(auroc(pick(withMissing.scores, both), pick(labels, both)) - auroc(pick(noisy, both), pick(labels, both)));
    const mask = (c: Uint32Array): number[] => Array.from(c, (k, i) => (Number.isNaN(withMissing.scores[i]) ? 0 : k));
    const slow = counts.map((c) => bruteForceAuroc(withMissing.scores, labels, mask(c)) - bruteForceAuroc(noisy, labels, mask(c)));
    expect(p.ci).toEqual(percentileInterval(slow, 0.95));
  });

  it('gives a difference of exactly 0 with CI [0, 0] for a signal against itself', () => {
    for (const name of ['base', 'missing']) {
      const p = result.paired(name, name);
      expect(p.diff).toBe(0);
      expect(p.ci).toEqual([0, 0]);
    }
  });

  it('has an interval containing the point estimate in a well-behaved case', () => {
    const s = result.signals['base']!;
    expect(s.auroc).toBe(auroc(base.scores, labels));
    expect(s.ci[0]).toBeLessThan(s.auroc);
    expect(s.ci[1]).toBeGreaterThan(s.auroc);
    expect(s.skipped).toBe(0);
    const d = result.paired('base', 'noisy');
    expect(d.ci[0]).toBeLessThanOrEqual(d.diff);
    expect(d.ci[1]).toBeGreaterThanOrEqual(d.diff);
    expect(result.paired('noisy', 'base').diff).toBe(-d.diff);
  });

  it('is deterministic for a fixed seed and changes with the seed', () => {
    const again = pairedBootstrap({ base: base.scores, noisy }, labels, createRng(11), { B });
    expect(again.signals['base']).toEqual(result.signals['base']);
    expect(again.paired('base', 'noisy')).toEqual(result.paired('base', 'noisy'));
    const other = pairedBootstrap({ base: base.scores }, labels, createRng(12), { B });
    expect(other.signals['base']!.ci).not.toEqual(result.signals['base']!.ci);
  });

  it('skips and counts the resamples in which a class is absent (n = 2)', () => {
    const r = pairedBootstrap({ s: [0.2, 0.7] }, [1, 0], createRng(4), { B: 400 });
    const expected = replayCounts(4, 2, 400).filter((c) => c[0] === 0 || c[1] === 0).length;
    expect(r.signals['s']!.skipped).toBe(expected);
    expect(expected).toBeGreaterThan(100); // half the resamples, give or take
    expect(r.signals['s']!.ci).toEqual([0, 0]); // every kept resample ranks the wrong one higher
  });

  it('is NaN throughout when a class is absent (n = 1)', () => {
    const r = pairedBootstrap({ s: [0.5] }, [1], createRng(4), { B: 50 });
    expect(r.signals['s']!.auroc).toBeNaN();
    expect(r.signals['s']!.ci).toEqual([NaN, NaN]);
    expect(r.signals['s']!.skipped).toBe(50);
  });

  it('rejects length mismatches, a bad B and unknown signal names', () => {
    expect(() => pairedBootstrap({ s: [0.1, 0.2] }, [1], createRng(1))).toThrow(RangeError);
    expect(() => pairedBootstrap({ s: [0.1] }, [1], createRng(1), { B: 0 })).toThrow(RangeError);
    expect(() => result.paired('base', 'nope')).toThrow(RangeError);
    expect(() => result.replicates('nope')).toThrow(RangeError);
  });
});
