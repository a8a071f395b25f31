/**
 * The schema of the open database as a browsable panel: one collapsible entry
 * per table (row count in its summary) listing columns, declared types, the
 * primary key, foreign keys and NOT NULL, then one per view (marked "view";
 * its rows counted only on demand, since counting runs its query), with a
 * filter over table, view and column names. A big file's counts are
 * estimates (or unknown), labelled so, with a button that counts one table
 * exactly on demand; (when given `onBrowse`) a button to browse each table's
 * or view's rows.
 *
 * Drawn in step with what is looked at, so a database of tens of thousands
 * of tables opens at once: the first {@link SCHEMA_TABLES_SHOWN} tables (or
 * filter matches) are listed, with a button for the next as many; a table's
 * columns are drawn when its entry is first opened; every name is shortened
 * and isolated (`<bdi>`, displayName), so no name's length or direction marks
 * reach the layout. 20,000 tables with markup names took 4.0–4.8 s to open.
 */
import type { ExecError } from '../../core/exec/types.ts';
import type { Schema, TableInfo } from '../../core/schema.ts';
import { el, replace } from '../ui/dom.ts';
import { displayName, NAME_DISPLAY_CHARS, plural, shortName, shortenText } from '../ui/format.ts';

/** Tables listed at once (and added by each "Show more"). */
export const SCHEMA_TABLES_SHOWN = 200;

/** A name drawn in the page: shortened, inside a `<bdi>` (its direction stays its own). */
const nameElement = (name: string, className?: string): HTMLElement => {
  const s = shortenText(name, NAME_DISPLAY_CHARS);
  return el('bdi', { class: className, title: s.cut ? `${plural(s.length, 'character')} long` : undefined }, s.text, s.cut ? '…' : '');
};

/** The key role of a column as short text: "PK", "PK 2", "FK → authors.author_id". */
function keyText(table: TableInfo, column: string): string {
  const parts: string[] = [];
  const pk = table.columns.find((c) => c.name === column)?.pk ?? 0;
  if (pk > 0) parts.push(table.primaryKey.length > 1 ? `PK ${pk}` : 'PK');
  for (const fk of table.foreignKeys) {
    const at = fk.from.indexOf(column);
    if (at >= 0) parts.push(`FK → ${shortName(fk.table)}.${shortName(fk.to[at] ?? '?')}`);
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
  const button = el(
    'button',
    { type: 'button', class: 'count-rows link-button', 'aria-label': `Count the rows of ${displayName(table.name)} exactly` },
    'count',
  );
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
  const name = displayName(table.name);
  // Two columns so the panel's width holds them: the name with example values under it, then the
  // declared type with the key role and NOT NULL. Drawn when the entry is first opened.
  const columns = (): HTMLElement =>
    el(
      'div',
      { class: 'table-scroll' },
      el(
        'table',
        { class: 'schema-columns' },
        el('caption', { class: 'visually-hidden' }, `Columns of ${name}`),
        el('thead', {}, el('tr', {}, ...['Column (examples)', 'Type and key'].map((h) => el('th', { scope: 'col' }, h)))),
        el(
          'tbody',
          {},
          ...table.columns.map((c) =>
            el(
              'tr',
              {},
              el(
                'th',
                { scope: 'row' },
                nameElement(c.name),
                c.samples.length > 0
                  ? el(
                      'span',
                      { class: 'samples' },
                      c.samples
                        .slice(0, 3)
                        .map((v) => shortName(v, 40))
                        .join(', '),
                    )
                  : null,
              ),
              el(
                'td',
                {},
                [c.type ? shortName(c.type, 40) : '(no type)', keyText(table, c.name), c.notNull ? 'NOT NULL' : ''].filter((x) => x !== '').join(' · '),
              ),
            ),
          ),
        ),
      ),
    );
  const view = table.kind === 'view';
  const entry = el(
    'details',
    { class: `schema-table${view ? ' schema-view' : ''}`, 'data-table': table.name, 'data-kind': view ? 'view' : 'table' },
    el(
      'summary',
      {},
      nameElement(table.name, 'table-name'),
      ' ',
      view ? el('span', { class: 'badge kind-view' }, 'view') : null,
      ' ',
      rowsPart(table, countRows),
    ),
    onBrowse ? el('button', { type: 'button', class: 'small browse', onclick: () => onBrowse(table.name) }, `Browse rows of ${name}`) : null,
    view && table.columns.length === 0
      ? el('p', { class: 'muted' }, "SQLite cannot read this view's columns (a table or column its query names is missing); browsing it says why.")
      : null,
  );
  entry.addEventListener('toggle', () => {
    if (entry.open && entry.querySelector('.table-scroll') === null) entry.append(columns());
  });
  return entry;
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
  const list = el('div', { class: 'schema-list' });
  const more = el('p', { class: 'muted schema-more' });
  const filter = el('input', { type: 'search', id: 'schema-filter', placeholder: 'Filter tables and columns', 'aria-label': 'Filter tables and columns' });
  const entries = new Map<number, HTMLDetailsElement>();
  const entryOf = (i: number): HTMLDetailsElement => {
    let e = entries.get(i);
    if (e === undefined) entries.set(i, (e = tableEntry(schema.tables[i] as TableInfo, actions)));
    return e;
  };
  let shown = SCHEMA_TABLES_SHOWN;
  const draw = (): void => {
    const q = filter.value.trim().toLowerCase();
    const matches =
      q === ''
        ? schema.tables.map((_, i) => i)
        : schema.tables.flatMap((t, i) => (t.name.toLowerCase().includes(q) || t.columns.some((c) => c.name.toLowerCase().includes(q)) ? [i] : []));
    const listed = matches.slice(0, shown).map(entryOf);
    for (const e of listed) if (q !== '') e.open = true;
    replace(list, ...listed);
    const rest = matches.length - listed.length;
    replace(
      more,
      rest <= 0
        ? ''
        : el(
            'span',
            {},
            `${plural(listed.length, 'table')} of ${plural(matches.length, q === '' ? 'table' : 'match', 'matches')} shown. `,
            el(
              'button',
              {
                type: 'button',
                class: 'small',
                id: 'schema-show-more',
                onclick: () => {
                  shown += SCHEMA_TABLES_SHOWN;
                  draw();
                },
              },
              `Show ${Math.min(rest, SCHEMA_TABLES_SHOWN).toLocaleString('en-US')} more`,
            ),
            q === '' ? ' or type in the filter.' : ' or narrow the filter.',
          ),
    );
  };
  filter.addEventListener('input', () => {
    shown = SCHEMA_TABLES_SHOWN;
    draw();
  });
  draw();
  const tables = schema.tables.filter((t) => t.kind !== 'view');
  const views = schema.tables.length - tables.length;
  const total = tables.reduce((s, t) => s + t.rowCount, 0);
  const estimated = tables.some((t) => t.rowCountKind === 'estimate' || t.rowCountKind === 'unknown');
  const rowsTotal = estimated ? `about ${plural(total, 'row')} (estimated without scanning the file)` : plural(total, 'row');
  replace(
    root,
    el('h2', { id: 'schema-heading' }, 'Schema'),
    el(
      'p',
      { class: 'muted schema-summary' },
      `${name}: ${plural(tables.length, 'table')}${views > 0 ? `, ${plural(views, 'view')}` : ''}, ${rowsTotal}${views > 0 ? ' in its tables' : ''}`,
    ),
    filter,
    list,
    more,
  );
}

/**
 * The options of a table chooser: the tables, then the views in a group of their own.
 *
 * @example select.append(el('option', { value: '' }, '(choose)'), ...tableOptions(db.schema));
 */
export function tableOptions(schema: Schema): HTMLElement[] {
  const option = (t: TableInfo): HTMLOptionElement => el('option', { value: t.name }, displayName(t.name));
  const views = schema.tables.filter((t) => t.kind === 'view');
  const tables = schema.tables.filter((t) => t.kind !== 'view').map(option);
  return views.length === 0 ? tables : [el('optgroup', { label: 'Tables' }, ...tables), el('optgroup', { label: 'Views' }, ...views.map(option))];
}
