/**
 * Join-condition near misses: the wrong key in a join condition, or the
 * condition left out. A dropped condition is skipped when the cross product it
 * makes would pass {@link CROSS_JOIN_ROWS} by table row counts.
 */
import type { ColumnInfo, TableInfo } from '../schema.ts';
import { type Node, getAt, walk } from './ast.ts';
import { setColumnName } from './build.ts';
import { alternativeColumns } from './columns.ts';
import { type Source, resolve } from '../sql/scope.ts';
import type { Edit, MutationRule } from './types.ts';

/** Largest cross product (rows of the unjoined table × rows of the largest other) a dropped ON may create. */
export const CROSS_JOIN_ROWS = 1_000_000;

function inFrom(site: { node: Node }): Node[] {
  return Array.isArray(site.node.from) ? site.node.from : [];
}

const isKey = (table: TableInfo, c: ColumnInfo): boolean =>
  c.pk > 0 || /id$/i.test(c.name) || table.foreignKeys.some((fk) => fk.from.some((f) => f.toLowerCase() === c.name.toLowerCase()));

/** `wrong-join-condition`: one side of a join equality moved to another (key-like) column of its table. */
export const wrongJoinCondition: MutationRule = {
  kind: 'wrong-join-condition',
  preserving: false,
  description: 'one side of a join condition moved to another key-like column of its table',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      inFrom(site).forEach((item, i) => {
        walk(item.on, [...site.path, 'from', i, 'on'], (n, path) => {
          if (n.type !== 'column_ref') return true;
          const hit = resolve(site.scope, n);
          const table = hit?.source.table;
          if (!hit || !table) return false;
          const keys = table.columns.filter((c) => isKey(table, c) && c.name.toLowerCase() !== hit.column.name.toLowerCase());
          for (const alt of keys.length > 0 ? keys : alternativeColumns(hit.column, table.columns)) {
            edits.push((root) => setColumnName(getAt(root, path), alt.name, ctx.dialect));
          }
          return false;
        });
      });
    }
    return edits;
  },
};

/** `missing-join-condition`: the ON of an inner join dropped (a cross join), when small enough. */
export const missingJoinCondition: MutationRule = {
  kind: 'missing-join-condition',
  preserving: false,
  description: 'the ON condition of an inner join dropped',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      const rows = (s: Source | undefined): number => s?.table?.rowCount ?? 0;
      inFrom(site).forEach((item, i) => {
        if (!item.on || !/^(INNER )?JOIN$/i.test(String(item.join ?? ''))) return;
        const target = site.scope.sources.find((s) => s.index === i);
        const widest = Math.max(0, ...site.scope.sources.filter((s) => s !== target).map(rows));
        if (rows(target) * widest > CROSS_JOIN_ROWS) return;
        edits.push((root) => {
          getAt(root, [...site.path, 'from', i]).on = null;
        });
      });
    }
    return edits;
  },
};
