/**
 * Which slice of a long list one page shows. Pages are 0-based; a page past
 * the end clamps to the last one, and an empty list has one empty page.
 */

export interface Page {
  readonly page: number;
  readonly pages: number;
  /** Half-open range [start, end) of item indices on this page. */
  readonly start: number;
  readonly end: number;
}

/**
 * The page `page` of `total` items, `size` per page. RangeError when size is
 * not a positive integer or total is negative.
 *
 * @example
 * pageOf(45, 20, 2); // { page: 2, pages: 3, start: 40, end: 45 }
 * pageOf(45, 20, 9); // clamps to page 2
 */
export function pageOf(total: number, size: number, page: number): Page {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`page size must be a positive integer, got ${size}`);
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`total must be a non-negative integer, got ${total}`);
  const pages = Math.max(1, Math.ceil(total / size));
  const p = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  return { page: p, pages, start: p * size, end: Math.min(total, (p + 1) * size) };
}
