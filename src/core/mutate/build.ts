/**
 * Building and rewriting AST nodes in the shape each dialect's printer
 * expects: column names are plain strings for sqlite and mysql, and
 * `{expr: {type, value}}` for postgresql (double-quoted, so reserved words
 * stay valid in SQLite) and bigquery.
 */
import type { Dialect } from '../sql/parse.ts';
import type { Node } from './ast.ts';

/**
 * Rewrites the column name of a reference in place, in the shape its dialect prints.
 *
 * @example
 * setColumnName(ref, 'age', 'postgresql'); // prints as "age"
 */
export function setColumnName(ref: Node, name: string, dialect: Dialect): void {
  ref.column = columnField(name, dialect);
}

function columnField(name: string, dialect: Dialect): string | Node {
  if (dialect === 'sqlite' || dialect === 'mysql') return name;
  // postgresql prints `default` names bare; quoting keeps reserved words valid in SQLite.
  return { expr: { type: dialect === 'postgresql' ? 'double_quote_string' : 'default', value: name } };
}

/**
 * A new column reference in the shape the dialect's printer expects.
 *
 * @example
 * columnRef('T2', 'name', 'sqlite'); // prints as "T2"."name"
 */
export function columnRef(table: string | null, name: string, dialect: Dialect): Node {
  return { type: 'column_ref', table, column: columnField(name, dialect) };
}

/**
 * A literal for a value rendered as text: a number when `numeric` and the text
 * is a finite number, else a single-quoted string (quotes doubled, as the
 * parser stores them).
 *
 * @example
 * literal('France', false); // prints as 'France'
 * literal('42', true);      // prints as 42
 */
export function literal(text: string, numeric: boolean): Node {
  const n = Number(text);
  if (numeric && text.trim() !== '' && Number.isFinite(n)) return { type: 'number', value: n };
  return { type: 'single_quote_string', value: text.replace(/'/g, "''") };
}

/**
 * A binary expression node.
 *
 * @example
 * binary('=', columnRef('T1', 'id', 'sqlite'), literal('3', true)); // "T1"."id" = 3
 */
export function binary(operator: string, left: Node, right: Node): Node {
  return { type: 'binary_expr', operator, left, right };
}
