/**
 * What signals read: one question with its N sampled candidates, already
 * executed, as plain data. Signals never execute SQL themselves.
 */
import type { CandidateEvidence } from '../evidence/types.ts';
import type { ExecErrorCode } from '../exec/types.ts';
import type { Schema } from '../schema.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';

/** One candidate's execution: a result fingerprint and row count, or an error code. */
export type CandidateExec =
  | { readonly ok: true; readonly fingerprint: string; readonly rowCount: number }
  | { readonly ok: false; readonly code: ExecErrorCode };

/** One sampled SQL candidate, as the caller built it from its execution. */
export interface CandidateView {
  readonly sql: string;
  readonly exec: CandidateExec;
  /** Mean per-token log-probability of the sampled completion. */
  readonly logprob?: number;
  /** Per-candidate verifier scores (`orm`, `judge`, …), higher = more likely correct. */
  readonly scores?: Readonly<Record<string, number>>;
  /** sql.js `Statement.getNormalizedSQL()` of `sql`, the structural fallback when no parser dialect reads it. */
  readonly normalizedSql?: string | null;
  /**
   * `sql` already analysed against the question's schema (`analyzeSql`, e.g.
   * in a worker thread): the signals and strategies then read its normalized
   * text, structure key and usage from here and parse nothing. Absent: they
   * normalize and parse `sql` themselves.
   */
  readonly analysis?: SqlAnalysis;
  /** What its result shows (core/evidence), where it was read: a verifier reading evidence scores it. */
  readonly evidence?: CandidateEvidence;
}

/** One question and its candidates, in sampling order. */
export interface QuestionView {
  readonly question: string;
  readonly evidence?: string;
  readonly schema?: Schema;
  readonly candidates: readonly CandidateView[];
}

/**
 * A partition of the candidates. `of[i]` is candidate i's cluster id (-1 when
 * it belongs to none); `members[k]` lists cluster k's candidates ascending,
 * and clusters are numbered in order of their first member.
 */
export interface Clustering {
  readonly of: readonly number[];
  readonly members: readonly (readonly number[])[];
}

/**
 * The clusters of one question, computed once and shared by all signals.
 * `modal` is the first candidate of the largest string cluster (ties: the
 * cluster whose first member comes first); -1 when there are no candidates.
 */
export interface AnswerClusters {
  readonly n: number;
  /** `normalizeSql` of each candidate. */
  readonly normalized: readonly string[];
  /** `structureKey` of each candidate, and whether it came from a parse. */
  readonly structureKeys: readonly string[];
  readonly parsed: readonly boolean[];
  /** Equal normalized strings. */
  readonly strings: Clustering;
  /** Equal structure keys. */
  readonly structures: Clustering;
  /** Equal result fingerprints; a failed execution is in no cluster. */
  readonly executions: Clustering;
  readonly modal: number;
}

/**
 * A correctness signal about one candidate as a question's answer: the modal
 * one for the question's signals, each in turn when every candidate is scored
 * as the answer (`subject`, an index into `q.candidates`). Higher means more
 * likely correct. `compute` returns null when the signal is missing for this
 * question (never a silent 0); a subject of -1 (no candidates) is missing too.
 */
export interface Signal {
  readonly name: string;
  readonly description: string;
  /** A few plain words for a decision's reasons ("samples returning the same result"). */
  readonly phrase: string;
  /** What it measures in a person's words, for Evaluate's signal table. */
  readonly words: string;
  readonly higherIsBetter: true;
  compute(q: QuestionView, c: AnswerClusters, subject: number): number | null;
}
