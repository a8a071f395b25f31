/**
 * Aggregate near misses: the wrong aggregate function, COUNT(*) against
 * COUNT(DISTINCT col), and a DISTINCT left out (of the SELECT or of an aggregate).
 */
import type { Dialect } from '../sql/parse.ts';
import { type Node, getAt } from './ast.ts';
import { columnRef } from './build.ts';
import { resolve } from '../sql/scope.ts';
import type { SelectSite } from './types.ts';
import { columnRefs, nodesIn } from './find.ts';
import type { Edit, MutationRule } from './types.ts';

const AGGREGATES = ['COUNT', 'SUM', 'AVG', 'MIN', 'MAX'];
const CLAUSES = ['columns', 'having', 'orderby'];
/** Columns tried inside a new COUNT(DISTINCT …). */
const COUNT_COLUMNS = 4;

const isAggregate = (n: Node): boolean => n.type === 'aggr_func' && AGGREGATES.includes(String(n.name).toUpperCase());
const isStar = (n: Node): boolean => n.args?.expr?.type === 'star';

/** `wrong-aggregate`: COUNT/SUM/AVG/MIN/MAX over a column swapped for another of them. */
export const wrongAggregate: MutationRule = {
  kind: 'wrong-aggregate',
  preserving: false,
  description: 'an aggregate over a column swapped for another aggregate',
  edits(_root, ctx) {
    return ctx.selects.flatMap((site) =>
      nodesIn(site, CLAUSES, (n) => isAggregate(n) && !isStar(n)).flatMap((path) => {
        const name = String(getAt(site.node, path.slice(site.path.length)).name).toUpperCase();
        return AGGREGATES.filter((a) => a !== name).map(
          (a): Edit =>
            (root) => {
              getAt(root, path).name = a;
            },
        );
      }),
    );
  },
};

/** Columns a new COUNT(DISTINCT …) may count: those the SELECT already uses, then primary keys. */
function countableColumns(site: SelectSite, dialect: Dialect): Node[] {
  const seen = new Set<string>();
  const out: Node[] = [];
  const qualify = site.scope.sources.length > 1;
  const add = (ref: string, name: string): void => {
    const key = `${ref}.${name}`.toLowerCase();
    if (seen.has(key) || out.length >= COUNT_COLUMNS) return;
    seen.add(key);
    out.push(columnRef(qualify ? ref : null, name, dialect));
  };
  for (const { node } of columnRefs(site, ['columns', 'where', 'groupby'])) {
    const hit = resolve(site.scope, node);
    if (hit && site.scope.sources.includes(hit.source) && hit.source.table) add(hit.source.ref, hit.column.name);
  }
  for (const s of site.scope.sources) for (const k of s.table?.primaryKey ?? []) add(s.ref, k);
  return out;
}

/** `count-distinct`: COUNT(*) → COUNT(DISTINCT col), COUNT(DISTINCT col) → COUNT(*), COUNT(col) → COUNT(DISTINCT col). */
export const countDistinct: MutationRule = {
  kind: 'count-distinct',
  preserving: false,
  description: 'COUNT(*) against COUNT(DISTINCT col), or COUNT(col) made DISTINCT',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      for (const path of nodesIn(site, CLAUSES, (n) => String(n.name).toUpperCase() === 'COUNT' && isAggregate(n))) {
        const node = getAt(site.node, path.slice(site.path.length));
        if (isStar(node)) {
          for (const col of countableColumns(site, ctx.dialect)) {
            edits.push((root) => {
              getAt(root, path).args = { distinct: 'DISTINCT', expr: structuredClone(col) };
            });
          }
        } else if (node.args?.distinct) {
          edits.push((root) => {
            getAt(root, path).args = { expr: { type: 'star', value: '*' } };
          });
        } else {
          edits.push((root) => {
            getAt(root, path).args.distinct = 'DISTINCT';
          });
        }
      }
    }
    return edits;
  },
};

/** `missing-distinct`: DISTINCT dropped from a SELECT or from an aggregate. */
export const missingDistinct: MutationRule = {
  kind: 'missing-distinct',
  preserving: false,
  description: 'DISTINCT dropped from a SELECT or an aggregate',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      const d: unknown = site.node.distinct;
      if (d === 'DISTINCT' || (typeof d === 'object' && d !== null && (d as Node).type === 'DISTINCT')) {
        edits.push((root) => {
          getAt(root, site.path).distinct = null;
        });
      }
      for (const path of nodesIn(site, CLAUSES, (n) => isAggregate(n) && Boolean(n.args?.distinct))) {
        edits.push((root) => {
          getAt(root, path).args.distinct = null;
        });
      }
    }
    return edits;
  },
};
