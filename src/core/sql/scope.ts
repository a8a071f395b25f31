/**
 * Name scopes of a statement: the one place that decides which names each
 * SELECT sees, and the one resolver of table aliases and column references
 * that usage, structure keys and mutations read.
 *
 * A scope holds which table (or subquery, or CTE) each FROM item of one
 * SELECT stands for, the output aliases its select list defines, the CTE
 * names visible in it, and the scope around it. What each SELECT sees is
 * SQLite's rule (names compare case-insensitively; the innermost binding wins):
 *
 * - **Subquery in an expression** (WHERE, select list, ON, HAVING, …): its
 *   own FROM, then the SELECT holding it, and outward (correlated references).
 * - **Subquery in FROM** (a derived table): its own FROM, then what the SELECT
 *   holding it sees from outside, never that SELECT's FROM items (SQLite has
 *   no LATERAL: `FROM t, (SELECT … WHERE u.a = t.a)` is an error). The rest
 *   of a FROM item (ON, a table-valued function's arguments) reads in the
 *   SELECT's own scope.
 * - **Compound parts** (UNION, INTERSECT, EXCEPT): each its own FROM, then
 *   what the whole compound sees from outside.
 * - **CTE names** are visible throughout the statement their WITH heads (every
 *   compound part, every subquery in it) and in every CTE body of that WITH,
 *   earlier, later and its own: SQLite resolves a name in any body of its
 *   WITH, RECURSIVE written or not. A CTE body otherwise sees what the
 *   statement holding the WITH sees from outside. A CTE name shadows a table.
 *
 * {@link collectSelects} lists every SELECT with its scope; {@link selectScopes}
 * gives readers that descend the tree themselves (usage, canonical forms) the
 * scope of each SELECT they meet, so that none of them decides it.
 *
 * Read against a schema, a scope also lists its sources: the FROM items that
 * name a table or an aliased subquery, with their columns (sources.ts). An
 * unqualified column resolves in its own SELECT first, then in the scopes
 * around it; a name found in two sources of one SELECT is ambiguous.
 */
import type { Schema } from '../schema.ts';
import { cteName, isNode, isSelect, nameOf, subqueryOf, walk, type Node, type Path } from './ast.ts';
import type { Scope } from './scope-types.ts';
import { sourceOf, type Binding, type Source } from './sources.ts';

export type { Binding, Scope, Source };
export { findColumn, lookup, resolve, sourceByRef, type Resolved } from './scope-lookup.ts';

/** A SELECT anywhere in the statement (top level, compound part, subquery, CTE body) with its scope. */
export interface SelectSite<N extends Node = Node> {
  readonly path: Path;
  readonly node: N;
  readonly scope: Scope;
}

/**
 * Every SELECT below `root` (itself included) with its scope, outer before
 * inner, in key order (a compound's later part after all that is inside the
 * part before it); with a `schema`, the scopes have sources.
 *
 * @example
 * collectSelects(ast, schema).map((s) => s.path); // [[], ['where', 'right', 'value', 0, 'ast']]
 */
export function collectSelects<N extends Node = Node>(root: N, schema?: Schema): SelectSite<N>[] {
  const out: SelectSite<N>[] = [];
  visitSelects(root, schema, true, (node, scope, path) => void out.push({ path, node: node as N, scope }));
  return out;
}

/**
 * The scope of each SELECT below `root`, for a reader that walks the tree
 * itself: it asks here for the scope of every SELECT it meets. Asking for a
 * SELECT that is not below `root` is a bug and throws a `RangeError`.
 *
 * @example
 * const scopeOf = selectScopes(ast);
 * scopeOf(ast).items.map((b) => b.key); // ['singer', 'singer#2'] for `FROM singer JOIN singer`
 */
export function selectScopes(root: unknown, schema?: Schema): (select: Node) => Scope {
  const scopes = new Map<Node, Scope>();
  visitSelects(root, schema, false, (node, scope) => void scopes.set(node, scope));
  return (select) => {
    const scope = scopes.get(select);
    if (scope === undefined) throw new RangeError('no scope for a SELECT outside the statement its scopes were made from');
    return scope;
  };
}

type Visit = (node: Node, scope: Scope, path: Path) => void;

/** Visits every SELECT below `root` with the scope the rule gives it; `paths` false hands `visit` empty paths. */
function visitSelects(root: unknown, schema: Schema | undefined, paths: boolean, visit: Visit): void {
  const step = (path: Path, key: string | number): Path => (paths ? [...path, key] : path);
  /** The SELECTs in `x`, outermost ones first, each beyond `around` with `ctes` visible. */
  const within = (x: unknown, path: Path, around: Scope | null, ctes: ReadonlySet<string>): void =>
    walk(
      x,
      path,
      (n, p) => {
        if (!isSelect(n)) return true;
        select(n, p, around, ctes);
        return false;
      },
      { intoSelects: true, paths },
    );
  const select = (node: Node, path: Path, outside: Scope | null, visible: ReadonlySet<string>): void => {
    const ctes = withNames(node, visible);
    const scope = makeScope(node, outside, ctes, schema);
    visit(node, scope, path);
    for (const key in node) {
      if (key === '_next') continue;
      const at = step(path, key);
      if (key !== 'from' || !Array.isArray(node.from)) {
        within(node[key], at, key === 'with' ? outside : scope, ctes);
        continue;
      }
      node.from.forEach((f: unknown, i: number) => {
        if (!isNode(f)) return;
        for (const k in f) within(f[k], step(step(at, i), k), k === 'expr' && subqueryOf(f.expr) !== null ? outside : scope, ctes);
      });
    }
    if (isSelect(node._next)) select(node._next, step(path, '_next'), outside, ctes);
  };
  within(root, [], null, new Set());
}

/** `visible` and the CTE names of `select`'s own WITH. */
function withNames(select: Node, visible: ReadonlySet<string>): ReadonlySet<string> {
  const names = (Array.isArray(select.with) ? select.with : []).map(cteName).filter((n): n is string => n !== null);
  return names.length === 0 ? visible : new Set([...visible, ...names.map((n) => n.toLowerCase())]);
}

/** The scope of one SELECT, seeing `parent` beyond its FROM and the CTE names `ctes`; with a `schema`, its sources. */
function makeScope(select: Node, parent: Scope | null, ctes: ReadonlySet<string>, schema: Schema | undefined): Scope {
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
