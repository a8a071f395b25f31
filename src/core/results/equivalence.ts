/**
 * Execution equivalence of two query results under a published rule.
 *
 * `spider` and `spider-keep-distinct` (test-suite-sql-eval's `result_eq`):
 * two empty results are equal whatever their columns; otherwise row counts and
 * column counts must agree, and some column permutation must make the rows
 * equal as a multiset, or as a sequence when `ordered` (the gold's text says
 * `order by`, see spider-text.ts). Duplicate rows count. (`result_eq` first
 * compares each row's values sorted by Python's `str(x) + str(type(x))`;
 * a necessary condition, except that it tells 1 from 1.0 where the sort puts
 * them apart: SQLite hands both as one JS number here, so that rare case,
 * an INTEGER in one result where the other has the same REAL, is equal here.)
 *
 * `bird` (BIRD's `set(predicted) == set(gold)`): the sets of row tuples must
 * be equal; duplicates collapse, column order matters, row order never does,
 * `ordered` is ignored.
 *
 * Cell values compare by `cellKey`: 1 equals 1.0, '1' never equals 1,
 * NULL equals NULL, blobs by hex and length.
 */
import type { Cell } from '../exec/types.ts';
import { CellInterner } from './cell-key.ts';
import { matchColumns } from './column-match.ts';
import { DEFAULT_RULE, type CompareOptions, type ResultTable } from './types.ts';
import { checkTable, comparisonOf } from './rules.ts';

/**
 * True when `candidate` returns the same answer as `gold` under the rule.
 * Symmetric in its arguments. Throws a RangeError for an unknown rule or a
 * row whose width differs from its header.
 *
 * @example
 * const gold = { columns: ['id', 'name'], rows: [[1, 'a'], [2, 'b']] };
 * const cand = { columns: ['name', 'id'], rows: [['b', 2], ['a', 1.0]] };
 * resultsEquivalent(gold, cand);                   // true (spider)
 * resultsEquivalent(gold, cand, { rule: 'bird' }); // false: column order differs
 */
export function resultsEquivalent(gold: ResultTable, candidate: ResultTable, options: CompareOptions = {}): boolean {
  const rule = options.rule ?? DEFAULT_RULE;
  checkTable(gold, rule);
  checkTable(candidate, rule);
  if (gold.rows.length === 0 && candidate.rows.length === 0) return true;
  if (comparisonOf(rule) === 'bird') return sameRowSet(gold, candidate);
  if (gold.rows.length !== candidate.rows.length) return false;
  if (gold.columns.length !== candidate.columns.length) return false;
  return matchColumns(gold, candidate, options.ordered ?? false) !== null;
}

/** BIRD: equal sets of row tuples, column order kept. */
function sameRowSet(a: ResultTable, b: ResultTable): boolean {
  if (a.columns.length !== b.columns.length) return false;
  const ids = new CellInterner();
  const key = (row: readonly Cell[]): string => row.map((cell) => ids.id(cell)).join(',');
  const left = new Set(a.rows.map(key));
  const right = new Set(b.rows.map(key));
  if (left.size !== right.size) return false;
  for (const k of right) if (!left.has(k)) return false;
  return true;
}
