import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { curationReport, dedupeCandidates, formatCurationReport, kindOfSource, mutantsToCandidates, mutationSource } from '../../../src/core/curate/index.ts';

const records: QuestionRecord[] = [
  {
    id: 'dev-0',
    db_id: 'db',
    question: 'q0',
    candidates: [
      { sql: 'SELECT 1', source: 'gold', correct: true },
      { sql: 'SELECT 2', source: 'mutation:alias-rename', correct: true },
      { sql: 'SELECT 3', source: 'mutation:wrong-limit', correct: false },
      { sql: 'SELECT 4', source: 'mutation:wrong-limit', correct: true },
      { sql: 'SELECT x', source: 'mutation:wrong-column', exec_error: 'NO_SUCH_COLUMN' },
    ],
  },
  {
    id: 'dev-1',
    db_id: 'db',
    question: 'q1',
    candidates: [{ sql: 'SELECT 5', source: 'mutation:wrong-limit', correct: false }, { sql: 'SELECT 6' }],
  },
];

describe('curationReport', () => {
  it('counts labels, failures and unlabeled candidates, with shares over their own denominators', () => {
    const r = curationReport(records);
    expect(r).toMatchObject({ questions: 2, candidates: 7, correct: 3, incorrect: 2, failed: 1, unlabeled: 1 });
    expect(r.shareCorrect).toBeCloseTo(3 / 5, 12);
    expect(r.shareFailed).toBeCloseTo(1 / 7, 12);
  });

  it('ranks sources by share correct, NaN last, and marks the intent of mutation kinds', () => {
    const rows = curationReport(records).bySource;
    expect(rows.map((s) => s.source)).toEqual(['gold', 'mutation:alias-rename', 'mutation:wrong-limit', '(none)', 'mutation:wrong-column']);
    const limit = rows.find((s) => s.source === 'mutation:wrong-limit')!;
    expect(limit).toMatchObject({ candidates: 3, correct: 1, incorrect: 2, preserving: false });
    expect(limit.shareCorrect).toBeCloseTo(1 / 3, 12);
    expect(rows.find((s) => s.source === 'mutation:alias-rename')!.preserving).toBe(true);
    expect(rows.find((s) => s.source === 'gold')!.preserving).toBeUndefined();
    expect(rows.find((s) => s.source === 'mutation:wrong-column')!.shareCorrect).toBeNaN();
  });

  it('counts a merged candidate once under each of its sources', () => {
    const merged = dedupeCandidates([
      { sql: 'SELECT a FROM t', source: 'gold', correct: true },
      { sql: 'select a from t', source: 'mutation:join-to-comma', correct: true },
    ]);
    const r = curationReport([{ id: 'x', db_id: 'db', question: 'x', candidates: merged }]);
    expect(r.candidates).toBe(1);
    expect(r.bySource.map((s) => [s.source, s.candidates])).toEqual([
      ['gold', 1],
      ['mutation:join-to-comma', 1],
    ]);
  });

  it('reports an empty set as NaN shares, printed as n/a', () => {
    const r = curationReport([]);
    expect(r.shareCorrect).toBeNaN();
    expect(r.shareFailed).toBeNaN();
    expect(formatCurationReport(r)).toContain('n/a');
  });

  it('prints one table row per source', () => {
    const text = formatCurationReport(curationReport(records));
    expect(text).toContain('| mutation:wrong-limit | near miss | 3 | 1 | 2 | 0 | 33.3% | 0.0% |');
    expect(text).toContain('| mutation:alias-rename | preserving |');
  });

  it('stores mutants under mutation:<kind> sources', () => {
    const c = mutantsToCandidates([{ sql: 'SELECT 1', kind: 'wrong-limit', preserving: false }]);
    expect(c).toEqual([{ sql: 'SELECT 1', source: mutationSource('wrong-limit') }]);
    expect(kindOfSource(c[0]!.source!)).toBe('wrong-limit');
    expect(kindOfSource('gold')).toBeNull();
  });
});
