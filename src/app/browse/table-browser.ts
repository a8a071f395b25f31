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
import type { SqlPool } from '../../engines/sql/index.ts';
import type { DatabaseController } from '../database/database.ts';
import { tableOptions } from '../database/schema-panel.ts';
import { routeSearch, type RouteParams } from '../router.ts';
import { el, replace } from '../ui/dom.ts';
import { displayName } from '../ui/format.ts';
import { browseControls, browseSection, syncControls } from './controls.ts';
import { showPage } from './page.ts';
import { browseParams, linkParams, readBrowseParams, type BrowseState } from './route.ts';
import { type BrowseSession, NONE, tableInfo } from './session.ts';
import { browseTotals } from './status.ts';

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

/** Puts a state in the controls and shows it; a person's step (`push`) is also a history entry. */
type Go = (next: BrowseState, how: 'push' | 'replace' | 'none', focusColumn?: string) => void;

/**
 * Builds the browser.
 *
 * @example
 * const browser = tableBrowser(sqlPool, dbs, { onState: (p, how) => router[how]('browse', p) });
 * browser.route(new URLSearchParams('table=books&sort=price'));
 */
export function tableBrowser(sqlPool: SqlPool, dbs: DatabaseController, options: TableBrowserOptions): TableBrowser {
  const controls = browseControls();
  let pending: URLSearchParams | null = null; // a route waiting for a database
  const go: Go = (next, how, focusColumn) => {
    if (next.table !== s.state.table) s.shownValues = new Map();
    s.state = next;
    syncControls(controls, s.state, tableInfo(s)?.columns ?? []);
    if (how !== 'none') options.onState(linkParams(s.state), how);
    void showPage(s, focusColumn);
  };
  const s: BrowseSession = {
    sqlPool,
    dbs,
    controls,
    totals: browseTotals(sqlPool),
    state: NONE,
    shownValues: new Map(),
    token: 0,
    step: (change, focusColumn) => go({ ...s.state, page: 0, ...change }, 'push', focusColumn),
  };
  /** Applies a URL's parameters on the open database (or keeps them until one opens). */
  const apply = (params: URLSearchParams): void => {
    if (dbs.current === null) return void (pending = params);
    pending = null;
    applyRoute(s, params, go);
  };
  listenToControls(s, go);
  dbs.onChange((db) => {
    s.totals.reset();
    replace(controls.tableSelect, el('option', { value: '' }, '(choose a table or view)'), ...tableOptions(db.schema));
    if (pending !== null) return apply(pending);
    const kept = db.schema.tables.find((t) => t.name === s.state.table);
    if (kept === undefined) return go(NONE, s.state.table === '' ? 'none' : 'replace');
    go(readBrowseParams(routeSearch(browseParams(s.state)), kept).state, 'replace'); // what the new file's table has of the old state
  });
  return {
    element: browseSection(controls),
    params: () => (s.state.table === '' ? {} : linkParams(s.state)),
    route: apply,
  };
}

/** Shows what `params` name on the open database: its table (matched exactly, then ignoring case) and what of the rest it holds, noting what was left out. */
function applyRoute(s: BrowseSession, params: URLSearchParams, go: Go): void {
  const db = s.dbs.current!;
  const { note } = s.controls;
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
}

/** The menus' and paging buttons' handlers: a table chosen, a sort or direction, a facet added, a page back or on. */
function listenToControls(s: BrowseSession, go: Go): void {
  const { tableSelect, sortSelect, direction, facetSelect, addFacet, prev, next, note } = s.controls;
  tableSelect.addEventListener('change', () => {
    note.hidden = true;
    go({ ...NONE, table: tableSelect.value }, 'push');
  });
  const sortChanged = (): void => s.step({ sort: sortSelect.value === '' ? null : { column: sortSelect.value, direction: direction.value as 'asc' | 'desc' } });
  sortSelect.addEventListener('change', sortChanged);
  direction.addEventListener('change', sortChanged);
  addFacet.addEventListener('click', () => {
    if (facetSelect.value !== '' && !s.state.facets.includes(facetSelect.value)) s.step({ facets: [...s.state.facets, facetSelect.value] }, undefined);
  });
  prev.addEventListener('click', () => go({ ...s.state, page: Math.max(0, s.state.page - 1) }, 'push'));
  next.addEventListener('click', () => go({ ...s.state, page: s.state.page + 1 }, 'push'));
}
