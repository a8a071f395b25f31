/**
 * The table browser's state in its URL, as Datasette keeps a table page's:
 * `#browse?table=books&sort=price&dir=desc&facet=genre&f.genre='Poetry'&page=2`.
 * `table` names the table or view, `sort` and `dir` (`desc`; ascending when
 * absent) its order, each `facet` a column whose values are counted, each
 * `f.<column>` a filter (rows whose column IS that SQLite literal: a number,
 * a 'string', X'blob' or NULL), and `page` the page (1-based; absent for
 * the first). Reading a link checks it against the open schema: a column
 * the table lacks, or a filter value that is not a plain literal, is left
 * out and said, so a link can never put anything but a literal into SQL.
 * Pure (tested on Node).
 */
import type { Cell } from '../../core/exec/types.ts';
import type { TableInfo } from '../../core/schema.ts';
import type { BrowseFilter, BrowseQuery } from '../results/browse-sql.ts';
import type { RouteParams } from '../router.ts';

/** What the browser shows: its query, the facets open, and the page (0-based). */
export interface BrowseState extends BrowseQuery {
  readonly facets: readonly string[];
  readonly page: number;
}

/** A filter parameter's name prefix: `f.genre`. */
const FILTER = 'f.';

/** SQLite literals a filter may hold: NULL, a number, a 'string' (quotes doubled) or X'hex'. */
const LITERAL = /^(NULL|-?\d+(\.\d+)?([eE][-+]?\d+)?|'(?:[^']|'')*'|[xX]'(?:[0-9a-fA-F]{2})*')$/s;

/**
 * Whether `text` is one SQLite literal and nothing else.
 *
 * @example isSqlLiteral("'O''Neil'"); // true
 * @example isSqlLiteral("1 OR 1=1"); // false
 */
export const isSqlLiteral = (text: string): boolean => LITERAL.test(text);

/**
 * The value a literal stands for, as a result cell (for the filter's words).
 *
 * @example literalCell("'O''Neil'"); // "O'Neil"
 */
export function literalCell(literal: string): Cell {
  if (literal === 'NULL') return null;
  if (literal.startsWith("'")) return literal.slice(1, -1).replaceAll("''", "'");
  if (/^[xX]'/.test(literal)) return { blob: literal.slice(2, -1).toLowerCase(), bytes: (literal.length - 3) / 2 };
  return Number(literal);
}

/**
 * A cell as the SQLite literal that matches it with IS (null for a blob, which is not linked).
 *
 * @example cellLiteral("O'Neil"); // "'O''Neil'"
 */
export function cellLiteral(cell: Cell): string | null {
  if (cell === null) return 'NULL';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : null;
  if (typeof cell === 'string') return `'${cell.replaceAll("'", "''")}'`;
  return null;
}

/**
 * The URL parameters of a state.
 *
 * @example browseParams({ table: 'books', sort: null, filters: [], facets: ['genre'], page: 0 }); // { table: 'books', facet: ['genre'] }
 */
export function browseParams(s: BrowseState): RouteParams {
  const out: Record<string, string | string[]> = { table: s.table };
  if (s.sort !== null) out.sort = s.sort.column;
  if (s.sort?.direction === 'desc') out.dir = 'desc';
  if (s.facets.length > 0) out.facet = [...s.facets];
  for (const f of s.filters) out[FILTER + f.column] = [...(out[FILTER + f.column] ?? []), f.literal];
  if (s.page > 0) out.page = String(s.page + 1);
  return out;
}

/** Most characters of names and literals Browse writes into the URL, as the console caps its links. */
export const BROWSE_LINK_MAX_CHARS = 8_000;

/**
 * {@link browseParams} when its names and literals fit in
 * {@link BROWSE_LINK_MAX_CHARS}, else none: a table or column named by tens
 * of thousands of characters stays out of the URL (written on every step, it
 * stalled the page), as a long query stays out of the console's link.
 *
 * @example linkParams({ table: 'books', sort: null, filters: [], facets: [], page: 0 }); // { table: 'books' }
 */
export function linkParams(s: BrowseState): RouteParams {
  const params = browseParams(s);
  let chars = 0;
  for (const [k, v] of Object.entries(params)) chars += k.length + (typeof v === 'string' ? v.length : v.reduce((n, x) => n + x.length, 0));
  return chars <= BROWSE_LINK_MAX_CHARS ? params : {};
}

/** A state read from a link, and what of the link was left out (in words). */
export interface ReadState {
  readonly state: BrowseState;
  readonly dropped: readonly string[];
}

/**
 * Reads a link's parameters for `table` (the schema's entry for its `table`
 * parameter); whatever names a column it lacks or is not a literal is dropped.
 *
 * @example readBrowseParams(new URLSearchParams('table=books&sort=price&dir=desc'), books).state.sort; // { column: 'price', direction: 'desc' }
 */
export function readBrowseParams(params: URLSearchParams, table: TableInfo): ReadState {
  const dropped: string[] = [];
  const byLower = new Map(table.columns.map((c) => [c.name.toLowerCase(), c.name]));
  const column = (name: string, what: string): string | null => {
    const found = byLower.get(name.toLowerCase()) ?? null;
    if (found === null) dropped.push(`${what} on "${name}" (${table.name} has no such column)`);
    return found;
  };
  const sortName = params.get('sort');
  const sortColumn = sortName === null ? null : column(sortName, 'the sort');
  const facets = [
    ...new Set(
      params
        .getAll('facet')
        .map((f) => column(f, 'the facet'))
        .filter((c): c is string => c !== null),
    ),
  ];
  const filters: BrowseFilter[] = [];
  for (const [key, literal] of params) {
    if (!key.startsWith(FILTER)) continue;
    const c = column(key.slice(FILTER.length), 'the filter');
    if (c === null) continue;
    if (!isSqlLiteral(literal)) dropped.push(`the filter on "${c}" (its value is not a plain SQL literal)`);
    else filters.push({ column: c, literal });
  }
  const page = Number(params.get('page') ?? '1');
  return {
    state: {
      table: table.name,
      sort: sortColumn === null ? null : { column: sortColumn, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' },
      filters,
      facets,
      page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    },
    dropped,
  };
}
