/**
 * The table browser's facets: one box per facet column, each one GROUP BY
 * query among the rows the filters leave; a value's click adds or removes its
 * filter, "Show more" lists more values and focuses the first new one, and
 * closing a box drops its facet.
 */
import { type BrowseFilter, FACET_MORE, FACET_VALUES, facetSql } from '../results/browse-sql.ts';
import { replace } from '../ui/dom.ts';
import { facetBox } from './facets.ts';
import type { BrowseSession } from './session.ts';

/**
 * Shows the state's facets on the database `key`, unless another page was shown meanwhile (`mine` is not the token).
 *
 * @example void showFacets(s, db.key, s.token);
 */
export async function showFacets(s: BrowseSession, key: string, mine: number): Promise<void> {
  const { facetsBox } = s.controls;
  if (s.state.facets.length === 0) return replace(facetsBox);
  const q = { table: s.state.table, sort: s.state.sort, filters: s.state.filters };
  const outcomes = await Promise.all(s.state.facets.map((c) => s.sqlPool.run(key, facetSql(q, c, s.shownValues.get(c) ?? FACET_VALUES))));
  if (mine !== s.token) return;
  replace(
    facetsBox,
    ...s.state.facets.map((column, i) =>
      facetBox({
        column,
        outcome: outcomes[i]!,
        shown: s.shownValues.get(column) ?? FACET_VALUES,
        isFiltered: (literal) => s.state.filters.some((f) => f.column === column && f.literal === literal),
        onPick: (f) => pickValue(s, f),
        onMore: () => showMore(s, key, column),
        onClose() {
          s.step({ facets: s.state.facets.filter((c) => c !== column) });
          s.controls.facetSelect.focus();
        },
      }),
    ),
  );
}

/** Adds the filter `f`, or removes it when it is already there, and moves focus to the status line. */
function pickValue(s: BrowseSession, f: BrowseFilter): void {
  const at = s.state.filters.findIndex((x) => x.column === f.column && x.literal === f.literal);
  s.step({ filters: at >= 0 ? s.state.filters.filter((_, k) => k !== at) : [...s.state.filters, { column: f.column, literal: f.literal }] });
  s.controls.status.focus();
}

/** Lists more of `column`'s values and focuses the first new one. */
function showMore(s: BrowseSession, key: string, column: string): void {
  s.shownValues.set(column, (s.shownValues.get(column) ?? FACET_VALUES) + FACET_MORE);
  void showFacets(s, key, s.token).then(() =>
    s.controls.facetsBox
      .querySelector<HTMLElement>(
        `[data-facet="${CSS.escape(column)}"] .facet-values li:nth-child(${(s.shownValues.get(column) ?? FACET_VALUES) - FACET_MORE + 1}) button`,
      )
      ?.focus(),
  );
}
