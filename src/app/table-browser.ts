/**
 * Browse a table's rows, as in Datasette or sqliteviz: choose a table, sort
 * by clicking a column header (or from the menus), page through 50 rows at a
 * time, narrow the rows with facets (a column's values with their counts;
 * click one to filter, remove it from its chip), and save every row the
 * browser would show, not just the page, as CSV or JSON (streamed from the
 * SQL worker). Each page, count and facet is one read-only, time-limited
 * query in the worker pool (browse-sql.ts); one line says which rows are
 * shown of how many. Long text values are read cut and shown as cut, and
 * read whole, a piece at a time, when shown in full, downloaded or saved
 * (big-cells.ts): a table with a 100 MB cell browses and saves.
 */
import type { ExecSuccess } from '../core/exec/types.ts';
import type { SqlPool } from '../engines/sql/index.ts';
import { BROWSE_PAGE_ROWS, browseSql, cappedSql, countSql, facetSql, hasRowid, pageSql, type BrowseQuery } from './browse-sql.ts';
import { uncap, wholeValue, type Uncapped } from './big-cells.ts';
import type { DatabaseController } from './database.ts';
import { el, replace } from './dom.ts';
import { facetBox, filterChips, type LabelledFilter } from './facets.ts';
import { displayName, plural } from './format.ts';
import { resultActions } from './result-actions.ts';
import { resultTable, type ResultTableOptions } from './result-table.ts';

export { BROWSE_PAGE_ROWS } from './browse-sql.ts';

export interface TableBrowser {
  readonly element: HTMLElement;
  /** Shows the first page of `table`. */
  browse(table: string): void;
}

/** Time limit of a page of rows: a page reads each long value once to cut it (a 100 MB cell about 0.4 s) and may sort a big table. */
const BROWSE_PAGE_TIMEOUT_MS = 30_000;

/** How many rows the browser's query holds: exactly, about (a big file's estimate), or not known. */
type Total = { readonly kind: 'exact' | 'about'; readonly n: number } | { readonly kind: 'unknown' };

/**
 * Builds the browser.
 *
 * @example const browser = tableBrowser(pool, dbs); panel.append(browser.element); browser.browse('books');
 */
export function tableBrowser(pool: SqlPool, dbs: DatabaseController): TableBrowser {
  const tableSelect = el('select', { id: 'browse-table' });
  const sortSelect = el('select', { id: 'browse-sort' });
  const direction = el('select', { id: 'browse-direction' }, el('option', { value: 'asc' }, 'ascending'), el('option', { value: 'desc' }, 'descending'));
  const facetSelect = el('select', { id: 'browse-facet' });
  const addFacet = el('button', { type: 'button', id: 'browse-add-facet' }, 'Show values');
  const prev = el('button', { type: 'button', id: 'browse-prev' }, 'Previous 50');
  const next = el('button', { type: 'button', id: 'browse-next' }, 'Next 50');
  const status = el('p', { class: 'muted', id: 'browse-status', 'aria-live': 'polite' });
  const chipsBox = el('div', { class: 'browse-filters' });
  const facetsBox = el('div', { class: 'facets' });
  const out = el('div', { class: 'browse-out' });
  const saveBox = el('div', { class: 'browse-save' });
  let page = 0;
  let token = 0;
  let filters: LabelledFilter[] = [];
  let facets: string[] = [];
  let totals = new Map<string, Promise<Total>>(); // by count query, per database

  const query = (): BrowseQuery => ({
    table: tableSelect.value,
    sort: sortSelect.value === '' ? null : { column: sortSelect.value, direction: direction.value as 'asc' | 'desc' },
    filters,
  });
  const tableInfo = () => dbs.current?.schema.tables.find((t) => t.name === tableSelect.value);

  /** The schema's count when nothing filters and it is known; otherwise a count query, once per filter set. */
  const totalOf = (q: BrowseQuery, key: string): Promise<Total> => {
    const info = tableInfo();
    if (q.filters.length === 0 && info !== undefined && (info.rowCountKind ?? 'exact') !== 'unknown') {
      return Promise.resolve({ kind: info.rowCountKind === 'estimate' ? 'about' : 'exact', n: info.rowCount });
    }
    const sql = countSql(q);
    let total = totals.get(sql);
    if (total === undefined) {
      total = pool.run(key, sql).then((r): Total => (r.ok ? { kind: 'exact', n: Number(r.rows[0]?.[0] ?? 0) } : { kind: 'unknown' }));
      totals.set(sql, total);
    }
    return total;
  };

  /** "Rows 51–100 of 3,503 rows in Track." (with the filters, and "about" for an estimate). */
  const statusLine = (q: BrowseQuery, first: number, shown: number, total: Total): string => {
    const where = q.filters.length === 0 ? '' : ` where ${q.filters.map((f) => (f as LabelledFilter).label).join(' and ')}`;
    const table = displayName(q.table);
    if (shown === 0 && first === 0) return q.filters.length === 0 ? `${table} has no rows.` : `No rows in ${table}${where}.`;
    if (shown === 0) return `No rows past row ${first} in ${table}${where}.`;
    const of = total.kind === 'exact' ? ` of ${plural(total.n, 'row')}` : total.kind === 'about' ? ` of about ${plural(total.n, 'row')} (estimate)` : '';
    return `Rows ${first + 1}–${first + shown}${of} in ${table}${where}.`;
  };

  const show = async (focusColumn?: string): Promise<void> => {
    const db = dbs.current;
    if (db === null || tableSelect.value === '') {
      replace(status);
      replace(chipsBox);
      replace(facetsBox);
      replace(saveBox);
      return replace(out);
    }
    const mine = ++token;
    const q = query();
    replace(chipsBox, filterChips(filters, (i) => {
      filters = filters.filter((_, k) => k !== i);
      reset();
      (chipsBox.querySelector('button') ?? facetSelect).focus();
    }));
    void showFacets(q, db.key, mine);
    const info = tableInfo();
    const columns = info?.columns.map((c) => c.name) ?? [];
    const rowid = info !== undefined && hasRowid(info);
    // Long values come cut (cappedSql) and are read whole on demand; a table whose columns are not known is read as it is.
    const [raw, total] = await Promise.all([pool.run(db.key, columns.length > 0 ? cappedSql(q, columns, rowid, page) : pageSql(q, page), { timeoutMs: BROWSE_PAGE_TIMEOUT_MS }), totalOf(q, db.key)]);
    if (mine !== token) return;
    const read: Uncapped | null = raw.ok && columns.length > 0 ? uncap(raw, columns, rowid, page * BROWSE_PAGE_ROWS) : null;
    const r = read === null ? raw : read.result;
    const first = page * BROWSE_PAGE_ROWS;
    prev.disabled = page === 0;
    next.disabled = total.kind === 'exact' ? first + BROWSE_PAGE_ROWS >= total.n : !r.ok || r.rows.length < BROWSE_PAGE_ROWS;
    if (!r.ok) {
      replace(status);
      replace(saveBox);
      return replace(out, el('p', { class: 'error', role: 'alert' }, r.error.message, ' ', el('span', { class: 'code' }, `(${r.error.code})`)));
    }
    replace(status, statusLine(q, first, r.rows.length, total));
    replace(out, rowsTable(r, q, read === null ? undefined : {
      length: (row, c) => read.cut.get(`${row}:${c}`),
      whole: (row, c) => wholeValue({ pool, key: db.key, query: q, columns, row: read.ref(row), column: c, length: read.cut.get(`${row}:${c}`) ?? 0 }),
    }));
    replace(saveBox, resultActions({
      name: q.filters.length === 0 ? q.table : `${q.table}-filtered`,
      whole: { pool, key: db.key, sql: browseSql(q), rows: total.kind === 'exact' ? total.n : null, ...(columns.length > 0 ? { capped: { query: q, columns, rowid } } : {}) },
    }));
    if (focusColumn !== undefined) out.querySelector<HTMLElement>(`th[data-column="${r.columns.indexOf(focusColumn)}"] button`)?.focus();
  };

  /** The page's rows; a header click sorts the whole table (its ORDER BY) and keeps focus on that header. */
  const rowsTable = (r: ExecSuccess, q: BrowseQuery, cutCells?: ResultTableOptions['cutCells']): HTMLElement => {
    const sorted = q.sort === null ? -1 : r.columns.indexOf(q.sort.column);
    return resultTable(r, {
      pageSize: BROWSE_PAGE_ROWS,
      label: `Rows of ${displayName(q.table)}`,
      summary: false,
      ...(cutCells === undefined ? {} : { cutCells }),
      sort: {
        current: sorted < 0 ? null : { column: sorted, direction: q.sort!.direction },
        onSort(s) {
          const column = r.columns[s.column]!;
          sortSelect.value = column;
          direction.value = s.direction;
          page = 0;
          void show(column);
        },
      },
    });
  };

  const showFacets = async (q: BrowseQuery, key: string, mine: number): Promise<void> => {
    if (facets.length === 0) return replace(facetsBox);
    const outcomes = await Promise.all(facets.map((c) => pool.run(key, facetSql(q, c))));
    if (mine !== token) return;
    replace(facetsBox, ...facets.map((column, i) => facetBox({
      column,
      outcome: outcomes[i]!,
      isFiltered: (literal) => filters.some((f) => f.column === column && f.literal === literal),
      onPick(f) {
        const at = filters.findIndex((x) => x.column === f.column && x.literal === f.literal);
        filters = at >= 0 ? filters.filter((_, k) => k !== at) : [...filters, f];
        reset();
        status.focus();
      },
      onClose() {
        facets = facets.filter((c) => c !== column);
        void showFacets(query(), key, token);
        facetSelect.focus();
      },
    })));
  };

  const setColumns = (): void => {
    const columns = tableInfo()?.columns ?? [];
    replace(sortSelect, el('option', { value: '' }, '(table order)'), ...columns.map((c) => el('option', { value: c.name }, displayName(c.name))));
    replace(facetSelect, ...columns.map((c) => el('option', { value: c.name }, displayName(c.name))));
    addFacet.disabled = columns.length === 0;
  };
  const reset = (): void => {
    page = 0;
    void show();
  };
  const chooseTable = (): void => {
    filters = [];
    facets = [];
    setColumns();
    reset();
  };
  tableSelect.addEventListener('change', chooseTable);
  sortSelect.addEventListener('change', reset);
  direction.addEventListener('change', reset);
  addFacet.addEventListener('click', () => {
    if (facetSelect.value !== '' && !facets.includes(facetSelect.value)) facets = [...facets, facetSelect.value];
    void show();
  });
  prev.addEventListener('click', () => {
    page = Math.max(0, page - 1);
    void show();
  });
  next.addEventListener('click', () => {
    page += 1;
    void show();
  });
  dbs.onChange((db) => {
    totals = new Map();
    replace(tableSelect, el('option', { value: '' }, '(choose a table)'), ...db.schema.tables.map((t) => el('option', { value: t.name }, displayName(t.name))));
    chooseTable();
  });
  status.tabIndex = -1;
  const element = el('section', { class: 'table-browser', 'aria-labelledby': 'browse-heading' },
    el('h2', { id: 'browse-heading' }, 'Browse a table'),
    el('div', { class: 'row' },
      el('label', { for: 'browse-table' }, 'Table'), tableSelect,
      el('label', { for: 'browse-sort' }, 'Sort by'), sortSelect,
      el('label', { for: 'browse-direction', class: 'visually-hidden' }, 'Direction'), direction,
      el('label', { for: 'browse-facet' }, 'Facet'), facetSelect, addFacet,
    ),
    el('p', { class: 'muted browse-hint' }, 'Click a column header to sort by it. A facet lists a column\'s values with how many rows hold each; click a value to show only those rows.'),
    chipsBox,
    facetsBox,
    status,
    out,
    el('div', { class: 'row' }, prev, next),
    saveBox,
  );
  return {
    element,
    browse(table) {
      tableSelect.value = table;
      chooseTable();
      element.scrollIntoView({ block: 'start' });
    },
  };
}
