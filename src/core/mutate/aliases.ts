/**
 * Meaning-preserving rewrite: a table alias renamed (or added where there was
 * none), with every qualified reference to that FROM item renamed with it.
 *
 * References are matched by scope, not by spelling, so a subquery that reuses
 * the same alias for its own table keeps it.
 */
import { getAt, qualifier, REF_CLAUSES } from './ast.ts';
import { sourceByRef, type Source } from '../sql/scope.ts';
import { columnRefs } from './find.ts';
import type { Edit, MutationContext, MutationRule } from './types.ts';

/**
 * An alias used by no table, FROM item or column of the query's schema:
 * `a1`, `a2`, … skipping taken names (case-insensitively); `offset` skips
 * further so that two new aliases in one query differ.
 *
 * @example
 * freshAlias(ctx); // 'a1' unless a table or alias is called that
 */
export function freshAlias(ctx: MutationContext, offset = 0): string {
  const taken = new Set<string>();
  for (const t of ctx.schema.tables) {
    taken.add(t.name.toLowerCase());
    for (const c of t.columns) taken.add(c.name.toLowerCase());
  }
  for (const site of ctx.selects) for (const s of site.scope.sources) taken.add(s.ref.toLowerCase());
  let skip = offset;
  for (let i = 1; ; i++) {
    const name = `a${i}`;
    if (taken.has(name)) continue;
    if (skip-- === 0) return name;
  }
}

/**
 * Paths of every column reference (in any SELECT) whose qualifier names `target`.
 *
 * @example
 * qualifiedRefsTo(ctx, t1Source); // [['columns', 0, 'expr'], ['where', 'left']]
 */
export function qualifiedRefsTo(ctx: MutationContext, target: Source): (readonly (string | number)[])[] {
  return ctx.selects.flatMap((site) =>
    columnRefs(site, REF_CLAUSES).flatMap(({ node, path }) => {
      const q = qualifier(node);
      return q !== null && sourceByRef(site.scope, q) === target ? [path] : [];
    }),
  );
}

/** `alias-rename`: a FROM item's alias renamed or added, references following it. */
export const aliasRename: MutationRule = {
  kind: 'alias-rename',
  preserving: true,
  description: 'a table alias renamed (or added), qualified references renamed with it',
  edits(_root, ctx) {
    const alias = freshAlias(ctx);
    return ctx.selects.flatMap((site) =>
      site.scope.sources.map((target): Edit => {
        const refs = qualifiedRefsTo(ctx, target);
        return (root) => {
          getAt(root, [...site.path, 'from', target.index]).as = alias;
          for (const p of refs) getAt(root, p).table = alias;
        };
      }),
    );
  },
};
