/**
 * The table browser's page: the filter chips, the facets, then one page of
 * rows and the total, read together (long values cut, read whole on demand);
 * the status line, the rows (a header click sorts the whole table, a foreign
 * key's value links to its row) and "Save all rows", or the error in their
 * place.
 */
import type { ExecSuccess } from '../../core/exec/types.ts';
import type { TableInfo } from '../../core/schema.ts';
import { resultActions } from '../results/actions.ts';
import { uncap, type Uncapped, wholeValue } from '../results/big-cells.ts';
import { BROWSE_PAGE_ROWS, BROWSE_PAGE_TIMEOUT_MS, browseSql, cappedSql, hasRowid, pageSql } from '../results/browse-sql.ts';
import { type ResultTableOptions, resultTable } from '../results/table.ts';
import { replace } from '../ui/dom.ts';
import { execErrorView } from '../ui/exec-error-view.ts';
import { displayName } from '../ui/format.ts';
import { clearControls } from './controls.ts';
import { showFacets } from './facet-list.ts';
import { filterChips } from './facets.ts';
import { foreignKeyLinks } from './links.ts';
import { type BrowseSession, labelledFilters, tableInfo } from './session.ts';
import { statusLine } from './status.ts';

/**
 * Shows the state's page (or clears the browser when there is no table or database), focusing `focusColumn`'s header button.
 *
 * @example void showPage(s, 'price');
 */
export async function showPage(s: BrowseSession, focusColumn?: string): Promise<void> {
  const c = s.controls;
  const db = s.dbs.current;
  const info = tableInfo(s);
  if (db === null || info === undefined) return clearControls(c);
  const mine = ++s.token;
  const q = { table: s.state.table, sort: s.state.sort, filters: labelledFilters(s) };
  replace(
    c.chipsBox,
    filterChips(q.filters, (i) => {
      s.step({ filters: s.state.filters.filter((_, k) => k !== i) });
      (c.chipsBox.querySelector('button') ?? c.facetSelect).focus();
    }),
  );
  void showFacets(s, db.key, mine);
  const columns = info.columns.map((col) => col.name);
  const rowid = hasRowid(info);
  // Long values come cut (cappedSql) and are read whole on demand; a table whose columns are not known is read as it is.
  const [raw, total] = await Promise.all([
    s.sqlPool.run(db.key, columns.length > 0 ? cappedSql(q, columns, rowid, s.state.page) : pageSql(q, s.state.page), { timeoutMs: BROWSE_PAGE_TIMEOUT_MS }),
    s.totals.of(db.key, q, info),
  ]);
  if (mine !== s.token) return;
  const read: Uncapped | null = raw.ok && columns.length > 0 ? uncap(raw, columns, rowid, s.state.page * BROWSE_PAGE_ROWS) : null;
  const r = read === null ? raw : read.result;
  const first = s.state.page * BROWSE_PAGE_ROWS;
  c.prev.disabled = s.state.page === 0;
  c.next.disabled = total.kind === 'exact' ? first + BROWSE_PAGE_ROWS >= total.n : !r.ok || r.rows.length < BROWSE_PAGE_ROWS;
  if (!r.ok) {
    replace(c.status);
    replace(c.saveBox);
    return replace(c.out, ...execErrorView(r.error, { schema: db.schema, sql: pageSql(q, s.state.page) }));
  }
  replace(c.status, statusLine(q, info, first, r.rows.length, total));
  replace(
    c.out,
    rowsTable(
      s,
      r,
      info,
      read === null
        ? undefined
        : {
            length: (row, col) => read.cut.get(`${row}:${col}`),
            whole: (row, col) =>
              wholeValue({ sqlPool: s.sqlPool, key: db.key, query: q, columns, row: read.ref(row), column: col, length: read.cut.get(`${row}:${col}`) ?? 0 }),
          },
    ),
  );
  replace(
    c.saveBox,
    resultActions({
      name: q.filters.length === 0 ? q.table : `${q.table}-filtered`,
      whole: {
        sqlPool: s.sqlPool,
        key: db.key,
        sql: browseSql(q),
        rows: total.kind === 'exact' ? total.n : null,
        ...(columns.length > 0 ? { capped: { query: q, columns, rowid } } : {}),
      },
    }),
  );
  if (focusColumn !== undefined) c.out.querySelector<HTMLElement>(`th[data-column="${r.columns.indexOf(focusColumn)}"] button`)?.focus();
}

/** The page's rows: a header click sorts the whole table (its ORDER BY); a foreign key's value links to its row. */
function rowsTable(s: BrowseSession, r: ExecSuccess, info: TableInfo, cutCells?: ResultTableOptions['cutCells']): HTMLElement {
  const sorted = s.state.sort === null ? -1 : r.columns.indexOf(s.state.sort.column);
  return resultTable(r, {
    pageSize: BROWSE_PAGE_ROWS,
    label: `Rows of ${displayName(s.state.table)}`,
    summary: false,
    link: foreignKeyLinks(info, r.columns),
    ...(cutCells === undefined ? {} : { cutCells }),
    sort: {
      current: sorted < 0 ? null : { column: sorted, direction: s.state.sort!.direction },
      onSort: (sort) => s.step({ sort: { column: r.columns[sort.column]!, direction: sort.direction } }, r.columns[sort.column]),
    },
  });
}
