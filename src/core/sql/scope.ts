/**
 * Name scopes of a SELECT: which table (or subquery, or CTE) each alias in its
 * FROM clause stands for, and which output aliases its select list defines.
 * Scopes nest: a subquery sees the aliases of the queries around it
 * (correlated references), the innermost binding winning, as in SQLite.
 */
import { cteName, isNode, nameOf, type Node } from './ast.ts';

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
}

/** The names visible inside one SELECT. Map keys are lowercased. */
export interface Scope {
  readonly items: readonly Binding[];
  readonly bindings: ReadonlyMap<string, Binding>;
  /** Select-list aliases → the expression they name (SQLite lets ORDER BY, GROUP BY, HAVING use them). */
  readonly outputs: ReadonlyMap<string, unknown>;
  readonly ctes: ReadonlySet<string>;
  readonly parent: Scope | null;
}

/**
 * The scope of `select`, nested in `parent`.
 *
 * @example
 * // SELECT T1.a FROM singer AS T1 JOIN singer AS T2 …
 * enterSelect(ast, null).bindings.get('t2')?.key; // 'singer#2'
 */
export function enterSelect(select: Node, parent: Scope | null): Scope {
  const ctes = new Set(parent?.ctes ?? []);
  if (Array.isArray(select.with)) {
    for (const w of select.with) {
      const name = cteName(w);
      if (name !== null) ctes.add(name.toLowerCase());
    }
  }
  const items: Binding[] = [];
  const bindings = new Map<string, Binding>();
  const seen = new Map<string, number>();
  let derived = 0;
  for (const f of Array.isArray(select.from) ? select.from : []) {
    if (!isNode(f)) continue;
    const alias = nameOf(f.as);
    const table = typeof f.table === 'string' ? f.table : null;
    let b: Binding;
    if (table !== null) {
      const lower = table.toLowerCase();
      const k = (seen.get(lower) ?? 0) + 1;
      seen.set(lower, k);
      const kind = ctes.has(lower) ? 'cte' : 'table';
      b = { kind, name: table, key: k === 1 ? lower : `${lower}#${k}` };
      if (!bindings.has(lower)) bindings.set(lower, b);
    } else {
      derived += 1;
      b = { kind: 'derived', name: alias ?? '', key: `#d${derived}` };
    }
    if (alias !== null) bindings.set(alias.toLowerCase(), b);
    items.push(b);
  }
  const outputs = new Map<string, unknown>();
  for (const c of Array.isArray(select.columns) ? select.columns : []) {
    const alias = isNode(c) ? nameOf(c.as) : null;
    if (alias !== null && isNode(c)) outputs.set(alias.toLowerCase(), c.expr);
  }
  return { items, bindings, outputs, ctes, parent };
}

/**
 * The binding a qualifier (`T1` in `T1.name`) refers to, innermost scope
 * first; null when no enclosing FROM names it.
 */
export function lookup(scope: Scope | null, qualifier: string): Binding | null {
  const q = qualifier.toLowerCase();
  for (let s = scope; s !== null; s = s.parent) {
    const b = s.bindings.get(q);
    if (b !== undefined) return b;
  }
  return null;
}
