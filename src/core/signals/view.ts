/**
 * The one builder of what signals read: a question's view from its
 * candidates' parts. The Ask pipeline builds it from executed runs
 * (pipeline/answers.ts), the evaluation from a candidate file's records,
 * executed and labelled (eval/prepare.ts); both hand their parts here, so a
 * view has the same shape whichever made it.
 */
import type { ExecOutcome } from '../exec/types.ts';
import type { Schema } from '../schema.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';
import type { CandidateExec, CandidateView, QuestionView } from './types.ts';

/** What one candidate's view is made of; a part left undefined is left off the view. */
export interface CandidateParts {
  readonly sql: string;
  readonly exec: CandidateExec;
  readonly logprob?: number | undefined;
  readonly scores?: Readonly<Record<string, number>> | undefined;
  readonly normalizedSql?: string | null | undefined;
  readonly analysis?: SqlAnalysis | undefined;
}

/** What one question's view is made of; `evidence` and `schema` are left off when undefined. */
export interface QuestionParts {
  readonly question: string;
  readonly evidence?: string | undefined;
  readonly schema?: Schema | undefined;
  readonly candidates: readonly CandidateParts[];
}

/**
 * A candidate's execution as signals read it: a success's row count and
 * result fingerprint, or a failure's code. `fingerprint` is the success's
 * fingerprint; or a function that makes it, called once when the view's
 * fingerprint is first read (so a caller that never reads it, like
 * labelling, never pays for it); or null when none was made, and the
 * candidate then counts as failed (SQLITE_ERROR).
 *
 * @example
 * candidateExec(outcome, run.fingerprint);                  // { ok: true, fingerprint: '9f2c…', rowCount: 3 }
 * candidateExec(outcome, () => resultFingerprint(outcome)); // the same, fingerprinted on first read
 */
export function candidateExec(outcome: ExecOutcome, fingerprint: string | null | (() => string)): CandidateExec {
  if (!outcome.ok) return { ok: false, code: outcome.error.code };
  if (fingerprint === null) return { ok: false, code: 'SQLITE_ERROR' };
  if (typeof fingerprint === 'string') return { ok: true, fingerprint, rowCount: outcome.rows.length };
  let made: string | undefined;
  return {
    ok: true,
    rowCount: outcome.rows.length,
    get fingerprint(): string {
      return (made ??= fingerprint());
    },
  };
}

/**
 * The signals' view of one question's candidates, in the order given.
 *
 * @example
 * const view = questionView({ question: 'How many books?', schema, candidates: [{ sql, exec: candidateExec(outcome, fp) }] });
 * computeSignals(view, registry);
 */
export function questionView(parts: QuestionParts): QuestionView {
  return {
    question: parts.question,
    ...(parts.evidence === undefined ? {} : { evidence: parts.evidence }),
    ...(parts.schema === undefined ? {} : { schema: parts.schema }),
    candidates: parts.candidates.map(candidateView),
  };
}

function candidateView(c: CandidateParts): CandidateView {
  return {
    sql: c.sql,
    exec: c.exec,
    ...(c.logprob === undefined ? {} : { logprob: c.logprob }),
    ...(c.scores === undefined ? {} : { scores: c.scores }),
    ...(c.normalizedSql === undefined ? {} : { normalizedSql: c.normalizedSql }),
    ...(c.analysis === undefined ? {} : { analysis: c.analysis }),
  };
}
