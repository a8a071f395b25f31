/**
 * The schema of the open database as a browsable panel: one collapsible entry
 * per table (row count in its summary) listing columns, declared types, the
 * primary key, foreign keys and NOT NULL, then one per view (marked "view";
 * its rows counted only on demand, since counting runs its query), with a
 * filter over table, view and column names. A big file's counts are
 * estimates (or unknown), labelled so, with a button that counts one table
 * exactly on demand; (when given `onBrowse`) a button to browse each table's
 * or view's rows.
 */
import type { ExecError } from '../core/exec/types.ts';
import type { Schema, TableInfo } from '../core/schema.ts';
import { el, replace } from './dom.ts';
import { plural } from './format.ts';

/** The key role of a column as short text: "PK", "PK 2", "FK → authors.author_id". */
function keyText(table: TableInfo, column: string): string {
  const parts: string[] = [];
  const pk = table.columns.find((c) => c.name === column)?.pk ?? 0;
  if (pk > 0) parts.push(table.primaryKey.length > 1 ? `PK ${pk}` : 'PK');
  for (const fk of table.foreignKeys) {
    const at = fk.from.indexOf(column);
    if (at >= 0) parts.push(`FK → ${fk.table}.${fk.to[at] ?? '?'}`);
  }
  return parts.join(', ');
}

/** Counts one table exactly (a full scan), as DatabaseController.countRows does. */
export type CountRows = (table: string) => Promise<{ readonly ok: true; readonly count: number } | { readonly ok: false; readonly error: ExecError }>;

/** "6 rows", "about 1,048,576 rows (estimate)" or "rows not counted". */
export function rowsText(table: TableInfo): string {
  if (table.rowCountKind === 'unknown') return 'rows not counted';
  const text = plural(table.rowCount, 'row');
  return table.rowCountKind === 'estimate' ? `about ${text} (estimate)` : text;
}

/** The row count, and for an estimate a button that replaces it with the exact count. */
function rowsPart(table: TableInfo, countRows?: CountRows): HTMLElement {
  const label = el('span', { class: 'muted row-count' }, `${rowsText(table)}, ${plural(table.columns.length, 'column')}`);
  const exact = table.rowCountKind === undefined || table.rowCountKind === 'exact';
  if (exact || countRows === undefined) return label;
  const button = el('button', { type: 'button', class: 'count-rows link-button', 'aria-label': `Count the rows of ${table.name} exactly` }, 'count');
  button.addEventListener('click', async (e) => {
    e.preventDefault(); // inside <summary>: do not toggle the entry
    button.disabled = true;
    replace(button, 'counting…');
    const r = await countRows(table.name);
    if (r.ok) {
      replace(label, `${plural(r.count, 'row')} (counted), ${plural(table.columns.length, 'column')}`);
      button.remove();
    } else {
      button.disabled = false;
      replace(button, 'count');
      button.title = `${r.error.code}: ${r.error.message}`;
      replace(label, `${rowsText(table)} (counting failed: ${r.error.code}), ${plural(table.columns.length, 'column')}`);
    }
  });
  return el('span', {}, label, ' ', button);
}

/** What the panel can do beyond listing: count a table exactly, browse its rows. */
export interface SchemaPanelActions {
  readonly countRows?: CountRows;
  readonly onBrowse?: (table: string) => void;
}

function tableEntry(table: TableInfo, actions: SchemaPanelActions): HTMLDetailsElement {
  const { countRows, onBrowse } = actions;
  // Two columns so the panel's width holds them: the name with example values under it, then the
  // declared type with the key role and NOT NULL.
  const rows = table.columns.map((c) =>
    el('tr', {},
      el('th', { scope: 'row' }, c.name, c.samples.length > 0 ? el('span', { class: 'samples' }, c.samples.slice(0, 3).join(', ')) : null),
      el('td', {}, [c.type || '(no type)', keyText(table, c.name), c.notNull ? 'NOT NULL' : ''].filter((x) => x !== '').join(' · ')),
    ),
  );
  const view = table.kind === 'view';
  return el('details', { class: `schema-table${view ? ' schema-view' : ''}`, 'data-table': table.name, 'data-kind': view ? 'view' : 'table' },
    el('summary', {}, el('span', { class: 'table-name' }, table.name), ' ', view ? el('span', { class: 'badge kind-view' }, 'view') : null, ' ', rowsPart(table, countRows)),
    onBrowse ? el('button', { type: 'button', class: 'small browse', onclick: () => onBrowse(table.name) }, `Browse rows of ${table.name}`) : null,
    view && table.columns.length === 0 ? el('p', { class: 'muted' }, 'SQLite cannot read this view\'s columns (a table or column its query names is missing); browsing it says why.') : null,
    el('div', { class: 'table-scroll' },
      el('table', { class: 'schema-columns' },
        el('caption', { class: 'visually-hidden' }, `Columns of ${table.name}`),
        el('thead', {}, el('tr', {}, ...['Column (examples)', 'Type and key'].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, ...rows),
      ),
    ),
  );
}

/**
 * Renders `schema` into `root` (replacing what was there).
 *
 * `actions.countRows`, when given, backs the "count" button of estimated counts;
 * `actions.onBrowse` adds a button that browses a table's rows.
 *
 * @example renderSchemaPanel(aside, db.schema, 'demo.sqlite', { countRows: (t) => dbs.countRows(t) });
 */
export function renderSchemaPanel(root: HTMLElement, schema: Schema, name: string, actions: SchemaPanelActions = {}): void {
  const list = el('div', { class: 'schema-list' }, ...schema.tables.map((t) => tableEntry(t, actions)));
  const filter = el('input', { type: 'search', id: 'schema-filter', placeholder: 'Filter tables and columns', 'aria-label': 'Filter tables and columns' });
  filter.addEventListener('input', () => {
    const q = filter.value.trim().toLowerCase();
    for (const [i, entry] of Array.from(list.children).entries()) {
      const t = schema.tables[i];
      const hit = q === '' || t.name.toLowerCase().includes(q) || t.columns.some((c) => c.name.toLowerCase().includes(q));
      (entry as HTMLElement).hidden = !hit;
      if (q !== '' && hit) (entry as HTMLDetailsElement).open = true;
    }
  });
  const tables = schema.tables.filter((t) => t.kind !== 'view');
  const views = schema.tables.length - tables.length;
  const total = tables.reduce((s, t) => s + t.rowCount, 0);
  const estimated = tables.some((t) => t.rowCountKind === 'estimate' || t.rowCountKind === 'unknown');
  const rowsTotal = estimated ? `about ${plural(total, 'row')} (estimated without scanning the file)` : plural(total, 'row');
  replace(root,
    el('h2', { id: 'schema-heading' }, 'Schema'),
    el('p', { class: 'muted schema-summary' }, `${name}: ${plural(tables.length, 'table')}${views > 0 ? `, ${plural(views, 'view')}` : ''}, ${rowsTotal}${views > 0 ? ' in its tables' : ''}`),
    filter,
    list,
  );
}

/**
 * The options of a table chooser: the tables, then the views in a group of their own.
 *
 * @example select.append(el('option', { value: '' }, '(choose)'), ...tableOptions(db.schema));
 */
export function tableOptions(schema: Schema): HTMLElement[] {
  const option = (t: TableInfo): HTMLOptionElement => el('option', { value: t.name }, t.name);
  const views = schema.tables.filter((t) => t.kind === 'view');
  const tables = schema.tables.filter((t) => t.kind !== 'view').map(option);
  return views.length === 0 ? tables : [el('optgroup', { label: 'Tables' }, ...tables), el('optgroup', { label: 'Views' }, ...views.map(option))];
}
