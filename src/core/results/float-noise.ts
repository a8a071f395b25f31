/**
 * Numbers a person reads as the same are one result: two ways of computing an
 * average (`AVG(ms) / 60000.0` and `AVG(ms / 60000.0)`) give
 * 6.559986868398515 and 6.559986868398516, which no one would call different
 * answers. For grouping results (fingerprints, hence clusters, agreement
 * signals and Ask's competing answers) a number that is not a whole number is
 * read to {@link NOISE_DIGITS} significant digits. Labels never use this:
 * they stay on the published rules (cell-key.ts).
 *
 * Why 10 digits: a double holds 15–17; summing n values in another order moves
 * the result by about √n units in the 16th digit (n·2⁻⁵³ at worst: 1.1e-10
 * relative for a million rows), so differences past the 10th digit are what
 * evaluation order does, while two answers a person would tell apart differ
 * far earlier. Rounding has edges: two values a hair apart can round to
 * different 10-digit numbers when one of them sits on a rounding boundary
 * (for a difference of 1e-15 relative, about 1 in 100,000 pairs); they are
 * then two groups, as before.
 */
import type { Cell } from '../exec/types.ts';
import { cellKey } from './cell-key.ts';

/** Significant digits a number that is not whole keeps when results are grouped. */
export const NOISE_DIGITS = 10;

/**
 * The cell's key for grouping: `cellKey`, with a number that is not whole
 * read to NOISE_DIGITS significant digits (a value that rounds to a whole
 * number then equals it).
 *
 * @example
 * groupingKey(6.559986868398515) === groupingKey(6.559986868398516); // true
 * groupingKey(3.0000000000000004) === groupingKey(3);                 // true
 * groupingKey(6.56) === groupingKey(6.559986868398515);               // false (rounding is support, not equality)
 */
export function groupingKey(cell: Cell): string {
  if (typeof cell === 'number' && Number.isFinite(cell) && !Number.isInteger(cell)) return cellKey(Number(cell.toPrecision(NOISE_DIGITS)));
  return cellKey(cell);
}
