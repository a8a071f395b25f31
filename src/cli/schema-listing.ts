/**
 * `confide schema`'s text for a person at a terminal: one line naming the
 * file with its tables and views, then each table (its row count) and each
 * view (marked `view`), one line per column with its declared type, key
 * role, NOT NULL and a few example values. The JSON output (`--json`, or any
 * output that is not a terminal) carries the same facts as data.
 */
import type { ColumnInfo, Schema, TableInfo } from '../core/schema.ts';

const plural = (n: number, word: string): string => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** "(1,234 rows)", "(about 1,048,576 rows, estimated)", "(view)". */
function rowsNote(t: TableInfo): string {
  if (t.kind === 'view') return t.columns.length === 0 ? '(view; SQLite cannot read its columns)' : '(view)';
  if (t.rowCountKind === 'unknown') return '(rows not counted)';
  return t.rowCountKind === 'estimate' ? `(about ${plural(t.rowCount, 'row')}, estimated)` : `(${plural(t.rowCount, 'row')})`;
}

/** "PK", "PK 2", "FK → authors.author_id", "NOT NULL", joined by commas. */
function roles(t: TableInfo, c: ColumnInfo): string {
  const parts: string[] = [];
  if (c.pk > 0) parts.push(t.primaryKey.length > 1 ? `PK ${c.pk}` : 'PK');
  for (const fk of t.foreignKeys) {
    const at = fk.from.indexOf(c.name);
    if (at >= 0) parts.push(`FK → ${fk.table}.${fk.to[at] ?? '?'}`);
  }
  if (c.notNull && c.pk === 0) parts.push('NOT NULL');
  return parts.join(', ');
}

const shorten = (s: string): string => (s.length > 30 ? `${s.slice(0, 29)}…` : s).replace(/\s+/g, ' ');

function entry(t: TableInfo): string[] {
  const nameWidth = Math.max(0, ...t.columns.map((c) => c.name.length));
  const typeWidth = Math.max(0, ...t.columns.map((c) => c.type.length));
  const roleWidth = Math.max(0, ...t.columns.map((c) => roles(t, c).length));
  const lines = t.columns.map((c) => {
    const examples = c.samples.length === 0 ? '' : `e.g. ${c.samples.map(shorten).join(', ')}`;
    const cells = [
      c.name.padEnd(nameWidth),
      ...(typeWidth > 0 ? [c.type.padEnd(typeWidth)] : []),
      ...(roleWidth > 0 ? [roles(t, c).padEnd(roleWidth)] : []),
      examples,
    ];
    return `  ${cells.join('  ')}`.trimEnd();
  });
  return [`${t.name} ${rowsNote(t)}`, ...lines];
}

/**
 * The schema as text, headed by `name` (the file).
 *
 * @example
 * schemaListing(schema, 'demo.sqlite');
 * // 'demo.sqlite: 6 tables, 1 view\n\nbooks (120 rows)\n  book_id  INTEGER  PK\n…'
 */
export function schemaListing(schema: Schema, name: string): string {
  const views = schema.tables.filter((t) => t.kind === 'view').length;
  const tables = schema.tables.length - views;
  const head = `${name}: ${plural(tables, 'table')}${views > 0 ? `, ${plural(views, 'view')}` : ''}`;
  return [head, ...schema.tables.map((t) => ['', ...entry(t)].join('\n'))].join('\n') + '\n';
}
