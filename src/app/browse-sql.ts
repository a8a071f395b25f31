/**
 * The table browser's queries, built from what the person chose: a table,
 * a sort, and filters picked from facets. Every identifier goes through
 * core/sql's quoteIdent (bare when a plain name, double-quoted otherwise: a
 * table called "order" or "order items"); a filter's value is the SQL literal
 * SQLite itself wrote for it (`quote()` in the facet query), compared with
 * `IS` so that NULL matches NULL. Pure
 * (tested on Node); each query still passes the read-only guard and the time
 * limit of the SQL pool.
 */
import { quoteIdent } from '../core/sql/identifier.ts';

/** Rows per page of the table browser. */
export const BROWSE_PAGE_ROWS = 50;

/** Values a facet lists at first, most frequent first; one more is asked for to tell that more exist. */
export const FACET_VALUES = 10;

/** Values each "Show more" adds to a facet. */
export const FACET_MORE = 20;

/** Most values one facet lists. */
export const FACET_MAX_VALUES = 1000;

/** Longest value (in bytes) a facet offers as a filter: a longer one is listed but cannot be picked. */
export const FACET_LITERAL_BYTES = 1000;

/** One filter: rows whose `column` IS the SQL literal `literal` (`NULL` for NULL). */
export interface BrowseFilter {
  readonly column: string;
  readonly literal: string;
}

/** What the browser shows: a table, its sort, and its filters (all must hold). */
export interface BrowseQuery {
  readonly table: string;
  readonly sort: { readonly column: string; readonly direction: 'asc' | 'desc' } | null;
  readonly filters: readonly BrowseFilter[];
}

const where = (filters: readonly BrowseFilter[]): string =>
  filters.length === 0 ? '' : ` WHERE ${filters.map((f) => `${quoteIdent(f.column)} IS ${f.literal}`).join(' AND ')}`;

/**
 * Every row the browser shows, in its order (what "Save all rows" exports).
 *
 * @example browseSql({ table: 'books', sort: { column: 'price', direction: 'desc' }, filters: [{ column: 'genre', literal: "'Poetry'" }] });
 * // `SELECT * FROM books WHERE genre IS 'Poetry' ORDER BY price DESC`
 */
export function browseSql(q: BrowseQuery): string {
  const order = q.sort === null ? '' : ` ORDER BY ${quoteIdent(q.sort.column)} ${q.sort.direction.toUpperCase()}`;
  return `SELECT * FROM ${quoteIdent(q.table)}${where(q.filters)}${order}`;
}

/**
 * One page of {@link browseSql} (0-based).
 *
 * @example pageSql({ table: 'books', sort: null, filters: [] }, 2); // 'SELECT * FROM books LIMIT 50 OFFSET 100'
 */
export function pageSql(q: BrowseQuery, page: number): string {
  return `${browseSql(q)} LIMIT ${BROWSE_PAGE_ROWS} OFFSET ${page * BROWSE_PAGE_ROWS}`;
}

/**
 * How many rows the filters leave.
 *
 * @example countSql({ table: 'books', sort: null, filters: [] }); // 'SELECT count(*) FROM books'
 */
export function countSql(q: BrowseQuery): string {
  return `SELECT count(*) FROM ${quoteIdent(q.table)}${where(q.filters)}`;
}

/**
 * A facet: the values of `column` among the filtered rows with how many rows
 * hold each, most frequent first (ties by value), `shown` + 1 of them (the
 * extra one tells that more exist); columns `value`, `n`, and `literal`, the
 * value as an SQL literal (NULL when it is longer than FACET_LITERAL_BYTES,
 * so not offered as a filter). Grouped and ordered by position, so a column
 * called `n` or `value` cannot be taken for the aliases.
 *
 * @example facetSql({ table: 'books', sort: null, filters: [] }, 'genre'); // the top 10, and one more if there is
 */
export function facetSql(q: BrowseQuery, column: string, shown = FACET_VALUES): string {
  const c = quoteIdent(column);
  const literal = `CASE WHEN ${c} IS NULL OR length(CAST(${c} AS BLOB)) <= ${FACET_LITERAL_BYTES} THEN quote(${c}) END`;
  return `SELECT ${c} AS value, count(*) AS n, ${literal} AS literal FROM ${quoteIdent(q.table)}${where(q.filters)} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${Math.min(shown, FACET_MAX_VALUES) + 1}`;
}
