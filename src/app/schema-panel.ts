/**
 * The schema of the open database as a browsable panel: one collapsible entry
 * per table (row count in its summary) listing columns, declared types, the
 * primary key, foreign keys and NOT NULL, with a filter over table and column
 * names, and (when given `onBrowse`) a button to browse each table's rows.
 */
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

function tableEntry(table: TableInfo, onBrowse?: (table: string) => void): HTMLDetailsElement {
  // Two columns so the panel's width holds them: the name with example values under it, then the
  // declared type with the key role and NOT NULL.
  const rows = table.columns.map((c) =>
    el('tr', {},
      el('th', { scope: 'row' }, c.name, c.samples.length > 0 ? el('span', { class: 'samples' }, c.samples.slice(0, 3).join(', ')) : null),
      el('td', {}, [c.type || '(no type)', keyText(table, c.name), c.notNull ? 'NOT NULL' : ''].filter((x) => x !== '').join(' · ')),
    ),
  );
  return el('details', { class: 'schema-table', 'data-table': table.name },
    el('summary', {}, el('span', { class: 'table-name' }, table.name), ' ', el('span', { class: 'muted' }, `${plural(table.rowCount, 'row')}, ${plural(table.columns.length, 'column')}`)),
    onBrowse ? el('button', { type: 'button', class: 'small browse', onclick: () => onBrowse(table.name) }, `Browse rows of ${table.name}`) : null,
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
 * @example renderSchemaPanel(aside, db.schema, 'demo.sqlite');
 */
export function renderSchemaPanel(root: HTMLElement, schema: Schema, name: string, onBrowse?: (table: string) => void): void {
  const list = el('div', { class: 'schema-list' }, ...schema.tables.map((t) => tableEntry(t, onBrowse)));
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
  const total = schema.tables.reduce((s, t) => s + t.rowCount, 0);
  replace(root,
    el('h2', { id: 'schema-heading' }, 'Schema'),
    el('p', { class: 'muted' }, `${name}: ${plural(schema.tables.length, 'table')}, ${plural(total, 'row')}`),
    filter,
    list,
  );
}
