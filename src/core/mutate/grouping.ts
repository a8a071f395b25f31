/**
 * GROUP BY near misses: a grouping column dropped, or one added.
 *
 * Both the sqlite and the postgresql grammars store GROUP BY as
 * `{columns: [...]}`; older shapes (a bare array) are read too.
 * A dropped last column removes GROUP BY (HAVING then applies to one group,
 * which SQLite accepts since 3.39), only when the select list aggregates: else
 * SQLite rejects the HAVING or ORDER BY aggregate of a non-aggregate query.
 */
import { type Node, getAt } from './ast.ts';
import { columnRef } from './build.ts';
import { resolve } from '../sql/scope.ts';
import type { SelectSite } from './types.ts';
import { columnRefs, nodesIn } from './find.ts';
import type { Edit, MutationContext, MutationRule } from './types.ts';

/** Columns tried as an extra GROUP BY column. */
const EXTRA_COLUMNS = 4;

/**
 * The GROUP BY expressions of a SELECT (empty for none).
 *
 * @example
 * groupList(selectOf('SELECT a FROM t GROUP BY a, b')).length; // 2
 */
export function groupList(select: Node): Node[] {
  const g: unknown = select.groupby;
  if (Array.isArray(g)) return g;
  const cols: unknown = (g as Node | null)?.columns;
  return Array.isArray(cols) ? cols : [];
}

function setGroupList(select: Node, list: Node[]): void {
  if (list.length === 0) select.groupby = null;
  else if (Array.isArray(select.groupby)) select.groupby = list;
  else select.groupby = { ...(select.groupby ?? {}), columns: list };
}

/** `missing-group-by`: one GROUP BY column dropped. */
export const missingGroupBy: MutationRule = {
  kind: 'missing-group-by',
  preserving: false,
  description: 'one GROUP BY column dropped (GROUP BY itself when it is the only one)',
  edits(_root, ctx) {
    return ctx.selects.flatMap((site) => {
      const list = groupList(site.node);
      // Without GROUP BY, a HAVING or ORDER BY aggregate needs an aggregate in the select list.
      if (list.length === 1 && !hasAggregate(site)) return [];
      return list.map(
        (_, i): Edit =>
          (root) => {
            const s = getAt(root, site.path);
            setGroupList(
              s,
              groupList(s).filter((_g, j) => j !== i),
            );
          },
      );
    });
  },
};

const hasAggregate = (site: SelectSite): boolean => nodesIn(site, ['columns'], (n) => n.type === 'aggr_func').length > 0;

/** Candidate extra grouping columns: selected columns not grouped yet, then primary keys. */
function extraColumns(site: SelectSite, ctx: MutationContext): Node[] {
  const grouped = new Set(
    groupList(site.node).flatMap((g) => {
      const hit = g.type === 'column_ref' ? resolve(site.scope, g) : null;
      return hit ? [`${hit.source.ref}.${hit.column.name}`.toLowerCase()] : [];
    }),
  );
  const out: Node[] = [];
  const qualify = site.scope.sources.length > 1;
  const add = (ref: string, name: string): void => {
    const key = `${ref}.${name}`.toLowerCase();
    if (grouped.has(key) || out.length >= EXTRA_COLUMNS) return;
    grouped.add(key);
    out.push(columnRef(qualify ? ref : null, name, ctx.dialect));
  };
  for (const { node } of columnRefs(site, ['columns'])) {
    const hit = resolve(site.scope, node);
    if (hit && site.scope.sources.includes(hit.source)) add(hit.source.ref, hit.column.name);
  }
  for (const s of site.scope.sources) for (const k of s.table?.primaryKey ?? []) add(s.ref, k);
  return out;
}

/** `extra-group-by`: a column added to GROUP BY (or GROUP BY added to an aggregate query). */
export const extraGroupBy: MutationRule = {
  kind: 'extra-group-by',
  preserving: false,
  description: 'an extra GROUP BY column, or GROUP BY added to an aggregate query',
  edits(_root, ctx) {
    return ctx.selects
      .filter((site) => groupList(site.node).length > 0 || hasAggregate(site))
      .flatMap((site) =>
        extraColumns(site, ctx).map(
          (col): Edit =>
            (root) => {
              const s = getAt(root, site.path);
              setGroupList(s, [...groupList(s), structuredClone(col)]);
            },
        ),
      );
  },
};
