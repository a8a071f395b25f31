/**
 * The table browser's controls: the table, sort, direction and facet menus,
 * the paging buttons, the status and note lines and the boxes its parts fill;
 * the section that lays them out; and the menus set to what a state shows.
 */
import type { TableInfo } from '../../core/schema.ts';
import { el, replace } from '../ui/dom.ts';
import { displayName } from '../ui/format.ts';
import type { BrowseState } from './route.ts';

/** The browser's elements, each filled by one part. */
export interface BrowseControls {
  readonly tableSelect: HTMLSelectElement;
  readonly sortSelect: HTMLSelectElement;
  readonly direction: HTMLSelectElement;
  readonly facetSelect: HTMLSelectElement;
  readonly addFacet: HTMLButtonElement;
  readonly prev: HTMLButtonElement;
  readonly next: HTMLButtonElement;
  readonly status: HTMLParagraphElement;
  readonly note: HTMLParagraphElement;
  readonly chipsBox: HTMLDivElement;
  readonly facetsBox: HTMLDivElement;
  readonly out: HTMLDivElement;
  readonly saveBox: HTMLDivElement;
}

/**
 * The controls, empty.
 *
 * @example const c = browseControls(); c.tableSelect.value = 'books';
 */
export function browseControls(): BrowseControls {
  return {
    tableSelect: el('select', { id: 'browse-table' }),
    sortSelect: el('select', { id: 'browse-sort' }),
    direction: el('select', { id: 'browse-direction' }, el('option', { value: 'asc' }, 'ascending'), el('option', { value: 'desc' }, 'descending')),
    facetSelect: el('select', { id: 'browse-facet' }),
    addFacet: el('button', { type: 'button', id: 'browse-add-facet' }, 'Show values'),
    prev: el('button', { type: 'button', id: 'browse-prev' }, 'Previous 50'),
    next: el('button', { type: 'button', id: 'browse-next' }, 'Next 50'),
    status: el('p', { class: 'muted', id: 'browse-status', 'aria-live': 'polite', tabindex: -1 }),
    note: el('p', { class: 'notice', id: 'browse-note', hidden: true }),
    chipsBox: el('div', { class: 'browse-filters' }),
    facetsBox: el('div', { class: 'facets' }),
    out: el('div', { class: 'browse-out' }),
    saveBox: el('div', { class: 'browse-save' }),
  };
}

/**
 * The browser's section: heading, note, menus, hint, filter chips, facets, status, rows, paging and saving.
 *
 * @example document.body.append(browseSection(browseControls()));
 */
export function browseSection(c: BrowseControls): HTMLElement {
  return el(
    'section',
    { class: 'table-browser', 'aria-labelledby': 'browse-heading' },
    el('h2', { id: 'browse-heading' }, 'Browse a table'),
    c.note,
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'browse-table' }, 'Table'),
      c.tableSelect,
      el('label', { for: 'browse-sort' }, 'Sort by'),
      c.sortSelect,
      el('label', { for: 'browse-direction', class: 'visually-hidden' }, 'Direction'),
      c.direction,
      el('label', { for: 'browse-facet' }, 'Facet'),
      c.facetSelect,
      c.addFacet,
    ),
    el(
      'p',
      { class: 'muted browse-hint' },
      "Click a column header to sort by it. A facet lists a column's values with how many rows hold each; click a value to show only those rows. A linked value opens the row it refers to.",
    ),
    c.chipsBox,
    c.facetsBox,
    c.status,
    c.out,
    el('div', { class: 'row' }, c.prev, c.next),
    c.saveBox,
  );
}

/**
 * Sets the menus to `state`: its table, the sort and facet menus listing `columns`, its sort and direction.
 *
 * @example syncControls(c, state, info.columns);
 */
export function syncControls(c: BrowseControls, state: BrowseState, columns: TableInfo['columns']): void {
  c.tableSelect.value = state.table;
  replace(c.sortSelect, el('option', { value: '' }, '(table order)'), ...columns.map((col) => el('option', { value: col.name }, displayName(col.name))));
  replace(c.facetSelect, ...columns.map((col) => el('option', { value: col.name }, displayName(col.name))));
  c.sortSelect.value = state.sort?.column ?? '';
  c.direction.value = state.sort?.direction ?? 'asc';
  c.addFacet.disabled = columns.length === 0;
}

/**
 * Empties the status, chips, facets, saving and rows, and disables paging (no table or no database).
 *
 * @example clearControls(c);
 */
export function clearControls(c: BrowseControls): void {
  for (const box of [c.status, c.chipsBox, c.facetsBox, c.saveBox, c.out]) replace(box);
  c.prev.disabled = true;
  c.next.disabled = true;
}
