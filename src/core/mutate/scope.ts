/**
 * Name resolution for mutations: which schema table each FROM item of each
 * SELECT stands for, and which source a column reference points at.
 *
 * Conventions: names compare case-insensitively (SQLite's rule for
 * identifiers); an unqualified column resolves in its own SELECT first, then in
 * the enclosing ones (correlation); a name found in two sources of one SELECT
 * is ambiguous and resolves to nothing. Derived tables get pseudo columns from
 * their select list, with no declared type and no samples.
 */
import type { ColumnInfo, Schema, TableInfo } from '../schema.ts';
import { type Node, type Path, columnName, isNode, isSelect, qualifier } from './ast.ts';

/** One FROM item as seen by name resolution. */
export interface Source {
  /** The name column references qualify with: the alias, else the table name. */
  readonly ref: string;
  /** The schema table, or null for a derived table or an unknown name. */
  readonly table: TableInfo | null;
  readonly columns: readonly ColumnInfo[];
  /** Position in the SELECT's `from` array. */
  readonly index: number;
}

export interface Scope {
  readonly sources: readonly Source[];
  readonly parent: Scope | null;
}

/** A SELECT anywhere in the query (top level, set-operation member, subquery) with its scope. */
export interface SelectSite {
  readonly path: Path;
  readonly node: Node;
  readonly scope: Scope;
}

/** A column reference resolved to its source and column. */
export interface Resolved {
  readonly source: Source;
  readonly column: ColumnInfo;
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

function pseudoColumn(name: string): ColumnInfo {
  return { name, type: '', notNull: false, pk: 0, samples: [] };
}

function derivedColumns(select: Node): ColumnInfo[] {
  const cols: ColumnInfo[] = [];
  for (const item of Array.isArray(select.columns) ? select.columns : []) {
    const name = typeof item?.as === 'string' ? item.as : isNode(item?.expr) ? columnName(item.expr) : null;
    if (name !== null) cols.push(pseudoColumn(name));
  }
  return cols;
}

function sourcesOf(select: Node, schema: Schema): Source[] {
  const from: unknown[] = Array.isArray(select.from) ? select.from : [];
  return from.flatMap((item, index): Source[] => {
    if (!isNode(item)) return [];
    const alias = typeof item.as === 'string' ? item.as : null;
    if (typeof item.table === 'string') {
      const table = findTable(schema, item.table);
      return [{ ref: alias ?? item.table, table, columns: table?.columns ?? [], index }];
    }
    const sub = isNode(item.expr) ? item.expr.ast : null;
    if (alias !== null && isSelect(sub)) return [{ ref: alias, table: null, columns: derivedColumns(sub), index }];
    return [];
  });
}

/**
 * Every SELECT in the query with its scope, outer before inner, in key order.
 *
 * @example
 * collectSelects(ast, schema).map((s) => s.path); // [[], ['where', 'right', 'value', 0, 'ast']]
 */
export function collectSelects(root: Node, schema: Schema): SelectSite[] {
  const out: SelectSite[] = [];
  const visitSelect = (node: Node, path: Path, parent: Scope | null): void => {
    const scope: Scope = { sources: sourcesOf(node, schema), parent };
    out.push({ path, node, scope });
    for (const [key, child] of Object.entries(node)) {
      if (key === '_next' || typeof child !== 'object' || child === null) continue;
      findNested(child, [...path, key], (sub, subPath) => visitSelect(sub, subPath, scope));
    }
    if (isSelect(node._next)) visitSelect(node._next, [...path, '_next'], parent);
  };
  visitSelect(root, [], null);
  return out;
}

function findNested(node: unknown, path: Path, found: (n: Node, p: Path) => void): void {
  if (isSelect(node)) return found(node, path);
  if (Array.isArray(node)) return node.forEach((c, i) => findNested(c, [...path, i], found));
  if (!isNode(node)) return;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'tableList' || key === 'columnList' || typeof child !== 'object' || child === null) continue;
    findNested(child, [...path, key], found);
  }
}

/**
 * The source a qualifier names, searching enclosing scopes outward.
 *
 * @example
 * sourceByRef(site.scope, 't1')?.table?.name; // 'singer' for `FROM singer AS T1`
 */
export function sourceByRef(scope: Scope | null, ref: string): Source | null {
  const low = ref.toLowerCase();
  for (let s = scope; s !== null; s = s.parent) {
    const hit = s.sources.find((src) => src.ref.toLowerCase() === low);
    if (hit) return hit;
  }
  return null;
}

/**
 * Resolves a column reference, or null when it names no known column (a select
 * alias, a double-quoted string, an ambiguous name, a derived table's unknown column).
 *
 * @example
 * resolve(site.scope, { type: 'column_ref', table: 'T1', column: 'age' })?.column.type; // 'INT'
 */
export function resolve(scope: Scope, ref: Node): Resolved | null {
  const name = columnName(ref);
  if (name === null) return null;
  const low = name.toLowerCase();
  const q = qualifier(ref);
  if (q !== null) {
    const source = sourceByRef(scope, q);
    const column = source?.columns.find((c) => c.name.toLowerCase() === low);
    return source && column ? { source, column } : null;
  }
  for (let s: Scope | null = scope; s !== null; s = s.parent) {
    const hits = s.sources.flatMap((source) => {
      const column = source.columns.find((c) => c.name.toLowerCase() === low);
      return column ? [{ source, column }] : [];
    });
    if (hits.length === 1) return hits[0]!;
    if (hits.length > 1) return null;
  }
  return null;
}
