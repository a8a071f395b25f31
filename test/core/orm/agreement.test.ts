import { describe, expect, it } from 'vitest';
import { agreementShares, viewAgreement, withAgreement } from '../../../src/core/orm/agreement.ts';
import type { PreparedQuestion } from '../../../src/core/eval/prepare.ts';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';
import { buildClusters } from '../../../src/core/signals/clusters.ts';
import type { CandidateView, QuestionView } from '../../../src/core/signals/types.ts';

const ok = (fingerprint: string): CandidateView['exec'] => ({ ok: true, fingerprint, rowCount: 1 });
// Pool of 5: candidates 0 and 1 are the same text, 2 is the same query written
// with an alias (same structure, same result), 3 another query with the same
// result, 4 fails to execute.
const view: QuestionView = {
  question: 'How many singers?',
  candidates: [
    { sql: 'SELECT count(*) FROM singer', exec: ok('r1') },
    { sql: 'SELECT count(*) FROM singer', exec: ok('r1') },
    { sql: 'SELECT count(*) FROM singer AS T1', exec: ok('r1') },
    { sql: 'SELECT count(singer_id) FROM singer', exec: ok('r1') },
    { sql: 'SELECT count(*) FROM singers', exec: { ok: false, code: 'NO_SUCH_TABLE' } },
  ],
};

describe('agreement shares', () => {
  it('counts, for each candidate, the share of the pool with the same result, structure and text', () => {
    const shares = viewAgreement(view);
    const c = buildClusters(view);
    // Expected values counted by hand from the clusters' keys, independently of agreementShares.
    const count = (keys: readonly (string | null)[], i: number): number => (keys[i] === null ? 0 : keys.filter((k) => k === keys[i]).length / keys.length);
    const execKeys = view.candidates.map((x) => (x.exec.ok ? x.exec.fingerprint : null));
    shares.forEach((s, i) => {
      expect(s.exec_share).toBe(count(execKeys, i));
      expect(s.struct_share).toBe(count(c.structureKeys, i));
      expect(s.string_share).toBe(count(c.normalized, i));
    });
    expect(shares[0]).toEqual({ exec_share: 4 / 5, struct_share: shares[0]!.struct_share, string_share: 2 / 5 });
    expect(shares[4]!.exec_share).toBe(0);
    expect(shares[0]!.struct_share).toBeGreaterThanOrEqual(3 / 5);
  });

  it('gives nothing for an empty pool', () => {
    expect(agreementShares(buildClusters({ question: 'q', candidates: [] }))).toEqual([]);
  });

  it('writes the shares into each candidate record next to its label', () => {
    const record: QuestionRecord = {
      id: 'q1',
      db_id: 'd',
      question: view.question,
      candidates: view.candidates.map((c) => ({ sql: c.sql, scores: { judge: 0.5 } })),
    };
    const prepared = {
      id: 'q1',
      db_id: 'd',
      question: view.question,
      view,
      truncated: false,
      candidates: view.candidates.map((c, i) => ({
        record: record.candidates[i]!,
        outcome: c.exec.ok
          ? { ok: true, columns: ['c'], rows: [[1]], cut: false, ms: 1 }
          : { ok: false, error: { code: 'NO_SUCH_TABLE', message: 'no such table: singers' } },
        correct: i < 4,
      })),
    } as unknown as PreparedQuestion;
    const out = withAgreement(record, prepared);
    const shares = viewAgreement(view);
    out.candidates.forEach((c, i) => {
      expect(c.correct).toBe(i < 4);
      expect(c.scores).toEqual({ judge: 0.5, ...shares[i] });
    });
    expect(out.candidates[4]!.exec_error).toBe('NO_SUCH_TABLE');
  });
});
