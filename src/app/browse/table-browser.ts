/**
 * Browse a table's or a view's rows, as in Datasette or DB Browser: choose
 * one, sort by clicking a column header (or from the menus), page through 50
 * rows at a time, narrow the rows with facets (a column's values with their
 * counts; click one to filter, remove it from its chip; "Show more" lists
 * more values), follow a foreign key's value to the row it names, and save
 * every row the browser would show, not just the page, as CSV or JSON
 * (streamed from the SQL worker). What it shows lives in the URL
 * (browse-route.ts): each step a person takes is a history entry, and a link,
 * a reload or Back reopens the same sorted, faceted, filtered page. Each
 * page, count and facet is one read-only, time-limited query in the worker
 * pool (browse-sql.ts); one line says which rows are shown of how many.
 * Long text values are read cut and shown as cut, and read whole, a piece
 * at a time, when shown in full, downloaded or saved (big-cells.ts): a table
 * with a 100 MB cell browses and saves.
 */
import type { ExecSuccess } from '../../core/exec/types.ts';
import type { TableInfo } from '../../core/schema.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { foreignKeyLinks } from './links.ts';
import { browseParams, linkParams, literalCell, readBrowseParams, type BrowseState } from './route.ts';
import {
  BROWSE_PAGE_ROWS,
  BROWSE_PAGE_TIMEOUT_MS,
  browseSql,
  cappedSql,
  FACET_MORE,
  FACET_VALUES,
  facetSql,
  hasRowid,
  pageSql,
} from '../results/browse-sql.ts';
import { uncap, wholeValue, type Uncapped } from '../results/big-cells.ts';
import { browseTotals, statusLine } from './status.ts';
import type { DatabaseController } from '../database/database.ts';
import { el, replace } from '../ui/dom.ts';
import { facetBox, filterChips, filterLabel, type LabelledFilter } from './facets.ts';
import { displayName } from '../ui/format.ts';
import { resultActions } from '../results/actions.ts';
import { resultTable, type ResultTableOptions } from '../results/table.ts';
import { routeSearch, type RouteParams } from '../router.ts';
import { execErrorView } from '../ui/exec-error-view.ts';
import { tableOptions } from '../database/schema-panel.ts';

export { BROWSE_PAGE_ROWS } from '../results/browse-sql.ts';

export interface TableBrowser {
  readonly element: HTMLElement;
  /** The URL parameters of what it shows (none when no table is chosen). */
  params(): RouteParams;
  /** Shows what a URL says (a link, Back or Forward, a reload); waits for a database when none is open. */
  route(params: URLSearchParams): void;
}

export interface TableBrowserOptions {
  /** Called after each step a person takes (`push`) or the browser takes by itself (`replace`), with the new parameters. */
  onState(params: RouteParams, how: 'push' | 'replace'): void;
}

const NONE: BrowseState = { table: '', sort: null, filters: [], facets: [], page: 0 };

/**
 * Builds the browser.
 *
 * @example
 * const browser = tableBrowser(pool, dbs, { onState: (p, how) => router[how]('browse', p) });
 * browser.route(new URLSearchParams('table=books&sort=price'));
 */
export function tableBrowser(pool: SqlPool, dbs: DatabaseController, options: TableBrowserOptions): TableBrowser {
  const tableSelect = el('select', { id: 'browse-table' });
  const sortSelect = el('select', { id: 'browse-sort' });
  const direction = el('select', { id: 'browse-direction' }, el('option', { value: 'asc' }, 'ascending'), el('option', { value: 'desc' }, 'descending'));
  const facetSelect = el('select', { id: 'browse-facet' });
  const addFacet = el('button', { type: 'button', id: 'browse-add-facet' }, 'Show values');
  const prev = el('button', { type: 'button', id: 'browse-prev' }, 'Previous 50');
  const next = el('button', { type: 'button', id: 'browse-next' }, 'Next 50');
  const status = el('p', { class: 'muted', id: 'browse-status', 'aria-live': 'polite', tabindex: -1 });
  const note = el('p', { class: 'notice', id: 'browse-note', hidden: true });
  const chipsBox = el('div', { class: 'browse-filters' });
  const facetsBox = el('div', { class: 'facets' });
  const out = el('div', { class: 'browse-out' });
  const saveBox = el('div', { class: 'browse-save' });
  let state: BrowseState = NONE;
  let shownValues = new Map<string, number>(); // facet column → values listed
  let pending: URLSearchParams | null = null; // a route waiting for a database
  let token = 0;
  const totals = browseTotals(pool);

  const tableInfo = (name = state.table): TableInfo | undefined => dbs.current?.schema.tables.find((t) => t.name === name);
  const labelled = (): LabelledFilter[] => state.filters.map((f) => ({ ...f, label: filterLabel(f.column, literalCell(f.literal)) }));

  /** Puts `next` in the controls and shows it; a person's step is also a history entry. */
  const go = (next: BrowseState, how: 'push' | 'replace' | 'none', focusColumn?: string): void => {
    if (next.table !== state.table) shownValues = new Map();
    state = next;
    syncControls();
    if (how !== 'none') options.onState(linkParams(state), how);
    void show(focusColumn);
  };
  const step = (change: Partial<BrowseState>, focusColumn?: string): void => go({ ...state, page: 0, ...change }, 'push', focusColumn);

  const syncControls = (): void => {
    const columns = tableInfo()?.columns ?? [];
    tableSelect.value = state.table;
    replace(sortSelect, el('option', { value: '' }, '(table order)'), ...columns.map((c) => el('option', { value: c.name }, displayName(c.name))));
    replace(facetSelect, ...columns.map((c) => el('option', { value: c.name }, displayName(c.name))));
    sortSelect.value = state.sort?.column ?? '';
    direction.value = state.sort?.direction ?? 'asc';
    addFacet.disabled = columns.length === 0;
  };

  const clear = (): void => {
    for (const box of [status, chipsBox, facetsBox, saveBox, out]) replace(box);
    prev.disabled = true;
    next.disabled = true;
  };

  const show = async (focusColumn?: string): Promise<void> => {
    const db = dbs.current;
    const info = tableInfo();
    if (db === null || info === undefined) return clear();
    const mine = ++token;
    const q = { table: state.table, sort: state.sort, filters: labelled() };
    replace(
      chipsBox,
      filterChips(q.filters, (i) => {
        step({ filters: state.filters.filter((_, k) => k !== i) });
        (chipsBox.querySelector('button') ?? facetSelect).focus();
      }),
    );
    void showFacets(db.key, mine);
    const columns = info.columns.map((c) => c.name);
    const rowid = hasRowid(info);
    // Long values come cut (cappedSql) and are read whole on demand; a table whose columns are not known is read as it is.
    const [raw, total] = await Promise.all([
      pool.run(db.key, columns.length > 0 ? cappedSql(q, columns, rowid, state.page) : pageSql(q, state.page), { timeoutMs: BROWSE_PAGE_TIMEOUT_MS }),
      totals.of(db.key, q, info),
    ]);
    if (mine !== token) return;
    const read: Uncapped | null = raw.ok && columns.length > 0 ? uncap(raw, columns, rowid, state.page * BROWSE_PAGE_ROWS) : null;
    const r = read === null ? raw : read.result;
    const first = state.page * BROWSE_PAGE_ROWS;
    prev.disabled = state.page === 0;
    next.disabled = total.kind === 'exact' ? first + BROWSE_PAGE_ROWS >= total.n : !r.ok || r.rows.length < BROWSE_PAGE_ROWS;
    if (!r.ok) {
      replace(status);
      replace(saveBox);
      return replace(out, ...execErrorView(r.error, { schema: db.schema, sql: pageSql(q, state.page) }));
    }
    replace(status, statusLine(q, info, first, r.rows.length, total));
    replace(
      out,
      rowsTable(
        r,
        info,
        read === null
          ? undefined
          : {
              length: (row, c) => read.cut.get(`${row}:${c}`),
              whole: (row, c) => wholeValue({ pool, key: db.key, query: q, columns, row: read.ref(row), column: c, length: read.cut.get(`${row}:${c}`) ?? 0 }),
            },
      ),
    );
    replace(
      saveBox,
      resultActions({
        name: q.filters.length === 0 ? q.table : `${q.table}-filtered`,
        whole: {
          pool,
          key: db.key,
          sql: browseSql(q),
          rows: total.kind === 'exact' ? total.n : null,
          ...(columns.length > 0 ? { capped: { query: q, columns, rowid } } : {}),
        },
      }),
    );
    if (focusColumn !== undefined) out.querySelector<HTMLElement>(`th[data-column="${r.columns.indexOf(focusColumn)}"] button`)?.focus();
  };

  /** The page's rows: a header click sorts the whole table (its ORDER BY); a foreign key's value links to its row. */
  const rowsTable = (r: ExecSuccess, info: TableInfo, cutCells?: ResultTableOptions['cutCells']): HTMLElement => {
    const sorted = state.sort === null ? -1 : r.columns.indexOf(state.sort.column);
    return resultTable(r, {
      pageSize: BROWSE_PAGE_ROWS,
      label: `Rows of ${displayName(state.table)}`,
      summary: false,
      link: foreignKeyLinks(info, r.columns),
      ...(cutCells === undefined ? {} : { cutCells }),
      sort: {
        current: sorted < 0 ? null : { column: sorted, direction: state.sort!.direction },
        onSort: (s) => step({ sort: { column: r.columns[s.column]!, direction: s.direction } }, r.columns[s.column]),
      },
    });
  };

  const showFacets = async (key: string, mine: number): Promise<void> => {
    if (state.facets.length === 0) return replace(facetsBox);
    const q = { table: state.table, sort: state.sort, filters: state.filters };
    const outcomes = await Promise.all(state.facets.map((c) => pool.run(key, facetSql(q, c, shownValues.get(c) ?? FACET_VALUES))));
    if (mine !== token) return;
    replace(
      facetsBox,
      ...state.facets.map((column, i) =>
        facetBox({
          column,
          outcome: outcomes[i]!,
          shown: shownValues.get(column) ?? FACET_VALUES,
          isFiltered: (literal) => state.filters.some((f) => f.column === column && f.literal === literal),
          onPick(f) {
            const at = state.filters.findIndex((x) => x.column === f.column && x.literal === f.literal);
            step({ filters: at >= 0 ? state.filters.filter((_, k) => k !== at) : [...state.filters, { column: f.column, literal: f.literal }] });
            status.focus();
          },
          onMore() {
            shownValues.set(column, (shownValues.get(column) ?? FACET_VALUES) + FACET_MORE);
            void showFacets(key, token).then(() =>
              facetsBox
                .querySelector<HTMLElement>(
                  `[data-facet="${CSS.escape(column)}"] .facet-values li:nth-child(${(shownValues.get(column) ?? FACET_VALUES) - FACET_MORE + 1}) button`,
                )
                ?.focus(),
            );
          },
          onClose() {
            step({ facets: state.facets.filter((c) => c !== column) });
            facetSelect.focus();
          },
        }),
      ),
    );
  };

  /** Applies a URL's parameters on the open database (or keeps them until one opens). */
  const apply = (params: URLSearchParams): void => {
    const db = dbs.current;
    if (db === null) return void (pending = params);
    pending = null;
    const name = params.get('table') ?? '';
    const info = db.schema.tables.find((t) => t.name === name) ?? db.schema.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (info === undefined) {
      note.hidden = name === '';
      replace(note, `${displayName(db.name)} has no table or view called "${displayName(name)}"; choose one below.`);
      return go(NONE, 'none');
    }
    const read = readBrowseParams(params, info);
    note.hidden = read.dropped.length === 0;
    replace(note, `Left out of the link: ${read.dropped.join('; ')}.`);
    go(read.state, 'none');
  };

  tableSelect.addEventListener('change', () => {
    note.hidden = true;
    go({ ...NONE, table: tableSelect.value }, 'push');
  });
  const sortChanged = (): void => step({ sort: sortSelect.value === '' ? null : { column: sortSelect.value, direction: direction.value as 'asc' | 'desc' } });
  sortSelect.addEventListener('change', sortChanged);
  direction.addEventListener('change', sortChanged);
  addFacet.addEventListener('click', () => {
    if (facetSelect.value !== '' && !state.facets.includes(facetSelect.value)) step({ facets: [...state.facets, facetSelect.value] }, undefined);
  });
  prev.addEventListener('click', () => go({ ...state, page: Math.max(0, state.page - 1) }, 'push'));
  next.addEventListener('click', () => go({ ...state, page: state.page + 1 }, 'push'));
  dbs.onChange((db) => {
    totals.reset();
    replace(tableSelect, el('option', { value: '' }, '(choose a table or view)'), ...tableOptions(db.schema));
    if (pending !== null) return apply(pending);
    const kept = db.schema.tables.find((t) => t.name === state.table);
    if (kept === undefined) return go(NONE, state.table === '' ? 'none' : 'replace');
    go(readBrowseParams(routeSearch(browseParams(state)), kept).state, 'replace'); // what the new file's table has of the old state
  });
  const element = el(
    'section',
    { class: 'table-browser', 'aria-labelledby': 'browse-heading' },
    el('h2', { id: 'browse-heading' }, 'Browse a table'),
    note,
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'browse-table' }, 'Table'),
      tableSelect,
      el('label', { for: 'browse-sort' }, 'Sort by'),
      sortSelect,
      el('label', { for: 'browse-direction', class: 'visually-hidden' }, 'Direction'),
      direction,
      el('label', { for: 'browse-facet' }, 'Facet'),
      facetSelect,
      addFacet,
    ),
    el(
      'p',
      { class: 'muted browse-hint' },
      "Click a column header to sort by it. A facet lists a column's values with how many rows hold each; click a value to show only those rows. A linked value opens the row it refers to.",
    ),
    chipsBox,
    facetsBox,
    status,
    out,
    el('div', { class: 'row' }, prev, next),
    saveBox,
  );
  return {
    element,
    params: () => (state.table === '' ? {} : linkParams(state)),
    route: apply,
  };
}
