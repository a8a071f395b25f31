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
import { quoteIdent } from '../../core/sql/identifier.ts';

/** Rows per page of the table browser. */
export const BROWSE_PAGE_ROWS = 50;

/** Time limit of a page of rows: a page reads each long value once to cut it (a 100 MB cell about 0.4 s) and may sort a big table. */
export const BROWSE_PAGE_TIMEOUT_MS = 30_000;

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

/** Characters of a text cell the table browser reads with a page or an export (a longer value is read in pieces when shown or saved). */
export const BROWSE_CELL_CHARS = 2_000;

/** Characters of a long value read per piece. */
export const PIECE_CHARS = 24_000_000;

/**
 * Whether a table's rows can be named by `_rowid_`: an ordinary table (not a
 * view, not WITHOUT ROWID) with no column of that name.
 *
 * @example hasRowid({ sql: 'CREATE TABLE t (a)', columns: [{ name: 'a' }] }); // true
 */
export function hasRowid(table: { readonly sql: string; readonly columns: readonly { readonly name: string }[] }): boolean {
  const options = table.sql.slice(table.sql.lastIndexOf(')') + 1); // WITHOUT ROWID, STRICT … follow the column list
  return /^\s*CREATE\s+TABLE\b/i.test(table.sql) && !/\bWITHOUT\s+ROWID\b/i.test(options) && !table.columns.some((c) => c.name.toLowerCase() === '_rowid_');
}

/** The SELECT list, FROM, WHERE and ORDER BY of {@link cappedSql} (columns qualified, so no alias is taken for them). */
function cappedBody(q: BrowseQuery, columns: readonly string[], rowid: boolean, extra = ''): string {
  const t = quoteIdent(q.table);
  const col = (c: string): string => `${t}.${quoteIdent(c)}`;
  // octet_length reads a value's size from its record without loading it (length() counts characters, so it loads
  // the whole value): only a text of more bytes than the cap is cut, and only its length is counted.
  const long = (c: string): string => `typeof(${col(c)}) = 'text' AND octet_length(${col(c)}) > ${BROWSE_CELL_CHARS}`;
  const values = columns.map((c, i) => `CASE WHEN ${long(c)} THEN substr(${col(c)}, 1, ${BROWSE_CELL_CHARS}) ELSE ${col(c)} END AS "v${i}"`);
  const lengths = columns.map((c, i) => `CASE WHEN ${long(c)} THEN nullif(max(length(${col(c)}), ${BROWSE_CELL_CHARS}), ${BROWSE_CELL_CHARS}) END AS "n${i}"`);
  const id = rowid ? [`${t}._rowid_ AS "r"`] : [];
  const order = q.sort === null ? '' : ` ORDER BY ${col(q.sort.column)} ${q.sort.direction.toUpperCase()}`;
  return `SELECT ${[...values, ...lengths, ...id].join(', ')}${extra} FROM ${t}${where(q.filters)}${order}`;
}

/**
 * {@link browseSql} with every text value past {@link BROWSE_CELL_CHARS}
 * characters cut to them: columns `v0…` (the values), `n0…` (each cut
 * value's whole length, else NULL) and, with `rowid` (see {@link hasRowid}),
 * `r` (the row's rowid), in the browser's order; one page of it when `page`
 * is given. A 100 MB cell read whole passed the result budget ("add a
 * LIMIT"); cut, a page of it is small, and the whole value is read in pieces
 * ({@link pieceSql}) when it is shown or saved.
 *
 * @example cappedSql({ table: 'notes', sort: null, filters: [] }, ['body'], true, 0);
 * // SELECT CASE WHEN typeof(notes.body) = 'text' AND octet_length(notes.body) > 2000 THEN substr(notes.body, 1, 2000) ELSE notes.body END AS "v0", CASE … END AS "n0", notes._rowid_ AS "r" FROM notes LIMIT 50 OFFSET 0
 */
export function cappedSql(q: BrowseQuery, columns: readonly string[], rowid: boolean, page?: number): string {
  return `${cappedBody(q, columns, rowid)}${page === undefined ? '' : ` LIMIT ${BROWSE_PAGE_ROWS} OFFSET ${page * BROWSE_PAGE_ROWS}`}`;
}

/** Which row a piece comes from: by its rowid, or (a table without one) by its place in {@link cappedSql}'s order. */
export type RowRef = { readonly rowid: number | string } | { readonly offset: number };

/**
 * One piece of one value: `chars` characters of `column` from character
 * `from` (1-based), as the piece's only column (`piece`). A row named by its
 * rowid is read by it alone; a row named by its place selects what
 * cappedSql selects, so SQLite reads the rows in the same order (a query
 * naming fewer columns may take another index and another order).
 *
 * @example pieceSql({ table: 'notes', sort: null, filters: [] }, ['body'], { rowid: 2 }, 'body', 1, 16000000);
 * // SELECT substr(notes.body, 1, 16000000) AS "piece" FROM notes WHERE notes._rowid_ = 2
 */
export function pieceSql(q: BrowseQuery, columns: readonly string[], row: RowRef, column: string, from: number, chars: number): string {
  const t = quoteIdent(q.table);
  const piece = `substr(${t}.${quoteIdent(column)}, ${from}, ${chars}) AS "piece"`;
  if ('rowid' in row) {
    // A rowid past 2^53 comes from the worker as its decimal text: written as it is, it stays exact.
    const id = typeof row.rowid === 'number' ? String(row.rowid) : /^-?\d+$/.test(row.rowid) ? row.rowid : 'NULL';
    return `SELECT ${piece} FROM ${t} WHERE ${t}._rowid_ = ${id}`;
  }
  return `${cappedBody(q, columns, false, `, ${piece}`)} LIMIT 1 OFFSET ${row.offset}`;
}
