/**
 * A candidate record with the labels of its preparation written back (what
 * `confide label` writes and Evaluate exports).
 */
import type { QuestionRecord } from '../bench/types.ts';
import type { PreparedQuestion } from './types.ts';

/**
 * The record with labels written back: `correct` on each candidate, and
 * `exec_error` where it failed to execute (what `confide label` writes).
 */
export function labeledRecord(record: QuestionRecord, prepared: PreparedQuestion): QuestionRecord {
  return {
    ...record,
    candidates: prepared.candidates.map((c) => {
      const { exec_error: _drop, correct: _old, ...rest } = c.record;
      return {
        ...rest,
        ...(c.correct !== null ? { correct: c.correct } : {}),
        ...(c.outcome.ok ? {} : { exec_error: c.outcome.error.code }),
      };
    }),
  };
}
