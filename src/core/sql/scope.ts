/**
 * Name scopes of a SELECT, the one resolver of table aliases and column
 * references that usage, structure keys and mutations read (the ORM's facts
 * read aliases flat: statement-aliases.ts).
 *
 * A scope holds which table (or subquery, or CTE) each FROM item stands for,
 * and which output aliases its select list defines. Scopes nest: a subquery
 * sees the aliases of the queries around it (correlated references), the
 * innermost binding winning, as in SQLite. Names compare case-insensitively
 * (SQLite's rule for identifiers).
 *
 * Read against a schema, a scope also lists its sources: the FROM items that
 * name a table or an aliased subquery, with their columns (a subquery's are
 * pseudo columns from its select list: no declared type, no samples). An
 * unqualified column resolves in its own SELECT first, then in the enclosing
 * ones; a name found in two sources of one SELECT is ambiguous.
 */
import type { ColumnInfo, Schema, TableInfo } from '../schema.ts';
import { columnName, cteName, isNode, isSelect, nameOf, qualifier, walk, type Node, type Path } from './ast.ts';

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

/** The names visible inside one SELECT. Map keys are lowercased. */
export interface Scope {
  readonly items: readonly Binding[];
  /** Aliases and table names → their FROM item (a table name: its first occurrence). */
  readonly bindings: ReadonlyMap<string, Binding>;
  /** Select-list aliases → the expression they name (SQLite lets ORDER BY, GROUP BY, HAVING use them). */
  readonly outputs: ReadonlyMap<string, unknown>;
  readonly ctes: ReadonlySet<string>;
  /** The FROM items read against the schema given to {@link enterSelect}; empty without one. */
  readonly sources: readonly Source[];
  readonly parent: Scope | null;
}

/**
 * The scope of `select`, nested in `parent`; with a `schema`, its sources too.
 *
 * @example
 * // SELECT T1.a FROM singer AS T1 JOIN singer AS T2 …
 * enterSelect(ast, null).bindings.get('t2')?.key; // 'singer#2'
 * enterSelect(ast, null, schema).sources[1].table?.name; // 'singer'
 */
export function enterSelect(select: Node, parent: Scope | null, schema?: Schema): Scope {
  const ctes = new Set(parent?.ctes ?? []);
  if (Array.isArray(select.with)) {
    for (const w of select.with) {
      const name = cteName(w);
      if (name !== null) ctes.add(name.toLowerCase());
    }
  }
  const items: Binding[] = [];
  const sources: Source[] = [];
  const bindings = new Map<string, Binding>();
  const seen = new Map<string, number>();
  let derived = 0;
  const from: unknown[] = Array.isArray(select.from) ? select.from : [];
  from.forEach((f, index) => {
    if (!isNode(f)) return;
    const alias = nameOf(f.as);
    const table = typeof f.table === 'string' ? f.table : null;
    let b: Binding;
    if (table !== null) {
      const lower = table.toLowerCase();
      const k = (seen.get(lower) ?? 0) + 1;
      seen.set(lower, k);
      const kind = ctes.has(lower) ? 'cte' : 'table';
      b = { kind, name: table, key: k === 1 ? lower : `${lower}#${k}`, alias, index };
      if (!bindings.has(lower)) bindings.set(lower, b);
    } else {
      derived += 1;
      b = { kind: 'derived', name: alias ?? '', key: `#d${derived}`, alias, index };
    }
    if (alias !== null) bindings.set(alias.toLowerCase(), b);
    items.push(b);
    const source = schema === undefined ? null : sourceOf(f, b, schema);
    if (source !== null) sources.push(source);
  });
  const outputs = new Map<string, unknown>();
  for (const c of Array.isArray(select.columns) ? select.columns : []) {
    const alias = isNode(c) ? nameOf(c.as) : null;
    if (alias !== null && isNode(c)) outputs.set(alias.toLowerCase(), c.expr);
  }
  return { items, bindings, outputs, ctes, sources, parent };
}

/** The source of one FROM item: a table (known to the schema or not), or a subquery with an alias. */
function sourceOf(f: Node, b: Binding, schema: Schema): Source | null {
  const { alias, index, kind } = b;
  if (kind !== 'derived') {
    const table = findTable(schema, b.name);
    return { ref: alias ?? b.name, table, columns: table?.columns ?? [], index, kind };
  }
  const sub = isNode(f.expr) ? f.expr.ast : null;
  return alias !== null && isSelect(sub) ? { ref: alias, table: null, columns: derivedColumns(sub), index, kind } : null;
}

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

/**
 * The binding a qualifier (`T1` in `T1.name`) refers to, innermost scope
 * first, read leniently (an aliased table answers to its own name too, as
 * usage and structure keys want for hand-written SQL); null when no enclosing
 * FROM names it.
 *
 * @example
 * lookup(scope, 'T1')?.name; // 'singer' for `FROM singer AS T1`
 */
export function lookup(scope: Scope | null, qualifier: string): Binding | null {
  const q = qualifier.toLowerCase();
  for (let s = scope; s !== null; s = s.parent) {
    const b = s.bindings.get(q);
    if (b !== undefined) return b;
  }
  return null;
}

/**
 * The source a qualifier names, as SQLite reads it (the alias, else the table
 * name), searching enclosing scopes outward.
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

/** A column reference resolved to its source and column. */
export interface Resolved {
  readonly source: Source;
  readonly column: ColumnInfo;
}

/**
 * An unqualified column name resolved among the sources `accept` admits,
 * innermost SELECT first: the one source of the first SELECT that has such a
 * column; `'ambiguous'` when that SELECT has several; null when none has one.
 *
 * @example
 * findColumn(scope, 'age')?.source.ref; // 'T1' for `FROM singer AS T1 JOIN concert AS T2`
 */
export function findColumn(scope: Scope | null, name: string, accept: (s: Source) => boolean = () => true): Resolved | 'ambiguous' | null {
  const low = name.toLowerCase();
  for (let s = scope; s !== null; s = s.parent) {
    const hits: Resolved[] = [];
    for (const source of s.sources) {
      const column = accept(source) ? source.columns.find((c) => c.name.toLowerCase() === low) : undefined;
      if (column !== undefined) hits.push({ source, column });
    }
    if (hits.length === 1) return hits[0]!;
    if (hits.length > 1) return 'ambiguous';
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
  const q = qualifier(ref);
  if (q === null) {
    const hit = findColumn(scope, name);
    return hit === 'ambiguous' ? null : hit;
  }
  const low = name.toLowerCase();
  const source = sourceByRef(scope, q);
  const column = source?.columns.find((c) => c.name.toLowerCase() === low);
  return source && column ? { source, column } : null;
}

/** A SELECT anywhere in the query (top level, set-operation member, subquery) with its scope. */
export interface SelectSite<N extends Node = Node> {
  readonly path: Path;
  readonly node: N;
  readonly scope: Scope;
}

/**
 * Every SELECT in the query with its scope read against `schema`, outer before
 * inner, in key order.
 *
 * @example
 * collectSelects(ast, schema).map((s) => s.path); // [[], ['where', 'right', 'value', 0, 'ast']]
 */
export function collectSelects<N extends Node = Node>(root: N, schema: Schema): SelectSite<N>[] {
  const out: SelectSite<N>[] = [];
  const visitSelect = (node: N, path: Path, parent: Scope | null): void => {
    const scope = enterSelect(node, parent, schema);
    out.push({ path, node, scope });
    const nested = (n: N, p: Path): boolean => {
      if (!isSelect(n)) return true;
      visitSelect(n, p, scope);
      return false;
    };
    for (const key in node) if (key !== '_next') walk<N>(node[key], [...path, key], nested, { intoSelects: true });
    if (isSelect(node._next)) visitSelect(node._next as N, [...path, '_next'], parent);
  };
  visitSelect(root, [], null);
  return out;
}
