/**
 * A query result as a paginated table. Every cell is a text node (see
 * dom.ts); NULL is marked with a class so it reads differently from the
 * string 'NULL'. The caption gives the row count and says when the row cap
 * cut the result.
 */
import type { ExecSuccess } from '../core/exec/types.ts';
import { el, replace } from './dom.ts';
import { formatCell, plural } from './format.ts';
import { pageOf } from './paging.ts';

export interface ResultTableOptions {
  /** Rows per page (default 25). */
  readonly pageSize?: number;
  /** Accessible name of the table, e.g. "Result of the answer". */
  readonly label?: string;
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

  const show = (): void => {
    const p = pageOf(result.rows.length, size, page);
    page = p.page;
    const head = el('thead', {}, el('tr', {}, ...result.columns.map((c) => el('th', { scope: 'col' }, c))));
    const body = el('tbody');
    for (const row of result.rows.slice(p.start, p.end)) {
      body.append(el('tr', {}, ...row.map((cell) => el('td', { class: cell === null ? 'null' : undefined }, formatCell(cell)))));
    }
    replace(tableBox, el('table', {}, el('caption', { class: 'visually-hidden' }, options.label ?? 'Query result'), head, body));
    const range = result.rows.length === 0 ? 'no rows' : `rows ${p.start + 1}–${p.end}`;
    replace(status, `${summary}. Showing ${range}${p.pages > 1 ? `, page ${p.page + 1} of ${p.pages}` : ''}.`);
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
  root.append(status, tableBox, pager);
  show();
  return root;
}
