/** Shared shapes for comparing query results. */
import type { Cell } from '../exec/types.ts';

/**
 * Which published equivalence rule to apply.
 * - `spider`: test-suite-sql-eval's `result_eq` (rows as a multiset, columns
 *   matched by content in any order, row order only when the gold orders).
 * - `bird`: BIRD's `set(pred) == set(gold)` (rows as a set, column order kept,
 *   row order ignored).
 */
export type EquivalenceRule = 'spider' | 'bird';

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
  /** `spider` only: row order matters (the gold query has a top-level ORDER BY). Default false. */
  readonly ordered?: boolean;
}

/** Throws a RangeError for an unknown rule or a row whose width differs from the header. */
export function checkTable(table: ResultTable, rule: string): void {
  if (rule !== 'spider' && rule !== 'bird') {
    throw new RangeError(`unknown equivalence rule "${rule}": use "spider" or "bird"`);
  }
  const width = table.columns.length;
  for (let r = 0; r < table.rows.length; r++) {
    if (table.rows[r]!.length !== width) {
      throw new RangeError(`row ${r} has ${table.rows[r]!.length} cells but the result has ${width} columns`);
    }
  }
}
