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
import { downloadBlob, downloadText } from '../ui/download.ts';
import { CELL_DISPLAY_CHARS, CELL_EXPAND_CHARS, cellDisplayChars, formatCell, plural, shortenText } from '../ui/format.ts';
import { pageOf } from './paging.ts';
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

/**
 * Renders a result; the returned element keeps its own page state.
 *
 * @example
 * panel.append(resultTable(outcome, { pageSize: 20, label: 'Query result' }));
 */
export function resultTable(result: ExecSuccess, options: ResultTableOptions = {}): HTMLElement {
  const size = options.pageSize ?? 25;
  const root = el('div', { class: 'result' });
  const summary = `${plural(result.rows.length, 'row')}${result.cut ? ' (cut at the row cap; more exist)' : ''}, ${plural(result.columns.length, 'column')}`;
  const status = el('p', { class: 'result-summary', 'aria-live': 'polite' });
  const tableBox = el('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': options.label ?? 'Query result' });
  const prev = el('button', { type: 'button', class: 'pager-prev' }, 'Previous page');
  const next = el('button', { type: 'button', class: 'pager-next' }, 'Next page');
  let page = 0;
  const external = options.sort;
  let sort: TableSort | null = external?.current ?? null;
  let order: number[] | null = null; // row positions when sorted in the page
  const sortable = external !== undefined || (!result.cut && result.rows.length > 1);

  const header = (c: string, i: number): HTMLElement => {
    const name = shortenText(c, CELL_DISPLAY_CHARS).text;
    const on = sort?.column === i;
    const th = el('th', {
      scope: 'col',
      'data-column': i,
      title: c.length > CELL_DISPLAY_CHARS ? `${plural(c.length, 'character')} long` : undefined,
      'aria-sort': on ? (sort!.direction === 'asc' ? 'ascending' : 'descending') : undefined,
    });
    if (!sortable) {
      th.append(name);
      return th;
    }
    th.append(el('button', { type: 'button', class: 'sort-button', onclick: () => sortBy(i) }, name)); // its arrow is drawn by CSS from aria-sort
    return th;
  };
  const sortBy = (column: number): void => {
    const next = nextSort(sort, column);
    if (external) return external.onSort(next);
    sort = next;
    order = sortedRows(result.rows, next);
    page = 0;
    show();
    tableBox.querySelector<HTMLElement>(`th[data-column="${column}"] button`)?.focus();
  };

  const show = (): void => {
    const p = pageOf(result.rows.length, size, page);
    page = p.page;
    const head = el('thead', {}, el('tr', {}, ...result.columns.map(header)));
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
    replace(tableBox, el('table', {}, el('caption', { class: 'visually-hidden' }, options.label ?? 'Query result'), head, body));
    const range = result.rows.length === 0 ? 'no rows' : `rows ${p.start + 1}–${p.end}`;
    const sorted =
      sort !== null && external === undefined
        ? `, sorted by ${shortenText(result.columns[sort.column] ?? '', 40).text} (${sort.direction === 'asc' ? 'ascending' : 'descending'})`
        : '';
    if (options.summary !== false) replace(status, `${summary}. Showing ${range}${p.pages > 1 ? `, page ${p.page + 1} of ${p.pages}` : ''}${sorted}.`);
    prev.disabled = p.page === 0;
    next.disabled = p.page >= p.pages - 1;
    pager.hidden = p.pages <= 1;
  };
  const pager = el('div', { class: 'pager' }, prev, next);
  prev.addEventListener('click', () => {
    page -= 1;
    show();
  });
  next.addEventListener('click', () => {
    page += 1;
    show();
  });
  if (options.summary === false) status.hidden = true;
  root.append(status, tableBox, pager);
  show();
  return root;
}

/**
 * A cell whose query cut it (its whole `length` is known, the value is read
 * by `whole` when asked for): shortened as any long cell, with "Show all"
 * (up to CELL_EXPAND_CHARS) and "Download" reading the whole value first.
 */
function cutCellElement(cell: Cell, length: number, max: number, rowLabel: string, column: string, whole: () => Promise<Blob>): HTMLElement {
  const td = el('td');
  const short = shortenText(formatCell(cell), max);
  const what = `row ${rowLabel}, ${shortenText(column, 40).text}`;
  const note = el('span', { class: 'cell-cut muted' }, ` (${plural(length, 'character')}) `);
  const read = async (then: (blob: Blob) => Promise<void> | void): Promise<void> => {
    replace(note, ' (reading the whole value…) ');
    try {
      await then(await whole());
      replace(note, ` (${plural(length, 'character')}) `);
    } catch (e) {
      const m = (e as { message?: unknown } | null)?.message;
      replace(note, el('span', { class: 'error' }, ` (the whole value could not be read: ${typeof m === 'string' ? m : String(e)}) `));
    }
  };
  const collapsed = (): void => {
    const actions: HTMLElement[] = [];
    if (length <= CELL_EXPAND_CHARS) {
      actions.push(
        el(
          'button',
          { type: 'button', class: 'cell-action', 'aria-label': `Show all of ${what}`, onclick: () => void read(async (blob) => expanded(await blob.text())) },
          'Show all',
        ),
      );
    }
    actions.push(
      el(
        'button',
        {
          type: 'button',
          class: 'cell-action',
          'aria-label': `Download ${what}`,
          onclick: () => void read((blob) => downloadBlob(`cell-row${rowLabel}.txt`, blob)),
        },
        'Download',
      ),
    );
    replace(td, short.text, '…', note, ...actions);
  };
  const expanded = (full: string): void => {
    replace(
      td,
      el('div', { class: 'cell-full' }, full),
      el('button', { type: 'button', class: 'cell-action', 'aria-label': `Show less of ${what}`, onclick: collapsed }, 'Show less'),
    );
  };
  collapsed();
  return td;
}

/** One cell, shortened to `max` characters with "Show all" / "Download" when it is longer; a short one can be a link. */
function cellElement(cell: Cell, max: number, rowLabel: string, column: string, link: { href: string; title: string } | null): HTMLElement {
  const td = el('td', { class: cell === null ? 'null' : undefined });
  const full = formatCell(cell);
  const short = shortenText(full, max);
  if (!short.cut) {
    td.append(link === null ? full : el('a', { href: link.href, title: link.title, class: 'cell-link' }, full));
    return td;
  }
  const what = `row ${rowLabel}, ${shortenText(column, 40).text}`;
  const collapsed = (): void => {
    const actions: HTMLElement[] = [];
    if (full.length <= CELL_EXPAND_CHARS) {
      actions.push(el('button', { type: 'button', class: 'cell-action', 'aria-label': `Show all of ${what}`, onclick: expanded }, 'Show all'));
    }
    actions.push(el('button', { type: 'button', class: 'cell-action', 'aria-label': `Download ${what}`, onclick: download }, 'Download'));
    replace(td, short.text, '…', el('span', { class: 'cell-cut muted' }, ` (${plural(full.length, 'character')}) `), ...actions);
  };
  const expanded = (): void => {
    replace(
      td,
      el('div', { class: 'cell-full' }, full),
      el('button', { type: 'button', class: 'cell-action', 'aria-label': `Show less of ${what}`, onclick: collapsed }, 'Show less'),
    );
  };
  const download = (): void => downloadText(`cell-row${rowLabel}.txt`, full, 'text/plain');
  collapsed();
  return td;
}
