/**
 * Browse a table's rows, as in Datasette or sqliteviz: choose a table, sort by
 * a column (either way), page through 50 rows at a time, save the page as CSV
 * or JSON. Each page is one read-only query in the worker pool
 * (`SELECT * FROM t ORDER BY c LIMIT 50 OFFSET k`), with quoted identifiers.
 */
import type { SqlPool } from '../engines/sql/pool-types.ts';
import type { DatabaseController } from './database.ts';
import { el, replace } from './dom.ts';
import { plural } from './format.ts';
import { resultActions } from './result-actions.ts';
import { resultTable } from './result-table.ts';

/** An identifier always in double quotes (a table may be called "order"). */
const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Rows per page. */
export const BROWSE_PAGE_ROWS = 50;

export interface TableBrowser {
  readonly element: HTMLElement;
  /** Shows the first page of `table`. */
  browse(table: string): void;
}

/**
 * The SQL for one page.
 *
 * @example pageSql('books', 'price', 'desc', 2); // 'SELECT * FROM "books" ORDER BY "price" DESC LIMIT 50 OFFSET 100'
 */
export function pageSql(table: string, sortBy: string | null, direction: 'asc' | 'desc', page: number): string {
  const order = sortBy === null ? '' : ` ORDER BY ${quoteIdent(sortBy)} ${direction.toUpperCase()}`;
  return `SELECT * FROM ${quoteIdent(table)}${order} LIMIT ${BROWSE_PAGE_ROWS} OFFSET ${page * BROWSE_PAGE_ROWS}`;
}

/**
 * Builds the browser.
 *
 * @example const browser = tableBrowser(pool, dbs); panel.append(browser.element); browser.browse('books');
 */
export function tableBrowser(pool: SqlPool, dbs: DatabaseController): TableBrowser {
  const tableSelect = el('select', { id: 'browse-table' });
  const sortSelect = el('select', { id: 'browse-sort' });
  const direction = el('select', { id: 'browse-direction' }, el('option', { value: 'asc' }, 'ascending'), el('option', { value: 'desc' }, 'descending'));
  const prev = el('button', { type: 'button', id: 'browse-prev' }, 'Previous 50');
  const next = el('button', { type: 'button', id: 'browse-next' }, 'Next 50');
  const status = el('p', { class: 'muted', id: 'browse-status', 'aria-live': 'polite' });
  const out = el('div', { class: 'browse-out' });
  let page = 0;
  let token = 0;

  const rowCount = (): number => dbs.current?.schema.tables.find((t) => t.name === tableSelect.value)?.rowCount ?? 0;
  const show = async (): Promise<void> => {
    const db = dbs.current;
    if (db === null || tableSelect.value === '') return replace(out);
    const mine = ++token;
    const sql = pageSql(tableSelect.value, sortSelect.value === '' ? null : sortSelect.value, direction.value as 'asc' | 'desc', page);
    const r = await pool.run(db.key, sql);
    if (mine !== token) return;
    const total = rowCount();
    const first = page * BROWSE_PAGE_ROWS;
    prev.disabled = page === 0;
    next.disabled = first + BROWSE_PAGE_ROWS >= total;
    if (!r.ok) return replace(out, el('p', { class: 'error', role: 'alert' }, r.error.message, ' ', el('span', { class: 'code' }, `(${r.error.code})`)));
    replace(status, total === 0 ? `${tableSelect.value} has no rows.` : `Rows ${first + 1}–${first + r.rows.length} of ${plural(total, 'row')} in ${tableSelect.value}.`);
    replace(out, resultTable(r, { pageSize: BROWSE_PAGE_ROWS, label: `Rows of ${tableSelect.value}` }), resultActions({ sql, result: r, name: `${tableSelect.value}-page-${page + 1}` }));
  };
  const setColumns = (): void => {
    const t = dbs.current?.schema.tables.find((x) => x.name === tableSelect.value);
    replace(sortSelect, el('option', { value: '' }, '(table order)'), ...(t?.columns ?? []).map((c) => el('option', { value: c.name }, c.name)));
  };
  const reset = (): void => {
    page = 0;
    void show();
  };
  tableSelect.addEventListener('change', () => {
    setColumns();
    reset();
  });
  sortSelect.addEventListener('change', reset);
  direction.addEventListener('change', reset);
  prev.addEventListener('click', () => {
    page = Math.max(0, page - 1);
    void show();
  });
  next.addEventListener('click', () => {
    page += 1;
    void show();
  });
  dbs.onChange((db) => {
    replace(tableSelect, el('option', { value: '' }, '(choose a table)'), ...db.schema.tables.map((t) => el('option', { value: t.name }, t.name)));
    setColumns();
    replace(status);
    replace(out);
  });
  const element = el('section', { class: 'table-browser', 'aria-labelledby': 'browse-heading' },
    el('h2', { id: 'browse-heading' }, 'Browse a table'),
    el('div', { class: 'row' },
      el('label', { for: 'browse-table' }, 'Table'), tableSelect,
      el('label', { for: 'browse-sort' }, 'Sort by'), sortSelect,
      el('label', { for: 'browse-direction', class: 'visually-hidden' }, 'Direction'), direction,
      prev, next,
    ),
    status,
    out,
  );
  return {
    element,
    browse(table) {
      tableSelect.value = table;
      setColumns();
      reset();
      element.scrollIntoView({ block: 'start' });
    },
  };
}
