/**
 * How many rows the table browser's query holds, and the one line that says
 * which are shown of how many ("Rows 51–100 of 3,503 rows in Track where
 * genre = Rock."). The schema's count serves a table with no filter when it
 * is known; otherwise (a filter, a view, a big file's unknown count) one
 * count query runs, once per database and filter set.
 */
import type { TableInfo } from '../../core/schema.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { countSql, type BrowseQuery } from '../results/browse-sql.ts';
import type { LabelledFilter } from './facets.ts';
import { displayName, plural } from '../ui/format.ts';

/** How many rows: exactly, about (a big file's estimate), or not known. */
export type Total = { readonly kind: 'exact' | 'about'; readonly n: number } | { readonly kind: 'unknown' };

export interface BrowseTotals {
  /** The total of `q` on the database `key` (whose schema entry for the table is `info`). */
  of(key: string, q: BrowseQuery, info: TableInfo): Promise<Total>;
  /** Forgets the counts (another database is open). */
  reset(): void;
}

/**
 * Row totals over `pool`, each count query run once.
 *
 * @example const totals = browseTotals(sqlPool); const total = await totals.of(db.key, q, info);
 */
export function browseTotals(sqlPool: SqlPool): BrowseTotals {
  let counted = new Map<string, Promise<Total>>();
  return {
    of(key, q, info) {
      if (q.filters.length === 0 && (info.rowCountKind ?? 'exact') !== 'unknown') {
        return Promise.resolve({ kind: info.rowCountKind === 'estimate' ? 'about' : 'exact', n: info.rowCount });
      }
      const sql = countSql(q);
      let total = counted.get(`${key}\n${sql}`);
      if (total === undefined) {
        total = sqlPool.run(key, sql).then((r): Total => (r.ok ? { kind: 'exact', n: Number(r.rows[0]?.[0] ?? 0) } : { kind: 'unknown' }));
        counted.set(`${key}\n${sql}`, total);
      }
      return total;
    },
    reset() {
      counted = new Map();
    },
  };
}

/**
 * "Rows 51–100 of 3,503 rows in Track." (with the filters, "about" for an
 * estimate, and "the view" for a view); the table's name shortened and
 * isolated (displayName).
 *
 * @example statusLine({ table: 'books', sort: null, filters: [] }, books, 0, 50, { kind: 'exact', n: 320 }); // 'Rows 1–50 of 320 rows in \u2068books\u2069.'
 */
export function statusLine(
  q: { readonly table: string; readonly filters: readonly LabelledFilter[] },
  info: TableInfo,
  first: number,
  shown: number,
  total: Total,
): string {
  const table = displayName(q.table);
  const name = info.kind === 'view' ? `the view ${table}` : table;
  const where = q.filters.length === 0 ? '' : ` where ${q.filters.map((f) => f.label).join(' and ')}`;
  if (shown === 0 && first === 0)
    return q.filters.length === 0 ? `${info.kind === 'view' ? 'The view' : 'Table'} ${table} has no rows.` : `No rows in ${name}${where}.`;
  if (shown === 0) return `No rows past row ${first} in ${name}${where}.`;
  const of = total.kind === 'exact' ? ` of ${plural(total.n, 'row')}` : total.kind === 'about' ? ` of about ${plural(total.n, 'row')} (estimate)` : '';
  return `Rows ${first + 1}–${first + shown}${of} in ${name}${where}.`;
}
