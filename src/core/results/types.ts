/** Shared shapes for comparing query results. */
import type { Cell } from '../exec/types.ts';

/**
 * Which published evaluator's labels to give (rules.ts describes each).
 * - `spider`: test-suite-sql-eval's default: DISTINCT removed from both
 *   queries, row order when the gold's text says `order by`, results compared
 *   by its `result_eq` (rows as a multiset, columns matched by content in any
 *   order), on every database of the question's folder.
 * - `spider-keep-distinct`: the same with its `--keep_distinct`.
 * - `bird`: BIRD's `set(pred) == set(gold)` (rows as a set, column order kept,
 *   row order ignored).
 */
export type EquivalenceRule = 'spider' | 'spider-keep-distinct' | 'bird';

/** How a rule compares two results: both `spider` rules as `result_eq`, `bird` as sets. */
export type Comparison = 'spider' | 'bird';

/** The rule used when none is named. */
export const DEFAULT_RULE: EquivalenceRule = 'spider';

/** A result as both rules see it; an `ExecSuccess` is one. Each row has `columns.length` cells. */
export interface ResultTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

/** How to compare or fingerprint results. */
export interface CompareOptions {
  /** Default `spider`. */
  readonly rule?: EquivalenceRule;
  /** `spider` rules only: row order matters (the gold's text says `order by`, spider-text.ts). Default false. */
  readonly ordered?: boolean;
}
