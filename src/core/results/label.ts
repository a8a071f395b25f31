/**
 * Labels one candidate against its gold by execution equivalence, as the
 * benchmarks do: a candidate that fails to execute is incorrect; a gold that
 * fails to execute makes the question unlabelable, which is reported apart.
 * Both outcomes are those of the texts the rule runs (label-text.ts).
 *
 * Under the `spider` rules a text that holds no statement (only comments or
 * `;`, failing here with EMPTY) counts as an empty result: Python's sqlite3,
 * which test-suite-sql-eval executes with, runs it and fetches no rows, so
 * it matches a gold with no rows.
 */
import type { ExecErrorCode, ExecOutcome } from '../exec/types.ts';
import { resultsEquivalent } from './equivalence.ts';
import { DEFAULT_RULE, type EquivalenceRule } from './types.ts';
import { comparisonOf } from './rules.ts';

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
  /** `spider` rules: row order matters (the gold's `LabelText.ordered`). Default false. */
  readonly ordered?: boolean;
}

/**
 * Compares a candidate's execution with the gold's under the rule.
 *
 * @example
 * labelCandidate(goldRun, candRun, { ordered: labelText('spider', goldSql, 'gold')!.ordered });
 * // { correct: true } | { correct: false, exec_error: 'NO_SUCH_COLUMN' } | { correct: false, goldError: 'TIMEOUT' }
 */
export function labelCandidate(gold: ExecOutcome, candidate: ExecOutcome, options: LabelOptions = {}): CandidateLabel {
  const rule = options.rule ?? DEFAULT_RULE;
  const g = asRun(gold, rule);
  const c = asRun(candidate, rule);
  if (!g.ok) return { correct: false, goldError: g.error.code };
  if (!c.ok) return { correct: false, exec_error: c.error.code };
  const ordered = comparisonOf(rule) === 'spider' && options.ordered === true;
  const correct = resultsEquivalent(g, c, { rule, ordered });
  return g.cut || c.cut ? { correct, truncated: true } : { correct };
}

/** The outcome as the rule's evaluator sees it: under `spider` rules, no statement is no rows. */
function asRun(outcome: ExecOutcome, rule: EquivalenceRule): ExecOutcome {
  if (outcome.ok || outcome.error.code !== 'EMPTY' || comparisonOf(rule) !== 'spider') return outcome;
  return { ok: true, columns: [], rows: [], cut: false, ms: outcome.ms };
}
