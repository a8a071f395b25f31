/**
 * A query result as a paginated table. Every cell is a text node (see
 * dom.ts); NULL is marked with a class so it reads differently from the
 * string 'NULL'. The caption gives the row count and says when the row cap
 * cut the result.
 *
 * Drawing is bounded whatever the data: a cell shows at most
 * CELL_DISPLAY_CHARS characters and a page at most PAGE_DISPLAY_CHARS in all
 * (format.ts); a shortened cell says how long it is and offers "Show all"
 * (drawn in the page up to CELL_EXPAND_CHARS) and "Download" (the whole value
 * as a text file). Column names are shortened the same way.
 *
 * Each column header is a button that sorts by that column (ascending, then
 * descending; the header carries `aria-sort`): in the page for a result that
 * is all there, or by asking the caller (`sort`), whose query sorts it, e.g.
 * the table browser's ORDER BY. A result cut at the row cap is not sorted in
 * the page: its order would hide the rows that were cut.
 */
import type { Cell, ExecSuccess } from '../../core/exec/types.ts';
import { el, replace } from '../ui/dom.ts';
import { CELL_DISPLAY_CHARS, cellDisplayChars, plural, shortenText } from '../ui/format.ts';
import { cellElement, cutCellElement } from './cells.ts';
import { type Page, pageOf } from './paging.ts';
import { nextSort, sortedRows, type TableSort } from './sort.ts';

export interface ResultTableOptions {
  /** Rows per page (default 25). */
  readonly pageSize?: number;
  /** Accessible name of the table, e.g. "Result of the answer". */
  readonly label?: string;
  /**
   * Sorting done by the caller's query: the sort in force and what a header
   * click asks for. Without it a whole result sorts in the page.
   */
  readonly sort?: { readonly current: TableSort | null; onSort(next: TableSort): void };
  /** False when the caller says how many rows there are and which are shown (the table browser). */
  readonly summary?: boolean;
  /**
   * Cells the caller's query cut (the table browser reads long values cut,
   * big-cells.ts): a cell's whole length (undefined when it is whole), and
   * its whole value, read when shown or downloaded. Rows are indexes into
   * `result.rows`.
   */
  readonly cutCells?: { length(row: number, column: number): number | undefined; whole(row: number, column: number): Promise<Blob> };
  /** A link for a cell (the table browser's foreign keys: the row it names), or null for none. */
  readonly link?: (row: readonly Cell[], column: number) => { readonly href: string; readonly title: string } | null;
}

/** A drawn table's elements and page state; its parts read and set it as one closure would. */
interface TableView {
  readonly result: ExecSuccess;
  readonly options: ResultTableOptions;
  readonly size: number;
  readonly status: HTMLParagraphElement;
  readonly tableBox: HTMLDivElement;
  readonly prev: HTMLButtonElement;
  readonly next: HTMLButtonElement;
  readonly pager: HTMLDivElement;
  readonly sortable: boolean;
  page: number;
  sort: TableSort | null;
  /** Row positions when sorted in the page. */
  order: number[] | null;
}

/**
 * Renders a result; the returned element keeps its own page state.
 *
 * @example
 * panel.append(resultTable(outcome, { pageSize: 20, label: 'Query result' }));
 */
export function resultTable(result: ExecSuccess, options: ResultTableOptions = {}): HTMLElement {
  const root = el('div', { class: 'result' });
  const prev = el('button', { type: 'button', class: 'pager-prev' }, 'Previous page');
  const next = el('button', { type: 'button', class: 'pager-next' }, 'Next page');
  const t: TableView = {
    result,
    options,
    size: options.pageSize ?? 25,
    status: el('p', { class: 'result-summary', 'aria-live': 'polite' }),
    tableBox: el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': options.label ?? 'Query result' }),
    prev,
    next,
    pager: el('div', { class: 'pager' }, prev, next),
    sortable: options.sort !== undefined || (!result.cut && result.rows.length > 1),
    page: 0,
    sort: options.sort?.current ?? null,
    order: null,
  };
  prev.addEventListener('click', () => {
    t.page -= 1;
    show(t);
  });
  next.addEventListener('click', () => {
    t.page += 1;
    show(t);
  });
  if (options.summary === false) t.status.hidden = true;
  root.append(t.status, t.tableBox, t.pager);
  show(t);
  return root;
}

/** A column's header: its name, a button that sorts by it when the table sorts, `aria-sort` on the sorted one. */
function header(t: TableView, c: string, i: number): HTMLElement {
  const name = shortenText(c, CELL_DISPLAY_CHARS).text;
  const on = t.sort?.column === i;
  const th = el('th', {
    scope: 'col',
    'data-column': i,
    title: c.length > CELL_DISPLAY_CHARS ? `${plural(c.length, 'character')} long` : undefined,
    'aria-sort': on ? (t.sort!.direction === 'asc' ? 'ascending' : 'descending') : undefined,
  });
  if (!t.sortable) {
    th.append(name);
    return th;
  }
  th.append(el('button', { type: 'button', class: 'sort-button', onclick: () => sortBy(t, i) }, name)); // its arrow is drawn by CSS from aria-sort
  return th;
}

/** Sorts by `column` (ascending, then descending): by asking the caller, or in the page from its first page, keeping focus on the header. */
function sortBy(t: TableView, column: number): void {
  const next = nextSort(t.sort, column);
  if (t.options.sort) return t.options.sort.onSort(next);
  t.sort = next;
  t.order = sortedRows(t.result.rows, next);
  t.page = 0;
  show(t);
  t.tableBox.querySelector<HTMLElement>(`th[data-column="${column}"] button`)?.focus();
}

/** Draws the current page, the summary line and the pager. */
function show(t: TableView): void {
  const { result, options } = t;
  const p = pageOf(result.rows.length, t.size, t.page);
  t.page = p.page;
  const head = el('thead', {}, el('tr', {}, ...result.columns.map((c, i) => header(t, c, i))));
  replace(t.tableBox, el('table', {}, el('caption', { class: 'visually-hidden' }, options.label ?? 'Query result'), head, pageBody(t, p)));
  const summary = `${plural(result.rows.length, 'row')}${result.cut ? ' (cut at the row cap; more exist)' : ''}, ${plural(result.columns.length, 'column')}`;
  const range = result.rows.length === 0 ? 'no rows' : `rows ${p.start + 1}–${p.end}`;
  const sorted =
    t.sort !== null && options.sort === undefined
      ? `, sorted by ${shortenText(result.columns[t.sort.column] ?? '', 40).text} (${t.sort.direction === 'asc' ? 'ascending' : 'descending'})`
      : '';
  if (options.summary !== false) replace(t.status, `${summary}. Showing ${range}${p.pages > 1 ? `, page ${p.page + 1} of ${p.pages}` : ''}${sorted}.`);
  t.prev.disabled = p.page === 0;
  t.next.disabled = p.page >= p.pages - 1;
  t.pager.hidden = p.pages <= 1;
}

/** The page's rows, each cell bounded to the page's share of characters (a cut cell read whole on demand). */
function pageBody(t: TableView, p: Page): HTMLElement {
  const { result, options, order } = t;
  const body = el('tbody');
  const rows = order === null ? result.rows.slice(p.start, p.end) : order.slice(p.start, p.end).map((i) => result.rows[i]!);
  const max = cellDisplayChars(rows.length * Math.max(1, result.columns.length));
  rows.forEach((row, r) => {
    const at = order === null ? p.start + r : order[p.start + r]!;
    const cut = options.cutCells;
    body.append(
      el(
        'tr',
        {},
        ...row.map((cell, c) => {
          const length = cut?.length(at, c);
          const label = `${p.start + r + 1}`;
          const column = result.columns[c] ?? `column ${c + 1}`;
          return length === undefined || cut === undefined
            ? cellElement(cell, max, label, column, options.link?.(row, c) ?? null)
            : cutCellElement(cell, length, max, label, column, () => cut.whole(at, c));
        }),
      ),
    );
  });
  return body;
}
