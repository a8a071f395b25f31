/**
 * A file where one question has more candidates than the rest stopped the
 * evaluation ("fitGuardedCombiner: no rows"): the band "9 or more" had rows
 * from one question, so one fold had nothing to train on. Now a band is fit
 * only where the pools give rows for it, and the last band fit stands in for
 * the rest, in the profile and in the report's words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bandsReached, MIN_BAND_QUESTIONS } from '../../../src/core/eval/band-reach.ts';
import { POOL_BANDS } from '../../../src/core/eval/pool-bands.ts';
import type { PreparedQuestion } from '../../../src/core/eval/prepare.ts';
import { evaluate } from '../../../src/core/eval/report.ts';
import { reportTables } from '../../../src/core/eval/tables.ts';
import { checkProfile } from '../../../src/core/profile-check.ts';
import { bandFor, profileProbability } from '../../../src/core/profile.ts';
import { demoPrepared } from './demo-prepared.ts';

const BIG = [9, 12, 16, 17, 33, 40, 100, 1000];

describe('pools of different sizes', () => {
  let eights: PreparedQuestion[];
  beforeAll(async () => {
    eights = (await demoPrepared(1, 8)).prepared;
  });

  it.each(BIG)(
    'one question with %i candidates beside pools of 8: evaluated, every pool size covered, and the profile says which band stands in',
    async (big) => {
      const odd = (await demoPrepared(1, (i) => (i === 3 ? big : 8))).prepared[3]!;
      expect(odd.candidates).toHaveLength(big);
      const prepared = eights.map((q, i) => (i === 3 ? odd : q));
      const report = evaluate(prepared, { bootstrap: 50, seed: 3, draws: 5 });
      const bands = report.profile.bands;
      expect(bands.map((b) => [b.min, b.max])).toEqual([
        [1, 1],
        [2, 2],
        [3, 4],
        [5, null],
      ]);
      expect(bands.at(-1)!.fit?.stands_in_for).toEqual([{ min: 9, max: null, questions: 1 }]);
      expect(bands.at(-1)!.fit?.sizes).toEqual([5, 6, 7, 8, big]);
      for (let n = 1; n <= big; n++) expect(bandFor(report.profile, n), `pool of ${n}`).not.toBeNull();
      expect(Number.isFinite(profileProbability(report.profile, report.per_question[3]!.signals, big))).toBe(true);
      const title = reportTables(report).find((t) => t.id === 'by-pool-size')!.title;
      expect(title).toContain('pools of 9 or more queries (1 question reached them), too few for a band of their own, use the 5 or more queries band');
      const checked = checkProfile(JSON.parse(JSON.stringify(report.profile)));
      expect(checked.ok && checked.profile.bands.at(-1)!.fit?.stands_in_for).toEqual([{ min: 9, max: null, questions: 1 }]);
    },
  );

  it('a band that enough questions reach is fit on its own and stands in for nothing', async () => {
    const twelves = (await demoPrepared(1, (i) => (i < 12 ? 12 : 8))).prepared;
    const report = evaluate(twelves, { bootstrap: 50, seed: 3, draws: 5 });
    expect(report.profile.bands.map((b) => [b.min, b.max])).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
      [5, 8],
      [9, null],
    ]);
    expect(report.profile.bands.every((b) => b.fit?.stands_in_for === undefined)).toBe(true);
    expect(reportTables(report).find((t) => t.id === 'by-pool-size')!.title).not.toContain('too few');
  });
});

describe('bandsReached', () => {
  const fold = (n: number, f: (q: number) => number) => ({ fold: Int32Array.from({ length: n }, (_, q) => f(q)), folds: 2 });

  it("needs some questions reaching a band in every fold's training part", () => {
    // Twelve questions reach 9, all in fold 0: fold 0's training part has none of them.
    const sizes = Array.from({ length: 40 }, (_, q) => (q < 12 ? 12 : 8));
    const lopsided = bandsReached(
      POOL_BANDS,
      sizes,
      fold(40, (q) => (q < 12 ? 0 : q % 2)),
    );
    expect(lopsided.fit.map((b) => b.min)).toEqual([1, 2, 3, 5]);
    expect(lopsided.standIns).toEqual([{ min: 9, max: null, questions: 12 }]);
    const spread = bandsReached(
      POOL_BANDS,
      sizes,
      fold(40, (q) => q % 2),
    );
    expect(spread.fit.map((b) => b.min)).toEqual([1, 2, 3, 5, 9]);
    expect(spread.standIns).toEqual([]);
  });

  it(`needs ${MIN_BAND_QUESTIONS} questions, or every question of the run`, () => {
    const few = Array.from({ length: 40 }, (_, q) => (q < MIN_BAND_QUESTIONS - 1 ? 9 : 4));
    expect(
      bandsReached(
        POOL_BANDS,
        few,
        fold(40, (q) => q % 2),
      ).standIns,
    ).toEqual([
      { min: 5, max: 8, questions: MIN_BAND_QUESTIONS - 1 },
      { min: 9, max: null, questions: MIN_BAND_QUESTIONS - 1 },
    ]);
    // A run of four questions, all with 9: every band is reached by every question.
    expect(
      bandsReached(
        POOL_BANDS,
        [9, 9, 9, 9],
        fold(4, (q) => q % 2),
      ).fit,
    ).toHaveLength(5);
  });

  it('spreads the open band up to the pool that enough questions reach, not to one outlier', () => {
    const sizes = Array.from({ length: 40 }, (_, q) => (q === 0 ? 1000 : 8));
    expect(
      bandsReached(
        POOL_BANDS,
        sizes,
        fold(40, (q) => q % 2),
      ).reach,
    ).toBe(8);
  });
});
