import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resultsEquivalent } from '../../../src/core/results/equivalence.ts';
import { resultFingerprint } from '../../../src/core/results/fingerprint.ts';
import type { ResultTable } from '../../../src/core/results/types.ts';

// Expected verdicts come from a brute-force Python oracle that tries every
// column permutation: `python3 test/core/results/fixtures/result_eq_oracle.py`.
interface Case {
  name: string;
  gold: ResultTable;
  cand: ResultTable;
  spider: boolean;
  spider_ordered: boolean;
  bird: boolean;
}
const cases = JSON.parse(readFileSync(new URL('./fixtures/result-eq-cases.json', import.meta.url), 'utf8')) as Case[];

describe('equivalence agrees with the brute-force Python oracle', () => {
  it('has a fixture with both verdicts well represented', () => {
    expect(cases.length).toBe(400);
    expect(cases.filter((c) => c.spider).length).toBeGreaterThan(100);
    expect(cases.filter((c) => !c.spider).length).toBeGreaterThan(100);
  });

  const variants = [
    ['spider, unordered', 'spider', { rule: 'spider', ordered: false }],
    ['spider, ordered', 'spider_ordered', { rule: 'spider', ordered: true }],
    ['bird', 'bird', { rule: 'bird' }],
  ] as const;

  for (const [label, key, options] of variants) {
    it(`resultsEquivalent matches every verdict (${label})`, () => {
      const wrong = cases.filter((c) => resultsEquivalent(c.gold, c.cand, options) !== c[key]).map((c) => c.name);
      expect(wrong).toEqual([]);
    });

    it(`fingerprints are equal exactly when the oracle says equivalent (${label}, at most 4 columns)`, () => {
      const wrong = cases.filter((c) => (resultFingerprint(c.gold, options) === resultFingerprint(c.cand, options)) !== c[key]).map((c) => c.name);
      expect(wrong).toEqual([]);
    });
  }
});
