/**
 * What the table browser's parts share: the pool and the open database, the
 * controls, what it shows now (its state, how many values each facet lists),
 * the token that tells a page's late answer from the current one, and how a
 * person's step changes the state.
 */
import type { TableInfo } from '../../core/schema.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import type { DatabaseController } from '../database/database.ts';
import type { BrowseControls } from './controls.ts';
import { filterLabel, type LabelledFilter } from './facets.ts';
import { literalCell, type BrowseState } from './route.ts';
import type { BrowseTotals } from './status.ts';

/** No table chosen. */
export const NONE: BrowseState = { table: '', sort: null, filters: [], facets: [], page: 0 };

/** The browser's shared state; its parts read it when they run, as one closure would. */
export interface BrowseSession {
  readonly sqlPool: SqlPool;
  readonly dbs: DatabaseController;
  readonly controls: BrowseControls;
  readonly totals: BrowseTotals;
  state: BrowseState;
  /** Facet column → values listed. */
  shownValues: Map<string, number>;
  /** Bumped by each page shown; an answer for an older token is dropped. */
  token: number;
  /** A person's step: the state changed by `change` at page 0, a history entry, shown (focusing `focusColumn`'s header). */
  step(change: Partial<BrowseState>, focusColumn?: string): void;
}

/**
 * The open database's entry for the table `name` (the shown one by default).
 *
 * @example tableInfo(s)?.columns;
 */
export function tableInfo(s: BrowseSession, name = s.state.table): TableInfo | undefined {
  return s.dbs.current?.schema.tables.find((t) => t.name === name);
}

/**
 * The state's filters with the words each chip shows.
 *
 * @example labelledFilters(s)[0]?.label; // 'genre = Rock'
 */
export function labelledFilters(s: BrowseSession): LabelledFilter[] {
  return s.state.filters.map((f) => ({ ...f, label: filterLabel(f.column, literalCell(f.literal)) }));
}
