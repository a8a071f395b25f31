/**
 * Meaning-preserving rewrites between `x IN (SELECT k FROM T WHERE c)` and
 * `JOIN T ON x = k WHERE c`.
 *
 * Safe only when `k` is the single-column primary key of T (each outer row
 * then meets at most one T row, so no row is duplicated), the subquery is one
 * plain table with no grouping, limit or correlation, the IN is a top-level
 * WHERE conjunct, and the outer SELECT has no `*` (which would grow with T's
 * columns). Outer unqualified references are qualified so that T's columns
 * cannot make them ambiguous. Anything else is left alone.
 */
import { type Node, containsSelect, getAt, qualifier, REF_CLAUSES } from './ast.ts';
import { binary, columnRef } from './build.ts';
import { freshAlias } from './aliases.ts';
import { andOf, conjuncts } from './logic.ts';
import { type Source, resolve } from '../sql/scope.ts';
import type { SelectSite } from './types.ts';
import { columnRefs, selectsStar } from './find.ts';
import type { Edit, MutationContext, MutationRule } from './types.ts';

const INNER = /^(INNER )?JOIN$/i;

const isUniqueKey = (source: Source, column: string): boolean =>
  source.table !== null && source.table.primaryKey.length === 1 && source.table.primaryKey[0]!.toLowerCase() === column.toLowerCase();

/** True when the SELECT is one plain table with no grouping, ordering, limit, set operation. */
function isPlain(q: Node): boolean {
  return (
    Array.isArray(q.from) &&
    q.from.length === 1 &&
    typeof q.from[0].table === 'string' &&
    !q.groupby?.columns?.length &&
    !q.having &&
    !q.orderby &&
    !q.limit?.value?.length &&
    !q._next &&
    Array.isArray(q.columns) &&
    q.columns.length === 1
  );
}

const childrenOf = (ctx: MutationContext, site: SelectSite): SelectSite[] => ctx.selects.filter((s) => s.scope.parent === site.scope);

/** `in-to-join`: `x IN (SELECT key FROM T WHERE c)` → `JOIN T ON x = key … AND c`. */
export const inToJoin: MutationRule = {
  kind: 'in-to-join',
  preserving: true,
  description: 'an IN subquery over a primary key written as a join',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    const alias = freshAlias(ctx);
    for (const outer of ctx.selects) {
      const children = childrenOf(ctx, outer);
      if (children.length !== 1 || selectsStar(outer)) continue;
      const inner = children[0]!;
      const q = inner.node;
      const source = inner.scope.sources[0];
      if (!isPlain(q) || !source || q.columns[0].expr?.type !== 'column_ref') continue;
      const key = resolve(inner.scope, q.columns[0].expr);
      if (key?.source !== source || !isUniqueKey(source, key.column.name)) continue;
      const innerRefs = columnRefs(inner, REF_CLAUSES).map(({ node, path }) => ({ path, hit: resolve(inner.scope, node) }));
      if (innerRefs.some((r) => r.hit?.source !== source)) continue;
      const k = conjuncts(outer.node.where).findIndex(
        (c) => c.operator === 'IN' && c.left?.type === 'column_ref' && c.right?.value?.length === 1 && c.right.value[0]?.ast === q,
      );
      if (k < 0) continue;
      const outerRefs = columnRefs(outer, REF_CLAUSES).flatMap(({ node, path }) => {
        const hit = resolve(outer.scope, node);
        return hit && qualifier(node) === null ? [{ path, ref: hit.source.ref }] : [];
      });
      edits.push((root) => {
        for (const r of outerRefs) getAt(root, r.path).table = r.ref;
        for (const r of innerRefs) getAt(root, r.path).table = alias;
        const s = getAt(root, outer.path);
        const inner2 = getAt(root, inner.path);
        const cs = conjuncts(s.where);
        const on = binary('=', cs[k]!.left, columnRef(alias, key.column.name, ctx.dialect));
        s.from.push({ db: null, table: inner2.from[0].table, as: alias, join: 'INNER JOIN', on });
        s.where = andOf(cs.flatMap((c, x) => (x === k ? conjuncts(inner2.where) : [c])));
      });
    }
    return edits;
  },
};

/** `join-to-in`: the last inner join, on its table's primary key and read only by WHERE, written as IN. */
export const joinToIn: MutationRule = {
  kind: 'join-to-in',
  preserving: true,
  description: 'a join on a primary key, used only for filtering, written as an IN subquery',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      const from: Node[] = Array.isArray(site.node.from) ? site.node.from : [];
      const last = from.length - 1;
      const item = from[last];
      const target = site.scope.sources.find((s) => s.index === last);
      if (last < 1 || !item || !target?.table || !INNER.test(String(item.join ?? '')) || selectsStar(site)) continue;
      const on: Node = item.on;
      if (on?.operator !== '=' || on.left?.type !== 'column_ref' || on.right?.type !== 'column_ref') continue;
      const [l, r] = [resolve(site.scope, on.left), resolve(site.scope, on.right)];
      const keySide = r?.source === target ? 'right' : l?.source === target ? 'left' : null;
      const other = keySide === 'right' ? l : r;
      const key = keySide === 'right' ? r : l;
      if (!keySide || !key || !other || other.source === target || !isUniqueKey(target, key.column.name)) continue;
      const cs = conjuncts(site.node.where);
      const readsTarget = (c: Node): boolean | null => {
        const fake: SelectSite = { path: [], node: { where: c }, scope: site.scope };
        const hits = columnRefs(fake, ['where']).map(({ node }) => resolve(site.scope, node)?.source ?? null);
        if (!hits.includes(target)) return false;
        return hits.every((h) => h === target) && !containsSelect(c) ? true : null;
      };
      const roles = cs.map(readsTarget);
      if (roles.includes(null)) continue;
      const elsewhere = ctx.selects.some((s) =>
        columnRefs(s, REF_CLAUSES).some(({ node, path }) => {
          if (resolve(s.scope, node)?.source !== target) return false;
          const inOn = s === site && path[site.path.length] === 'from' && path[site.path.length + 1] === last;
          const inWhere = s === site && path[site.path.length] === 'where';
          return !inOn && !inWhere;
        }),
      );
      if (elsewhere) continue;
      edits.push((root) => {
        const s = getAt(root, site.path);
        const it = s.from.pop() as Node;
        const keep = conjuncts(s.where).filter((_c, x) => !roles[x]);
        const moved = conjuncts(s.where).filter((_c, x) => roles[x]);
        const sub: Node = structuredClone(s);
        delete sub._next;
        delete sub.set_op;
        Object.assign(sub, { distinct: null, groupby: null, having: null, orderby: null, limit: null, with: null });
        sub.columns = [{ ...s.columns[0], expr: structuredClone(it.on[keySide]), as: null }];
        sub.from = [{ db: null, table: it.table, as: it.as ?? null }];
        sub.where = andOf(moved);
        const inList = { type: 'expr_list', value: [{ ast: sub }], parentheses: true };
        s.where = andOf([...keep, binary('IN', it.on[keySide === 'right' ? 'left' : 'right'], inList)]);
      });
    }
    return edits;
  },
};
