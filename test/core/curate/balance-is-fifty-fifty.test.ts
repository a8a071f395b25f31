import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CandidateRecord, QuestionRecord } from '../../../src/core/bench/types.ts';
import { balance } from '../../../src/core/curate/index.ts';
import { createRng } from '../../../src/core/stats/rng.ts';

const q = (id: string, labels: (boolean | undefined)[]): QuestionRecord => ({
  id,
  db_id: 'db',
  question: id,
  candidates: labels.map((correct, i): CandidateRecord => (correct === undefined ? { sql: `${id}-${i}` } : { sql: `${id}-${i}`, correct })),
});

const count = (qs: readonly QuestionRecord[], label: boolean): number => qs.flatMap((x) => x.candidates).filter((c) => c.correct === label).length;

describe('balance', () => {
  it('balances mixed questions on their own and single-class questions in one global pool', () => {
    const input = [
      q('mixed', [true, false, false, false, undefined]),
      q('allWrong', [false, false, false]),
      q('allRight', [true, true]),
      q('empty', [undefined]),
    ];
    const out = balance(input, createRng(1));
    const byId = Object.fromEntries(out.map((x) => [x.id, x.candidates]));
    // mixed: one of each; pool: 2 right (allRight) against 3 wrong → 2 and 2
    expect(byId.mixed!.map((c) => c.correct).sort()).toEqual([false, true]);
    expect(byId.allRight).toHaveLength(2);
    expect(byId.allWrong).toHaveLength(2);
    expect(byId.empty).toBeUndefined();
    expect(count(out, true)).toBe(count(out, false));
  });

  it('keeps candidates in their original order and is deterministic for a seed', () => {
    const input = [q('a', [false, true, false, true, false, false]), q('b', [false, false])];
    const one = balance(input, createRng(7));
    expect(balance(input, createRng(7))).toEqual(one);
    const a = one.find((x) => x.id === 'a')!.candidates.map((c) => Number(c.sql.split('-')[1]));
    expect(a).toEqual([...a].sort((x, y) => x - y));
  });

  it('always gives equal classes, of the size the policy implies', () => {
    const labels = fc.array(fc.array(fc.option(fc.boolean(), { nil: undefined }), { maxLength: 8 }), { maxLength: 12 });
    fc.assert(
      fc.property(labels, fc.integer(), (qs, seed) => {
        const input = qs.map((ls, i) => q(`q${i}`, ls));
        const out = balance(input, createRng(seed));
        let expected = 0;
        let poolYes = 0;
        let poolNo = 0;
        for (const ls of qs) {
          const yes = ls.filter((l) => l === true).length;
          const no = ls.filter((l) => l === false).length;
          if (yes > 0 && no > 0) expected += Math.min(yes, no);
          else [poolYes, poolNo] = [poolYes + yes, poolNo + no];
        }
        expected += Math.min(poolYes, poolNo);
        expect(count(out, true)).toBe(expected);
        expect(count(out, false)).toBe(expected);
        expect(out.flatMap((x) => x.candidates).every((c) => typeof c.correct === 'boolean')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
