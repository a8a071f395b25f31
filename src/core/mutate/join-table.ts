/**
 * Near miss: the wrong table joined. The replacement is a foreign-key
 * neighbour of the other tables when there is one (the mistake models make),
 * with the join condition rebuilt on that foreign key. Every column read from
 * the replaced table is mapped to the new one (same name, else same affinity,
 * else its first column) and qualified, and bare references to the other
 * tables are qualified too, so the mutant still runs.
 */
import type { ColumnInfo, Schema, TableInfo } from '../schema.ts';
import { type Node, getAt, qualifier, REF_CLAUSES } from './ast.ts';
import { binary, columnRef, setColumnName } from './build.ts';
import { affinity, pinOutputName } from './columns.ts';
import { columnRefs, selectsStar } from './find.ts';
import { type Source, resolve } from '../sql/scope.ts';
import type { Edit, MutationContext, MutationRule } from './types.ts';

/**
 * Column pairs linking `a` to `b` by a foreign key declared on either side.
 *
 * @example
 * fkLinks(concert, stadium); // [{ a: 'stadium_id', b: 'stadium_id' }]
 */
export function fkLinks(a: TableInfo, b: TableInfo): { a: string; b: string }[] {
  const out: { a: string; b: string }[] = [];
  const same = (x: string, y: string): boolean => x.toLowerCase() === y.toLowerCase();
  for (const fk of a.foreignKeys) {
    if (!same(fk.table, b.name)) continue;
    fk.from.forEach((f, i) => out.push({ a: f, b: fk.to[i] || b.primaryKey[i] || f }));
  }
  for (const fk of b.foreignKeys) {
    if (!same(fk.table, a.name)) continue;
    fk.from.forEach((f, i) => out.push({ a: fk.to[i] || a.primaryKey[i] || f, b: f }));
  }
  return out;
}

function mapColumn(old: ColumnInfo, table: TableInfo): ColumnInfo | undefined {
  const low = old.name.toLowerCase();
  return table.columns.find((c) => c.name.toLowerCase() === low) ?? table.columns.find((c) => affinity(c.type) === affinity(old.type)) ?? table.columns[0];
}

function inFrom(site: { node: Node }): Node[] {
  return Array.isArray(site.node.from) ? site.node.from : [];
}

/** Every reference (in any SELECT) that resolves to `target`, with its column. */
function refsTo(ctx: MutationContext, target: Source): { path: readonly (string | number)[]; column: ColumnInfo }[] {
  return ctx.selects.flatMap((site) =>
    columnRefs(site, REF_CLAUSES).flatMap(({ node, path }) => {
      const hit = resolve(site.scope, node);
      return hit?.source === target ? [{ path, column: hit.column }] : [];
    }),
  );
}

function candidateTables(schema: Schema, inUse: readonly Source[], target: Source): TableInfo[] {
  const used = new Set(inUse.flatMap((s) => (s.table ? [s.table.name.toLowerCase()] : [])));
  const free = schema.tables.filter((t) => !used.has(t.name.toLowerCase()) && t.columns.length > 0);
  const others = inUse.filter((s) => s !== target && s.table !== null);
  const linked = free.filter((t) => others.some((o) => fkLinks(t, o.table!).length > 0));
  return linked.length > 0 ? linked : free;
}

/** `wrong-join-table`: a joined table replaced by another (a foreign-key neighbour when possible). */
export const wrongJoinTable: MutationRule = {
  kind: 'wrong-join-table',
  preserving: false,
  description: 'a joined table replaced by another table, preferably a foreign-key neighbour',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      // In a compound query, `*` over another table would break the column count.
      const compound = site.node.set_op != null || site.path[site.path.length - 1] === '_next';
      if (compound && selectsStar(site)) continue;
      for (const target of site.scope.sources) {
        if (target.index === 0 || target.table === null || typeof inFrom(site)[target.index]?.table !== 'string') continue;
        const refs = refsTo(ctx, target);
        // The new table may share column names with the others: qualify their bare references.
        const bare = columnRefs(site, REF_CLAUSES).flatMap(({ node, path }) => {
          const hit = qualifier(node) === null ? resolve(site.scope, node) : null;
          return hit && hit.source !== target && site.scope.sources.includes(hit.source) ? [{ path, ref: hit.source.ref }] : [];
        });
        const hasAlias = typeof inFrom(site)[target.index]!.as === 'string';
        for (const table of candidateTables(ctx.schema, site.scope.sources, target)) {
          const newRef = hasAlias ? target.ref : table.name;
          const earlier = site.scope.sources.filter((s) => s.index < target.index && s.table !== null);
          const link = earlier.flatMap((o) => fkLinks(table, o.table!).map((l) => ({ other: o, ...l })))[0];
          edits.push((root) => {
            const item = getAt(root, [...site.path, 'from', target.index]);
            item.table = table.name;
            for (const r of refs) {
              const ref = getAt(root, r.path);
              const col = mapColumn(r.column, table);
              pinOutputName(root, r.path, r.column.name);
              if (col) setColumnName(ref, col.name, ctx.dialect);
              ref.table = newRef;
            }
            for (const b of bare) getAt(root, b.path).table = b.ref;
            if (link && item.on) {
              item.on = binary('=', columnRef(link.other.ref, link.b, ctx.dialect), columnRef(newRef, link.a, ctx.dialect));
            }
          });
        }
      }
    }
    return edits;
  },
};
