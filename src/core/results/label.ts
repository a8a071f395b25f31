/**
 * Labels one candidate against its gold by execution equivalence, as the
 * benchmarks do: a candidate that fails to execute is incorrect; a gold that
 * fails to execute makes the question unlabelable, which is reported apart.
 */
import type { ExecErrorCode, ExecOutcome } from '../exec/types.ts';
import { resultsEquivalent } from './equivalence.ts';
import { hasOrderBy } from './order-by.ts';
import { DEFAULT_RULE, type EquivalenceRule } from './types.ts';

/** The label of one candidate. */
export interface CandidateLabel {
  readonly correct: boolean;
  /** The candidate failed to execute (then `correct` is false). */
  readonly exec_error?: ExecErrorCode;
  /** The gold failed to execute (then `correct` is false and means "unknown"). */
  readonly goldError?: ExecErrorCode;
  /**
   * A row cap cut the gold or the candidate result, so the comparison saw
   * only the first rows: a "correct" may be wrong. Absent when neither was cut.
   */
  readonly truncated?: true;
}

/** Options for {@link labelCandidate}. */
export interface LabelOptions {
  /** Default `spider`. */
  readonly rule?: EquivalenceRule;
  /** The gold SQL; under `spider`, row order matters when it has a top-level ORDER BY. */
  readonly goldSql: string;
  /** Whether the gold has a top-level ORDER BY, when the caller scanned it already (one scan per question, not per candidate). */
  readonly goldOrdered?: boolean;
}

/**
 * Compares a candidate's execution with the gold's under the rule.
 *
 * @example
 * labelCandidate(goldRun, candRun, { goldSql: 'SELECT name FROM singer ORDER BY age' });
 * // { correct: true } | { correct: false, exec_error: 'NO_SUCH_COLUMN' } | { correct: false, goldError: 'TIMEOUT' }
 */
export function labelCandidate(gold: ExecOutcome, candidate: ExecOutcome, options: LabelOptions): CandidateLabel {
  if (!gold.ok) return { correct: false, goldError: gold.error.code };
  if (!candidate.ok) return { correct: false, exec_error: candidate.error.code };
  const rule = options.rule ?? DEFAULT_RULE;
  const ordered = rule === 'spider' && (options.goldOrdered ?? hasOrderBy(options.goldSql));
  const correct = resultsEquivalent(gold, candidate, { rule, ordered });
  return gold.cut || candidate.cut ? { correct, truncated: true } : { correct };
}
