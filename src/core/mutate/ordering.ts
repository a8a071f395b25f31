/**
 * ORDER BY and LIMIT near misses: the other direction, another column to sort
 * by, a LIMIT off by one, a LIMIT left out.
 *
 * LIMIT is stored as `{seperator, value: [...]}` (sic); the row count is
 * `value[1]` for `LIMIT offset, count` and `value[0]` otherwise.
 */
import { type Node, getAt } from './ast.ts';
import { alternativeColumns, renameRef } from './columns.ts';
import { resolve } from '../sql/scope.ts';
import { columnRefs } from './find.ts';
import type { Edit, MutationRule } from './types.ts';

/** `order-direction`: one ORDER BY item sorted the other way. */
export const orderDirection: MutationRule = {
  kind: 'order-direction',
  preserving: false,
  description: 'one ORDER BY item sorted the other way',
  edits(_root, ctx) {
    return ctx.selects.flatMap((site) =>
      (Array.isArray(site.node.orderby) ? site.node.orderby : []).map(
        (_: unknown, i: number): Edit =>
          (root) => {
            const item = getAt(root, [...site.path, 'orderby', i]);
            item.type = String(item.type ?? '').toUpperCase() === 'DESC' ? 'ASC' : 'DESC';
          },
      ),
    );
  },
};

/** `order-column`: a column inside ORDER BY replaced by another column of its table. */
export const orderColumn: MutationRule = {
  kind: 'order-column',
  preserving: false,
  description: 'a column inside ORDER BY replaced by another column of the same table',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      for (const { node, path } of columnRefs(site, ['orderby'])) {
        const hit = resolve(site.scope, node);
        if (hit === null || hit.source.table === null) continue;
        for (const alt of alternativeColumns(hit.column, hit.source.columns)) {
          edits.push((root) => renameRef(getAt(root, path), alt.name, hit.source.ref, site.scope.sources.length > 1, ctx.dialect));
        }
      }
    }
    return edits;
  },
};

/** The path of the LIMIT row count below a SELECT, or null when there is no numeric one. */
function countPath(select: Node): (string | number)[] | null {
  const values: unknown = select.limit?.value;
  if (!Array.isArray(values) || values.length === 0) return null;
  const i = select.limit.seperator === ',' ? 1 : 0;
  return values[i]?.type === 'number' ? ['limit', 'value', i] : null;
}

/** `wrong-limit`: the LIMIT row count plus or minus one (never below 1). */
export const wrongLimit: MutationRule = {
  kind: 'wrong-limit',
  preserving: false,
  description: 'the LIMIT row count off by one',
  edits(_root, ctx) {
    return ctx.selects.flatMap((site) => {
      const rel = countPath(site.node);
      if (rel === null) return [];
      const n = Number(getAt(site.node, rel).value);
      return [n + 1, n - 1]
        .filter((m) => m >= 1)
        .map(
          (m): Edit =>
            (root) => {
              getAt(root, [...site.path, ...rel]).value = m;
            },
        );
    });
  },
};

/** `missing-limit`: LIMIT (and its OFFSET) dropped. */
export const missingLimit: MutationRule = {
  kind: 'missing-limit',
  preserving: false,
  description: 'LIMIT dropped',
  edits(_root, ctx) {
    return ctx.selects
      .filter((site) => Array.isArray(site.node.limit?.value) && site.node.limit.value.length > 0)
      .map(
        (site): Edit =>
          (root) => {
            getAt(root, site.path).limit = null;
          },
      );
  },
};
