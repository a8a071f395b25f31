/**
 * Plain-text forms of values the UI shows: result cells, probabilities,
 * counts and durations. Pure functions (tested on Node).
 */
import type { Cell } from '../../core/exec/types.ts';

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

/** Characters a result cell shows inline before it is shortened (with "Show all" / "Download"). */
export const CELL_DISPLAY_CHARS = 300;
/** The longest value "Show all" draws in the page; longer ones are offered as a download only. */
export const CELL_EXPAND_CHARS = 100_000;
/** Characters all cells of one result page may show together (each cell gets an equal share, at least {@link CELL_MIN_CHARS}). */
export const PAGE_DISPLAY_CHARS = 40_000;
/** The least a cell shows when a wide page shares {@link PAGE_DISPLAY_CHARS} out. */
export const CELL_MIN_CHARS = 8;

/** A text cut for display: what to draw, and whether and how much was left out. */
export interface ShortText {
  readonly text: string;
  readonly cut: boolean;
  /** Length of the whole text, in UTF-16 code units (what `String.length` says). */
  readonly length: number;
}

/**
 * The first `max` characters of `text` (never splitting a surrogate pair),
 * flagged when something was cut. Drawing a 30-million-character string
 * stalls a tab for seconds; drawing its first few hundred does not.
 *
 * @example
 * shortenText('abcdef', 4); // { text: 'abcd', cut: true, length: 6 }
 */
export function shortenText(text: string, max: number): ShortText {
  if (text.length <= max) return { text, cut: false, length: text.length };
  let end = Math.max(0, Math.floor(max));
  const code = text.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), cut: true, length: text.length };
}

/** Characters of a name (a table, column or alias, a profile) a menu, a title, a label or a line of text shows. */
export const NAME_DISPLAY_CHARS = 80;

/**
 * A name as menus, `<option>`s, titles, chart labels and lines of text show
 * it: at most `max` characters (then `…`), between the Unicode isolates FSI
 * and PDI, so that direction marks inside it (right-to-left overrides) end
 * with it and never turn the text around it. A name of tens of thousands of
 * override characters in an `<option>` froze the tab for 12–225 s; its first
 * 80 cost nothing.
 *
 * @example displayName('books'); // '\u2068books\u2069'
 * @example displayName('x'.repeat(100)).length; // 83: 80 characters, the ellipsis and two isolates
 */
export function displayName(name: string, max = NAME_DISPLAY_CHARS): string {
  return `\u2068${shortName(name, max)}\u2069`;
}

/**
 * A name shortened as {@link displayName} does, without the isolates: for
 * text that is its own element (a table cell, a `<bdi>`), whose direction
 * the element bounds.
 *
 * @example shortName('x'.repeat(100), 10); // 'xxxxxxxxxx…'
 */
export function shortName(name: string, max = NAME_DISPLAY_CHARS): string {
  const s = shortenText(name, max);
  return s.cut ? `${s.text}…` : s.text;
}

/**
 * How many characters each cell of a page may show, so that the page draws
 * at most max({@link PAGE_DISPLAY_CHARS}, cells × {@link CELL_MIN_CHARS}).
 *
 * @example
 * cellDisplayChars(25 * 4); // 300 (a narrow page: the per-cell limit)
 * cellDisplayChars(25 * 400); // 8 (a wide page shares the page budget)
 */
export function cellDisplayChars(cellsOnPage: number): number {
  const share = Math.floor(PAGE_DISPLAY_CHARS / Math.max(1, cellsOnPage));
  return Math.max(CELL_MIN_CHARS, Math.min(CELL_DISPLAY_CHARS, share));
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
