/**
 * The canonical form of a parsed query, as plain data: what `structureKey`
 * serializes. Two queries that differ only in literal values, table aliases,
 * select-list aliases, letter case, the order of AND/OR operands, the order of
 * an IN list, or the side of a comparison get equal forms. Names resolve in
 * the scopes scope.ts gives each SELECT.
 */
import { isDoubleQuoted, isLiteral, isNode, isSelect, nameOf, quotedStrings, subqueryOf, type Node } from './ast.ts';
import { lookup, selectScopes, type Scope } from './scope.ts';
import { stableJson } from './stable-json.ts';

/** The placeholder every literal value becomes. */
export const LITERAL = '?';

/** Keys that carry parser bookkeeping, not query structure. */
const DROP = new Set(['tableList', 'columnList', 'loc', 'parentheses', 'surround', 'as', 'db']);
const SYMMETRIC: Readonly<Record<string, string>> = { '=': '=', '==': '=', '!=': '!=', '<>': '!=' };
const FLIP: Readonly<Record<string, string>> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

interface Ctx {
  /** The scope of each SELECT of the statement (scope.ts). */
  readonly scopeOf: (select: Node) => Scope;
  /** The scope of the SELECT being read; null outside any. */
  readonly scope: Scope | null;
  /** Inside ORDER BY, GROUP BY or HAVING, where select-list aliases are visible. */
  readonly outputs: boolean;
}

/**
 * Canonical form of an AST node (a statement, an expression, or any part).
 *
 * @example
 * canonicalize(parseSql('SELECT T1.a FROM t AS T1 WHERE b = 3').ast);
 * // {type: 'select', columns: [{type: 'column_ref', table: 't', column: 'a'}], where: {…'?'…}, …}
 */
export function canonicalize(ast: unknown): unknown {
  return canon(ast, { scopeOf: selectScopes(ast), scope: null, outputs: false });
}

function canon(x: unknown, ctx: Ctx): unknown {
  if (typeof x === 'string') return x.toLowerCase();
  if (Array.isArray(x)) return x.map((v) => canon(v, ctx)).filter((v) => v !== undefined);
  if (!isNode(x)) return x === null ? undefined : x;
  const sub = subqueryOf(x);
  if (sub !== null) return canonSelect(sub, ctx);
  if (isLiteral(x)) return LITERAL;
  if (isDoubleQuoted(x)) return column(null, nameOf(x.column) ?? nameOf(x) ?? '', ctx);
  if (x.type === 'column_ref') return column(nameOf(x.table), nameOf(x.column) ?? '', ctx);
  if (x.type === 'binary_expr') return binary(x, ctx);
  return generic(x, ctx);
}

function generic(x: Node, ctx: Ctx): Node | undefined {
  const out: Node = {};
  for (const [k, v] of Object.entries(x)) {
    if (DROP.has(k)) continue;
    const c = k === 'distinct' ? distinct(v) : canon(v, ctx);
    if (c === undefined || c === '' || (Array.isArray(c) && c.length === 0)) continue;
    if (isNode(c) && Object.keys(c).length === 0) continue;
    out[k] = c;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

const distinct = (v: unknown): string | undefined => {
  const d = typeof v === 'string' ? v : isNode(v) && typeof v.type === 'string' ? v.type : undefined;
  return d?.toLowerCase();
};

function column(table: string | null, name: string, ctx: Ctx): unknown {
  const col = name.toLowerCase();
  if (table !== null) {
    return { type: 'column_ref', table: lookup(ctx.scope, table)?.key ?? table.toLowerCase(), column: col };
  }
  const scope = ctx.scope;
  const aliased = ctx.outputs ? scope?.outputs.get(col) : undefined;
  if (aliased !== undefined) return canon(aliased, { ...ctx, outputs: false });
  const only = scope !== null && scope.items.length === 1 ? scope.items[0]!.key : null;
  return only === null ? { type: 'column_ref', column: col } : { type: 'column_ref', table: only, column: col };
}

function binary(x: Node, ctx: Ctx): unknown {
  const op = String(x.operator).toUpperCase();
  if (op === 'AND' || op === 'OR') {
    const operands: unknown[] = [];
    const flatten = (e: unknown): void => {
      if (isNode(e) && e.type === 'binary_expr' && String(e.operator).toUpperCase() === op) {
        flatten(e.left);
        flatten(e.right);
      } else operands.push(canon(e, ctx));
    };
    flatten(x);
    return { type: op.toLowerCase(), args: sortByJson(operands) };
  }
  const quoted = quotedStrings(x);
  let l = quoted.left ? LITERAL : canon(x.left, ctx);
  let r = quoted.right ? LITERAL : quoted.list ? valueList(x.right, ctx, op) : canon(x.right, ctx);
  let o = SYMMETRIC[op] ?? op;
  if ((SYMMETRIC[op] !== undefined || FLIP[op] !== undefined) && stableJson(l) > stableJson(r)) {
    [l, r] = [r, l];
    o = SYMMETRIC[op] ?? FLIP[op]!;
  }
  return { type: 'binary_expr', operator: o.toLowerCase(), left: l, right: r };
}

/** An IN list (sorted) or BETWEEN bounds, where a "x" is a string. */
function valueList(x: unknown, ctx: Ctx, op: string): unknown {
  if (!isNode(x) || x.type !== 'expr_list' || !Array.isArray(x.value)) return canon(x, ctx);
  if (x.value.length === 1 && subqueryOf(x.value[0]) !== null) return canon(x, ctx);
  const values = x.value.map((v) => (isDoubleQuoted(v) ? LITERAL : canon(v, ctx)));
  return { type: 'expr_list', value: op.endsWith('IN') ? sortByJson(values) : values };
}

function canonSelect(sel: Node, ctx: Ctx): Node {
  const scope = ctx.scopeOf(sel);
  const inner: Ctx = { ...ctx, scope, outputs: false };
  const skip = { from: undefined, columns: undefined, with: undefined, _next: undefined };
  const out: Node = generic({ ...sel, ...skip, orderby: undefined, groupby: undefined, having: undefined }, inner) ?? {};
  for (const k of ['orderby', 'groupby', 'having'] as const) {
    if (sel[k] !== undefined && sel[k] !== null) out[k] = canon(sel[k], { ...inner, outputs: true });
  }
  if (Array.isArray(sel.orderby)) {
    out.orderby = (out.orderby as Node[]).map((o) => ({ ...o, type: o.type ?? 'asc' }));
  }
  if (Array.isArray(sel.columns)) out.columns = sel.columns.map((c) => canon(isNode(c) ? c.expr : c, inner));
  if (Array.isArray(sel.from)) {
    out.from = sel.from.map((f, i) => {
      const rest = isNode(f) ? generic({ ...f, table: undefined, expr: undefined }, inner) : undefined;
      const source = isNode(f) && typeof f.table === 'string' ? scope.items[i]?.key : canon(isNode(f) ? f.expr : f, inner);
      return { source, ...rest };
    });
  }
  // A CTE's column list names the CTE's columns, none of this SELECT's: it is read beyond it, as the CTE bodies are.
  if (Array.isArray(sel.with)) out.with = canon(sel.with, { ...inner, scope: scope.parent });
  if (isSelect(sel._next)) out._next = canonSelect(sel._next, ctx);
  return out;
}

const sortByJson = (xs: unknown[]): unknown[] =>
  xs
    .map((v) => [stableJson(v), v] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map((p) => p[1]);
