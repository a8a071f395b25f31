/**
 * Which tables and columns a query touches: the input of schema relevance.
 */
import type { Schema, TableInfo } from '../schema.ts';
import { isDoubleQuoted, isNode, isSelect, nameOf, quotedStrings, subqueryOf, type Node } from './ast.ts';
import { parseSql } from './parse.ts';
import { findColumn, lookup, selectScopes, type Scope } from './scope.ts';

/** A column a query reads; `table` is null when it cannot be told. */
export interface ColumnUse {
  readonly table: string | null;
  readonly column: string;
}

/** Tables (real tables only: no CTEs, no subqueries) and columns, each once, in order of appearance. */
export interface QueryUsage {
  readonly tables: readonly string[];
  readonly columns: readonly ColumnUse[];
}

const SKIP = new Set(['tableList', 'columnList', 'loc', 'as', 'db', 'table', 'using']);

/**
 * The tables and columns `sql` uses, from its parsed AST; null when no
 * dialect parses it. Aliases resolve to table names (`T1.name` →
 * `{table: 'singer', column: 'name'}`); `*` is not a column; select-list
 * aliases used later (ORDER BY cnt) are not columns. An unqualified column is
 * resolved to the table of its FROM when that FROM has exactly one table;
 * with a `schema`, to the one table in scope (innermost query first) that has
 * a column of that name, and names are spelled as the schema spells them;
 * otherwise `table` is null. A column of a subquery or CTE (`d.x`) has table null.
 * Which names each SELECT sees (CTEs, derived tables, compound parts) is
 * scope.ts's rule.
 *
 * @example
 * queryUsage('SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.sid');
 * // {tables: ['singer', 'concert'], columns: [{table: 'singer', column: 'name'},
 * //   {table: 'singer', column: 'id'}, {table: 'concert', column: 'sid'}]}
 */
export function queryUsage(sql: string, schema?: Schema): QueryUsage | null {
  const parsed = parseSql(sql);
  if (!parsed.ok) return null;
  const scopeOf = selectScopes(parsed.ast, schema);
  const byName = new Map<string, TableInfo>((schema?.tables ?? []).map((t) => [t.name.toLowerCase(), t]));
  const tables = new Map<string, string>();
  const columns = new Map<string, ColumnUse>();

  const addColumn = (table: string | null, column: string): void => {
    const info = table === null ? undefined : byName.get(table.toLowerCase());
    const col = info?.columns.find((c) => c.name.toLowerCase() === column.toLowerCase())?.name ?? column;
    const use = { table: info?.name ?? table, column: col };
    const key = `${use.table?.toLowerCase() ?? ''}\u0000${col.toLowerCase()}`;
    if (!columns.has(key)) columns.set(key, use);
  };

  /** The table of an unqualified column; undefined when the name is a select-list alias. */
  const resolve = (name: string, scope: Scope): string | null | undefined => {
    const lower = name.toLowerCase();
    const named = scope.outputs.get(lower);
    const alias = named !== undefined && !(isNode(named) && named.type === 'column_ref' && nameOf(named.column)?.toLowerCase() === lower);
    if (schema === undefined) {
      const only = scope.items.length === 1 && scope.items[0]!.kind === 'table' ? scope.items[0]!.name : null;
      return alias ? undefined : only;
    }
    const hit = findColumn(scope, lower, (s) => s.kind === 'table');
    if (hit === 'ambiguous') return null;
    return hit !== null ? (hit.source.table?.name ?? null) : alias ? undefined : null;
  };

  const column = (table: string | null, name: string | null, scope: Scope | null): void => {
    if (name === null || name === '*' || scope === null) return;
    if (table !== null) {
      const b = lookup(scope, table);
      addColumn(b === null ? table : b.kind === 'table' ? b.name : null, name);
      return;
    }
    const t = resolve(name, scope);
    if (t !== undefined) addColumn(t, name);
  };

  const walk = (x: unknown, scope: Scope | null): void => {
    if (Array.isArray(x)) return x.forEach((v) => walk(v, scope));
    if (!isNode(x)) return;
    const sub = subqueryOf(x);
    if (sub !== null) return select(sub);
    if (isDoubleQuoted(x)) return column(null, nameOf(x.column) ?? nameOf(x), scope);
    if (x.type === 'column_ref') return column(nameOf(x.table), nameOf(x.column), scope);
    if (x.type === 'binary_expr') {
      const q = quotedStrings(x);
      if (!q.left) walk(x.left, scope);
      if (q.list && isNode(x.right) && Array.isArray(x.right.value)) {
        x.right.value.forEach((v) => isDoubleQuoted(v) || walk(v, scope));
      } else if (!q.right) walk(x.right, scope);
      return;
    }
    for (const [k, v] of Object.entries(x)) if (!SKIP.has(k)) walk(v, scope);
  };

  const select = (sel: Node): void => {
    const scope = scopeOf(sel);
    if (Array.isArray(sel.with)) sel.with.forEach((w) => walk(isNode(w) ? w.stmt : null, scope));
    for (const b of scope.items) {
      const name = byName.get(b.name.toLowerCase())?.name ?? b.name;
      if (b.kind === 'table' && !tables.has(name.toLowerCase())) tables.set(name.toLowerCase(), name);
    }
    for (const [k, v] of Object.entries(sel)) {
      if (k === 'with' || k === '_next' || SKIP.has(k)) continue;
      if (k === 'from' && Array.isArray(v)) {
        v.forEach((f) => isNode(f) && (walk(f.expr, scope), walk(f.on, scope)));
      } else walk(v, scope);
    }
    if (isSelect(sel._next)) select(sel._next);
  };

  walk(parsed.ast, null);
  return { tables: [...tables.values()], columns: [...columns.values()] };
}
