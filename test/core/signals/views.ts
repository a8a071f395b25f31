/** Hand-made candidate views for signal and selection tests. */
import type { ExecErrorCode } from '../../../src/core/exec/types.ts';
import type { CandidateView, QuestionView } from '../../../src/core/signals/types.ts';

/** A candidate that executed: result fingerprint `fp`, `rows` rows. */
export const ok = (sql: string, fp: string, rows = 1, extra: Partial<CandidateView> = {}): CandidateView => ({
  sql,
  exec: { ok: true, fingerprint: fp, rowCount: rows },
  ...extra,
});

/** A candidate that failed with `code`. */
export const fail = (sql: string, code: ExecErrorCode = 'NO_SUCH_COLUMN', extra: Partial<CandidateView> = {}): CandidateView => ({
  sql,
  exec: { ok: false, code },
  ...extra,
});

/** A question view over `candidates`. */
export const view = (candidates: CandidateView[], question = 'What are the names of singers older than 30?'): QuestionView => ({
  question,
  candidates,
});
