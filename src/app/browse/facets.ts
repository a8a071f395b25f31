/**
 * Facets, as in Datasette: for a column the person picks, the values its
 * rows hold with how many rows hold each (most frequent first), among the
 * rows the filters leave; clicking a value filters the table to it, and each
 * filter shows as a chip that removes it. A facet lists the 10 most frequent
 * values at first; "Show more" lists 20 more each time, up to 1,000. Each facet is one read-only,
 * time-limited GROUP BY query in the SQL pool (browse-sql.ts); this module
 * only draws them and reports clicks.
 */
import type { Cell, ExecOutcome } from '../../core/exec/types.ts';
import { FACET_MAX_VALUES, FACET_MORE, FACET_VALUES, type BrowseFilter } from '../results/browse-sql.ts';
import { el } from '../ui/dom.ts';
import { execErrorView } from '../ui/exec-error-view.ts';
import { displayName, formatCell, plural, shortenText } from '../ui/format.ts';

/** A filter with the words it is shown in. */
export interface LabelledFilter extends BrowseFilter {
  readonly label: string;
}

/**
 * How a filter reads: `genre = Poetry`, `born is NULL`.
 *
 * @example filterLabel('genre', 'Poetry'); // 'genre = Poetry'
 */
export function filterLabel(column: string, value: Cell): string {
  return value === null ? `${displayName(column)} is NULL` : `${displayName(column)} = ${displayName(formatCell(value), 60)}`;
}

/**
 * The filter chips: one button per filter, each removing its filter.
 *
 * @example box.replaceChildren(filterChips(filters, (i) => remove(i)));
 */
export function filterChips(filters: readonly LabelledFilter[], onRemove: (index: number) => void): HTMLElement | null {
  if (filters.length === 0) return null;
  return el(
    'ul',
    { class: 'filter-chips', 'aria-label': 'Filters' },
    ...filters.map((f, i) =>
      el(
        'li',
        {},
        el(
          'button',
          { type: 'button', class: 'chip filter-chip', 'aria-label': `Remove filter ${f.label}`, onclick: () => onRemove(i) },
          f.label,
          el('span', { 'aria-hidden': 'true', class: 'chip-x' }, ' ×'),
        ),
      ),
    ),
  );
}

export interface FacetBoxOptions {
  readonly column: string;
  /** The facet query's outcome: rows of [value, count, literal], one more than `shown` when more exist. */
  readonly outcome: ExecOutcome;
  /** How many values to list (FACET_VALUES at first). */
  readonly shown?: number;
  /** Lists more values (the caller asks for them); without it there is no "Show more". */
  onMore?(): void;
  /** Whether a filter already picks this value's literal. */
  isFiltered(literal: string): boolean;
  onPick(filter: LabelledFilter): void;
  onClose(): void;
}

/**
 * One facet's box: the column, its values with their row counts (each a
 * toggle button), "Show more" when more exist, and a button that closes the
 * facet.
 *
 * @example facetsBox.append(facetBox({ column: 'genre', outcome, isFiltered, onPick, onClose }));
 */
export function facetBox(o: FacetBoxOptions): HTMLElement {
  const title = `facet-${o.column.slice(0, 80).replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const head = el(
    'div',
    { class: 'facet-head' },
    el('h3', { id: title }, displayName(o.column)),
    el('button', { type: 'button', class: 'small facet-close', 'aria-label': `Close the facet on ${displayName(o.column)}`, onclick: o.onClose }, '×'),
  );
  if (!o.outcome.ok) {
    return el('section', { class: 'facet', 'aria-labelledby': title, 'data-facet': o.column }, head, ...execErrorView(o.outcome.error, { alert: false }));
  }
  const shown = o.shown ?? FACET_VALUES;
  const rows = o.outcome.rows.slice(0, shown);
  const more = o.outcome.rows.length > shown;
  const items = rows.map(([value, n, literal]) => {
    const count = el('span', { class: 'facet-count' }, Number(n).toLocaleString('en-US'));
    const text = value === null ? el('span', { class: 'null' }, 'NULL') : shortenText(formatCell(value ?? null), 60).text;
    if (typeof literal !== 'string') return el('li', {}, el('span', { class: 'facet-value', title: 'Too long to filter by' }, text), ' ', count);
    const on = o.isFiltered(literal);
    return el(
      'li',
      {},
      el(
        'button',
        {
          type: 'button',
          class: 'link facet-value',
          'aria-pressed': String(on),
          'aria-label': `${on ? 'Remove the filter' : 'Filter to'} ${filterLabel(o.column, value ?? null)} (${plural(Number(n), 'row')})`,
          onclick: () => o.onPick({ column: o.column, literal, label: filterLabel(o.column, value ?? null) }),
        },
        text,
      ),
      ' ',
      count,
    );
  });
  return el(
    'section',
    { class: 'facet', 'aria-labelledby': title, 'data-facet': o.column },
    head,
    rows.length === 0 ? el('p', { class: 'muted' }, 'No rows.') : el('ul', { class: 'facet-values' }, ...items),
    more
      ? el(
          'p',
          { class: 'muted facet-more' },
          `The ${shown} most frequent values; more exist. `,
          o.onMore !== undefined && shown < FACET_MAX_VALUES
            ? el(
                'button',
                {
                  type: 'button',
                  class: 'small facet-show-more',
                  'aria-label': `Show ${FACET_MORE} more values of ${displayName(o.column)}`,
                  onclick: o.onMore,
                },
                'Show more',
              )
            : null,
        )
      : null,
  );
}
