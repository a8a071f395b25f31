/**
 * Plain-text forms of values the UI shows: result cells, probabilities,
 * counts and durations. Pure functions (tested on Node).
 */
import type { Cell } from '../core/exec/types.ts';

/**
 * A result cell as text: NULL for null, numbers as JavaScript prints them,
 * blobs as `x'<hex>…' (<n> bytes)`.
 *
 * @example
 * formatCell(null); // 'NULL'
 * formatCell({ blob: '00ff', bytes: 2 }); // "x'00ff' (2 bytes)"
 */
export function formatCell(cell: Cell): string {
  if (cell === null) return 'NULL';
  if (typeof cell === 'number' || typeof cell === 'string') return String(cell);
  const more = cell.bytes * 2 > cell.blob.length ? '…' : '';
  return `x'${cell.blob}${more}' (${cell.bytes} bytes)`;
}

/**
 * A probability as a whole percentage ("83%"), "n/a" for NaN or null.
 *
 * @example formatPercent(0.834); // '83%'
 */
export function formatPercent(p: number | null | undefined, digits = 0): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return 'n/a';
  return `${(p * 100).toFixed(digits)}%`;
}

/**
 * A number with `digits` decimals, "n/a" for NaN or null (reports show NaN as such).
 *
 * @example formatNumber(0.81234, 3); // '0.812'
 */
export function formatNumber(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  return x.toFixed(digits);
}

/**
 * "1 row", "12 rows", "1,234 rows".
 *
 * @example plural(1, 'candidate'); // '1 candidate'
 */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}

/**
 * A duration in ms as "85 ms" or "2.3 s".
 *
 * @example formatMs(2300); // '2.3 s'
 */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
