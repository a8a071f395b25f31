/**
 * Foreign keys as links, as Datasette draws them: in the browsed table, a
 * value of a foreign-key column links to the row it names (the parent
 * table, filtered to that key: `#browse?table=authors&f.author_id=42`). A
 * composite key links on all its columns; a NULL (or blob) part links
 * nowhere. The title's names and values are shortened and isolated
 * (displayName). Pure (tested on Node).
 */
import type { Cell } from '../../core/exec/types.ts';
import type { TableInfo } from '../../core/schema.ts';
import { browseParams, cellLiteral } from './route.ts';
import { displayName, formatCell } from '../ui/format.ts';
import { routeHash } from '../router.ts';

/** A cell's link: where it goes and what it says on hover. */
export interface CellLink {
  readonly href: string;
  readonly title: string;
}

/**
 * For the rows of `table` (with `columns` as the result names them), the
 * link of each cell that holds a foreign key's value, or null.
 *
 * @example
 * const link = foreignKeyLinks(books, ['book_id', 'title', 'author_id']);
 * link([1, 'Dune', 42], 2); // { href: "#browse?table=authors&f.author_id=42", title: 'Open the \u2068authors\u2069 row whose \u2068author_id\u2069 is \u206842\u2069' }
 */
export function foreignKeyLinks(table: TableInfo, columns: readonly string[]): (row: readonly Cell[], column: number) => CellLink | null {
  const at = new Map(columns.map((c, i) => [c, i]));
  return (row, column) => {
    const name = columns[column];
    const fk = table.foreignKeys.find((k) => name !== undefined && k.from.includes(name));
    if (fk === undefined) return null;
    const filters: { column: string; literal: string }[] = [];
    const words: string[] = [];
    for (const [i, from] of fk.from.entries()) {
      const cell = row[at.get(from) ?? -1];
      const literal = cell === undefined || cell === null ? null : cellLiteral(cell);
      const to = fk.to[i];
      if (literal === null || to === undefined || to === '') return null;
      filters.push({ column: to, literal });
      words.push(`${displayName(to)} is ${displayName(formatCell(cell ?? null))}`);
    }
    const href = routeHash('browse', browseParams({ table: fk.table, sort: null, filters, facets: [], page: 0 }));
    return { href, title: `Open the ${displayName(fk.table)} row whose ${words.join(' and ')}` };
  };
}
