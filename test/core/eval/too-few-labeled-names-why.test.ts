/**
 * Regression: with fewer than two labeled questions, `evaluate` threw a bare
 * RangeError ("need at least 2 labeled questions, got 0"), which the CLI
 * printed with its stack and Evaluate showed without naming the database or
 * the cause (a zip whose database entry was followed by a garbage duplicate:
 * every question skipped as NOT_SQLITE). The error is now TOO_FEW_LABELED,
 * with how many were found and why the others were left out.
 */
import { describe, expect, it } from 'vitest';
import { requireLabeled, skippedReasons, TooFewLabeledError } from '../../../src/core/eval/index.ts';

describe('too few labeled questions', () => {
  it('names each database skipped and its cause, once per database and cause', () => {
    const skipped = [
      { id: 'q1', db_id: 'demo', code: 'NOT_SQLITE', reason: 'the file is not a SQLite database: its first 16 bytes are not "SQLite format 3".' },
      { id: 'q2', db_id: 'demo', code: 'NOT_SQLITE', reason: 'the file is not a SQLite database: its first 16 bytes are not "SQLite format 3".' },
      { id: 'q3', db_id: 'other', code: 'TOO_LARGE', reason: 'other.sqlite inflates past 1 GB' },
    ];
    let thrown: unknown;
    try {
      requireLabeled([], skippedReasons(skipped));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(TooFewLabeledError);
    const e = thrown as TooFewLabeledError;
    expect(e.code).toBe('TOO_FEW_LABELED');
    expect(e.found).toBe(0);
    expect(e.message).toContain('found 0 labeled questions');
    expect(e.message).toContain('2 record(s) on database demo skipped: NOT_SQLITE: the file is not a SQLite database');
    expect(e.message).toContain('1 record(s) on database other skipped: TOO_LARGE: other.sqlite inflates past 1 GB');
  });

  it('is quiet with two labeled questions', () => {
    const q = (id: string) => ({ id, db_id: 'd', question: 'q', view: { question: 'q', candidates: [] }, candidates: [{ correct: true }], truncated: false });
    expect(() => requireLabeled([q('a'), q('b')] as never)).not.toThrow();
    expect(() => requireLabeled([q('a')] as never)).toThrow(/found 1 labeled question\b/);
  });
});
