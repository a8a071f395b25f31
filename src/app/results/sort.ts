/**
 * Sorting a whole result in the page, in SQLite's order, for a header click
 * on a result that is all there (not cut at the row cap): NULL first, then
 * numbers by value, then text by code unit, then blobs by their bytes; equal
 * values keep their order (the sort is stable). Pure (tested on Node).
 */
import type { Cell } from '../../core/exec/types.ts';

/** A sort on one column, either way. */
export interface TableSort {
  readonly column: number;
  readonly direction: 'asc' | 'desc';
}

const rank = (c: Cell): number => (c === null ? 0 : typeof c === 'number' ? 1 : typeof c === 'string' ? 2 : 3);

/** A text or blob cell as the string its order follows (a blob's hex keeps its byte order). */
const text = (c: Cell): string => (typeof c === 'string' ? c : c !== null && typeof c === 'object' ? c.blob : '');

/**
 * SQLite's ORDER BY order on two cells (BINARY collation).
 *
 * @example [3, null, 'a', 1].sort(compareCells); // [null, 1, 3, 'a']
 */
export function compareCells(a: Cell, b: Cell): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = text(a);
  const y = text(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The row positions in sorted order (ties keep their order, either way).
 *
 * @example sortedRows([[2], [1], [2]], { column: 0, direction: 'desc' }); // [0, 2, 1]
 */
export function sortedRows(rows: readonly (readonly Cell[])[], sort: TableSort): number[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows.map((_, i) => i).sort((i, j) => sign * compareCells(rows[i]![sort.column] ?? null, rows[j]![sort.column] ?? null) || i - j);
}

/**
 * The sort a click on `column`'s header asks for: ascending, or descending when it was ascending already.
 *
 * @example nextSort({ column: 2, direction: 'asc' }, 2); // { column: 2, direction: 'desc' }
 */
export function nextSort(current: TableSort | null, column: number): TableSort {
  return { column, direction: current?.column === column && current.direction === 'asc' ? 'desc' : 'asc' };
}
