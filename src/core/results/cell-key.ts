/**
 * Value equality for result cells, shared by both equivalence rules, as one
 * canonical string per cell: two cells are equal exactly when their keys are.
 *
 * Convention (test-suite-sql-eval and BIRD compare Python values the same way):
 * numbers compare numerically (1 equals 1.0, and -0 equals 0), text never
 * equals a number ('1' is not 1), NULL equals NULL, blobs compare by their hex
 * prefix and byte length (what {@link BlobCell} carries; hex case ignored).
 */
import type { Cell } from '../exec/types.ts';

/**
 * The canonical key of one cell: a type tag, then the value.
 *
 * @example
 * cellKey(1) === cellKey(1.0);  // true
 * cellKey('1') === cellKey(1);  // false
 * cellKey(null);                // 'N'
 */
export function cellKey(cell: Cell): string {
  if (cell === null) return 'N';
  if (typeof cell === 'number') return 'I' + numberKey(cell);
  if (typeof cell === 'string') return 'S' + cell;
  return 'B' + cell.bytes + ':' + cell.blob.toLowerCase();
}

/**
 * Two cells are equal under the shared value convention.
 *
 * @example
 * cellsEqual(2, 2.0); // true
 */
export function cellsEqual(a: Cell, b: Cell): boolean {
  return cellKey(a) === cellKey(b);
}

function numberKey(n: number): string {
  // String() is the shortest round-trip form: injective on doubles except -0.
  return n === 0 ? '0' : String(n);
}

/**
 * Interns cell keys as small integers, so the column matcher compares
 * integers instead of strings. One interner must serve both results compared.
 *
 * @example
 * const ids = new CellInterner();
 * ids.id(1) === ids.id(1.0); // true
 */
export class CellInterner {
  private readonly ids = new Map<string, number>();

  /** How many distinct values have been seen. */
  get size(): number {
    return this.ids.size;
  }

  id(cell: Cell): number {
    const key = cellKey(cell);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }
}
