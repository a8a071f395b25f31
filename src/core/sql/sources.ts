/**
 * A FROM item read against a schema: the schema table it names, or, for an
 * aliased subquery, pseudo columns from its select list (no declared type, no
 * samples). scope.ts lists these as a scope's sources.
 */
import type { ColumnInfo, Schema, TableInfo } from '../schema.ts';
import { columnName, isNode, isSelect, nameOf, type Node } from './ast.ts';

/**
 * One FROM item. `key` is its canonical name: the lowercased table name;
 * `table#2`, `table#3`… for later occurrences of the same table in one FROM;
 * `#d1`, `#d2`… for subqueries in FROM, by position.
 */
export interface Binding {
  readonly kind: 'table' | 'derived' | 'cte';
  /** The table or CTE name as written; the alias for a subquery. */
  readonly name: string;
  readonly key: string;
  /** The alias as written, or null. */
  readonly alias: string | null;
  /** Position in the SELECT's `from` array. */
  readonly index: number;
}

/** A FROM item read against a schema: a table or an aliased subquery, with its columns. */
export interface Source {
  /** The name column references qualify with: the alias, else the table name. */
  readonly ref: string;
  /** The schema table, or null for a derived table or an unknown name. */
  readonly table: TableInfo | null;
  readonly columns: readonly ColumnInfo[];
  /** Position in the SELECT's `from` array. */
  readonly index: number;
  readonly kind: Binding['kind'];
}

/**
 * The source of one FROM item `f` bound as `b`: a table (known to the schema
 * or not), or a subquery with an alias; null for a subquery without one.
 *
 * @example
 * sourceOf({ table: 'singer', as: 'T1' }, binding, schema)?.ref; // 'T1'
 */
export function sourceOf(f: Node, b: Binding, schema: Schema): Source | null {
  const { alias, index, kind } = b;
  if (kind !== 'derived') {
    const table = findTable(schema, b.name);
    return { ref: alias ?? b.name, table, columns: table?.columns ?? [], index, kind };
  }
  const sub = isNode(f.expr) ? f.expr.ast : null;
  return alias !== null && isSelect(sub) ? { ref: alias, table: null, columns: derivedColumns(sub), index, kind } : null;
}

/** Pseudo columns of a subquery: each select-list item's alias, else the column it names. */
function derivedColumns(select: Node): ColumnInfo[] {
  const cols: ColumnInfo[] = [];
  for (const item of Array.isArray(select.columns) ? select.columns : []) {
    if (!isNode(item)) continue;
    const name = nameOf(item.as) ?? (isNode(item.expr) ? columnName(item.expr) : null);
    if (name !== null) cols.push({ name, type: '', notNull: false, pk: 0, samples: [] });
  }
  return cols;
}

/**
 * Finds a schema table by name, case-insensitively.
 *
 * @example
 * findTable(schema, 'SINGER')?.name; // 'singer'
 */
export function findTable(schema: Schema, name: string): TableInfo | null {
  const low = name.toLowerCase();
  return schema.tables.find((t) => t.name.toLowerCase() === low) ?? null;
}
