/**
 * The database schema as a model reads it: one `CREATE TABLE` statement per
 * table, rebuilt from the introspected {@link Schema} (not the stored DDL, which
 * may carry comments, odd spacing or vendor clauses), with a few example values
 * per column as a trailing `--` comment. A view reads as `CREATE VIEW name (`
 * its columns `)`, so the model sees a relation it can query by name, without
 * the view's own query; a view with no columns (one SQLite cannot compile) is
 * left out. A schema without views renders as it always did.
 */
import type { ColumnInfo, Schema, TableInfo } from '../schema.ts';
import { quoteIdent } from '../sql/identifier.ts';

/** How much sample data the rendering shows. */
export interface SchemaTextOptions {
  /** Example values per column (default 3; 0 shows none). */
  readonly samplesPerColumn?: number;
  /** Longest example value in characters before it is cut with `…` (default 40). */
  readonly maxSampleChars?: number;
}

export const DEFAULT_SAMPLES_PER_COLUMN = 3;
export const DEFAULT_MAX_SAMPLE_CHARS = 40;

const NUMERIC_AFFINITY = /INT|REAL|FLOA|DOUB|NUM|DEC/i;
const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * Renders one example value: numbers bare when the column has numeric affinity,
 * everything else as a single-quoted SQL string; long values are cut.
 *
 * @example renderSample("O'Neil", 'TEXT', 40) // "'O''Neil'"
 */
export function renderSample(value: string, type: string, maxChars: number): string {
  const cut = value.length > maxChars ? `${value.slice(0, maxChars)}…` : value;
  if (NUMERIC_AFFINITY.test(type) && NUMBER_TEXT.test(cut)) return cut;
  return `'${cut.replaceAll("'", "''").replaceAll('\n', ' ')}'`;
}

interface Line {
  readonly def: string;
  readonly comment: string;
}

function columnLine(col: ColumnInfo, table: TableInfo, samples: number, maxChars: number): Line {
  const parts = [quoteIdent(col.name)];
  if (col.type !== '') parts.push(col.type);
  if (table.primaryKey.length === 1 && col.pk === 1) parts.push('PRIMARY KEY');
  if (col.notNull && col.pk === 0) parts.push('NOT NULL');
  const shown = col.samples.slice(0, samples).map((v) => renderSample(v, col.type, maxChars));
  return { def: `  ${parts.join(' ')}`, comment: shown.length > 0 ? ` -- e.g. ${shown.join(', ')}` : '' };
}

/**
 * Renders one table as a `CREATE TABLE` statement: one column per line,
 * a composite primary key and the foreign keys as table constraints, and the
 * example values as comments after the column's comma.
 *
 * @example
 * renderTable(singer, { samplesPerColumn: 2 });
 * // CREATE TABLE singer (
 * //   singer_id INTEGER PRIMARY KEY, -- e.g. 1, 2
 * //   name TEXT -- e.g. 'Joe Sharp', 'Timbaland'
 * // );
 */
export function renderTable(table: TableInfo, options: SchemaTextOptions = {}): string {
  const samples = options.samplesPerColumn ?? DEFAULT_SAMPLES_PER_COLUMN;
  const maxChars = options.maxSampleChars ?? DEFAULT_MAX_SAMPLE_CHARS;
  if (!Number.isInteger(samples) || samples < 0) {
    throw new RangeError(`samplesPerColumn must be a non-negative integer, got ${samples}`);
  }
  const lines: Line[] = table.columns.map((c) => columnLine(c, table, samples, maxChars));
  if (table.primaryKey.length > 1) {
    lines.push({ def: `  PRIMARY KEY (${table.primaryKey.map(quoteIdent).join(', ')})`, comment: '' });
  }
  for (const fk of table.foreignKeys) {
    const to = fk.to.length > 0 ? ` (${fk.to.map(quoteIdent).join(', ')})` : '';
    const def = `  FOREIGN KEY (${fk.from.map(quoteIdent).join(', ')}) REFERENCES ${quoteIdent(fk.table)}${to}`;
    lines.push({ def, comment: '' });
  }
  // The comma goes before a line's `--` comment, never inside it.
  const body = lines.map((l, i) => `${l.def}${i < lines.length - 1 ? ',' : ''}${l.comment}`);
  return `CREATE ${table.kind === 'view' ? 'VIEW' : 'TABLE'} ${quoteIdent(table.name)} (\n${body.join('\n')}\n);`;
}

/**
 * Renders every table (then every view with columns) of a schema, in schema order, separated by blank lines.
 *
 * @example renderSchema(schema) // 'CREATE TABLE a (\n  id INTEGER PRIMARY KEY\n);\n\nCREATE TABLE b (…);'
 */
export function renderSchema(schema: Schema, options: SchemaTextOptions = {}): string {
  return schema.tables
    .filter((t) => t.kind !== 'view' || t.columns.length > 0)
    .map((t) => renderTable(t, options))
    .join('\n\n');
}
