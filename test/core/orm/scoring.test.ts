/**
 * The reward model's one scoring contract: an evaluation's questions
 * (scorePreparedQuestions) get each question's distinct rows in
 * whole-question batches, a failure of the scorer returned as it came (no
 * half-scored run), progress after each batch; Ask's verifier scores its one
 * question the same way.
 */
import { describe, expect, it } from 'vitest';
import type { PreparedQuestion } from '../../../src/core/eval/prepare.ts';
import { scorePreparedQuestions } from '../../../src/core/orm/scoring.ts';
import type { OrmItem } from '../../../src/core/orm/featurize.ts';
import type { CandidateRun } from '../../../src/core/pipeline/types.ts';
import { buildClusters } from '../../../src/core/signals/clusters.ts';
import { ormVerifier } from '../../../src/engines/orm/verifier.ts';

function question(id: string, sqls: readonly string[], ...more: readonly { sql: string }[]): PreparedQuestion {
  const all = [...sqls, ...more.map((m) => m.sql)];
  return {
    id,
    db_id: 'db',
    question: `question ${id}`,
    truncated: false,
    view: { question: `question ${id}`, candidates: all.map((sql) => ({ sql, exec: { ok: true, fingerprint: sql, rowCount: 1 } })) },
    candidates: all.map((sql) => ({ record: { sql }, outcome: { ok: true, columns: ['x'], rows: [[1]], cut: false, ms: 0 } as never, correct: true })),
  };
}

const prepared = [question('a', ['SELECT 1', 'SELECT 1', 'SELECT 2']), question('b', ['SELECT 3']), question('c', ['SELECT 4', 'SELECT 5'])];
/** A score that tells the forms apart: 0.5 plus a tenth when agreement is given. */
const byForm = (items: readonly OrmItem[]) =>
  Promise.resolve({ ok: true as const, scores: items.map((it) => 0.5 + (it.agreement ? 0.1 : 0) + it.sql.length / 1000) });

describe('scorePreparedQuestions', () => {
  it('gives orm (with agreement in pools of two or more) and orm_sql (without) to every candidate', async () => {
    const calls: number[] = [];
    const r = await scorePreparedQuestions(prepared, true, (items) => (calls.push(items.length), byForm(items)), { batchRows: 4 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const a = r.prepared[0]!.view.candidates.map((c) => c.scores);
    expect(a[0]!.orm).toBeCloseTo(0.608, 6);
    expect(a[0]!.orm_sql).toBeCloseTo(0.508, 6);
    expect(r.prepared[1]!.view.candidates[0]!.scores).toEqual({ orm: r.prepared[1]!.view.candidates[0]!.scores!.orm_sql, orm_sql: expect.closeTo(0.508, 6) });
    // a: 2 distinct SQL × 2 forms; b: one row (a pool of one has no agreement); c: 2 × 2. Batches of whole questions up to 4 rows.
    expect(calls).toEqual([4, 1, 4]);
    expect(r.scored).toBe(9);
    expect(prepared[0]!.view.candidates[0]!.scores).toBeUndefined();
  });

  it('scores a model without agreement once per distinct SQL', async () => {
    const seen: string[] = [];
    const r = await scorePreparedQuestions(prepared, false, (items) => (seen.push(...items.map((i) => i.sql)), byForm(items)));
    expect(seen).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3', 'SELECT 4', 'SELECT 5']);
    expect(r.ok && r.prepared.every((q) => q.view.candidates.every((c) => c.scores!.orm === c.scores!.orm_sql))).toBe(true);
  });

  it("returns the scorer's failure as data and reports progress after each batch", async () => {
    const progress: number[] = [];
    let calls = 0;
    const r = await scorePreparedQuestions(
      prepared,
      true,
      async (items) => (++calls === 2 ? { ok: false, error: { code: 'ORM_RUN_FAILED', message: 'boom' } } : byForm(items)),
      { batchRows: 4, onProgress: (done) => progress.push(done) },
    );
    expect(r).toEqual({ ok: false, error: { code: 'ORM_RUN_FAILED', message: 'boom' } });
    expect(progress).toEqual([1]);
  });

  it("gives Ask's verifier the same scores as an evaluation of the same question", async () => {
    const q = question('a', ['SELECT 1', 'SELECT 1', 'SELECT 2'], { sql: 'x'.repeat(100_001) });
    const evaluated = await scorePreparedQuestions([q], true, byForm);
    const runs = q.view.candidates.map(
      (c, index): CandidateRun => ({
        sql: c.sql,
        index,
        source: 'pasted',
        exec: { ok: true, columns: ['x'], rows: [[1]], cut: false, ms: 0 },
        fingerprint: null,
        scores: {},
      }),
    );
    const asked = await ormVerifier({ score: byForm as never }).score({
      question: q.question,
      schema: { tables: [] },
      candidates: runs,
      clusters: buildClusters(q.view),
    });
    expect(evaluated.ok && asked.ok).toBe(true);
    if (!evaluated.ok || !asked.ok) return;
    const cands = evaluated.prepared[0]!.view.candidates;
    expect(asked.scores).toEqual([...cands.slice(0, 3).map((c) => c.scores!.orm), null]);
    expect(asked.also?.orm_sql).toEqual([...cands.slice(0, 3).map((c) => c.scores!.orm_sql), null]);
    // A query past MAX_ANALYZED_SQL_CHARS is featurized by neither: its scores are missing.
    expect(cands[3]!.scores).toEqual({});
    expect(cands[0]!.scores!.orm).toBeCloseTo(0.608, 6);
  });
});
