/**
 * Verify mode's workflow, the parts without a page: the paste and the source
 * choice kept per database (and refused when too long), and the pool checked
 * again after an edit (copies kept as copies, sources kept, the edit marked).
 */
import { describe, expect, it } from 'vitest';
import { readVerifyDraft, saveVerifyDraft, VERIFY_DRAFT_DATABASES, VERIFY_DRAFT_MAX_CHARS } from '../../src/app/ask/verify-draft.ts';
import { editedPool, poolText } from '../../src/app/ask/edit-pool.ts';
import type { AskResult, CandidateRun } from '../../src/core/pipeline/index.ts';

/** sessionStorage's interface over a Map. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('verify drafts, per database', () => {
  it('keeps each database its own paste and source choice', () => {
    const s = memoryStorage();
    expect(saveVerifyDraft(s, 'planets.sqlite', { text: 'SELECT 1;', source: 'verify' })).toBe(true);
    expect(saveVerifyDraft(s, 'demo.sqlite', { text: '', source: 'replay' })).toBe(true);
    expect(readVerifyDraft(s, 'planets.sqlite')).toEqual({ text: 'SELECT 1;', source: 'verify' });
    expect(readVerifyDraft(s, 'demo.sqlite')).toEqual({ text: '', source: 'replay' });
    expect(readVerifyDraft(s, 'other.sqlite')).toBeNull();
  });

  it('refuses a paste too long to keep, and keeps only the most recent databases', () => {
    const s = memoryStorage();
    expect(saveVerifyDraft(s, 'big.sqlite', { text: 'x'.repeat(VERIFY_DRAFT_MAX_CHARS + 1), source: 'verify' })).toBe(false);
    expect(readVerifyDraft(s, 'big.sqlite')).toBeNull();
    for (let i = 0; i <= VERIFY_DRAFT_DATABASES; i++) saveVerifyDraft(s, `db${i}`, { text: `SELECT ${i};`, source: 'verify' }, i);
    expect(readVerifyDraft(s, 'db0')).toBeNull();
    expect(readVerifyDraft(s, `db${VERIFY_DRAFT_DATABASES}`)?.text).toBe(`SELECT ${VERIFY_DRAFT_DATABASES};`);
  });

  it('reads a damaged store as empty', () => {
    const s = memoryStorage();
    s.setItem('confide.verify-drafts', '{not json');
    expect(readVerifyDraft(s, 'planets.sqlite')).toBeNull();
  });
});

describe('the pool checked again after an edit', () => {
  const run = (index: number, sql: string, extra: Partial<CandidateRun> = {}): CandidateRun => ({
    index,
    sql,
    source: `pasted#${index + 1}`,
    exec: { ok: true, columns: ['x'], rows: [[1]], cut: false, ms: 1 },
    fingerprint: 'f',
    scores: { orm_sql: 0.7 },
    ...extra,
  });
  const result = {
    candidates: [run(0, 'SELECT a FROM t', { copies: 2, paste: 'pasted' }), run(2, 'SELECT b FROM t', { paste: 'pasted', logprob: -0.3 })],
  } as unknown as AskResult;

  it('replaces the edited query (every copy of it), keeps the others with their source, and leaves scores to be computed again', () => {
    const pool = editedPool(result, 0, 'SELECT c FROM t');
    expect(pool).toEqual([
      { sql: 'SELECT c FROM t', source: 'edited', paste: 'pasted' },
      { sql: 'SELECT c FROM t', source: 'edited', paste: 'pasted' },
      { sql: 'SELECT b FROM t', source: 'pasted#3', paste: 'pasted', logprob: -0.3 },
    ]);
  });

  it('writes the pool back as the box reads it: statements, or JSON lines keeping only real source tags', () => {
    const pool = editedPool(result, 1, 'SELECT d FROM t;');
    expect(poolText(pool, false)).toBe('SELECT a FROM t;\n\nSELECT a FROM t;\n\nSELECT d FROM t;');
    expect(
      poolText(
        [
          { sql: 'SELECT 1', source: 'gpt' },
          { sql: 'SELECT 2', source: 'pasted:2', paste: 'pasted' },
        ],
        true,
      ),
    ).toBe('{"sql":"SELECT 1","source":"gpt"}\n{"sql":"SELECT 2"}');
  });
});
