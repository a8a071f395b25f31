/**
 * Meaning-preserving rewrites between the two spellings of an inner join:
 * `A JOIN B ON c` ↔ `A, B WHERE c`. Only inner joins move (an outer join's ON
 * is not a WHERE); a comma item becomes `JOIN … ON` when a WHERE equality
 * links it to an item before it.
 */
import { type Node, getAt } from './ast.ts';
import { andOf, conjuncts } from './logic.ts';
import { resolve } from '../sql/scope.ts';
import type { SelectSite } from './types.ts';
import type { Edit, MutationRule } from './types.ts';

const INNER = /^(INNER )?JOIN$/i;

const fromItems = (site: SelectSite): Node[] => (Array.isArray(site.node.from) ? site.node.from : []);

/** `join-to-comma`: every inner `JOIN … ON` of a SELECT written as a comma join with the ON moved to WHERE. */
export const joinToComma: MutationRule = {
  kind: 'join-to-comma',
  preserving: true,
  description: 'explicit inner joins written as comma joins, ON conditions moved to WHERE',
  edits(_root, ctx) {
    return ctx.selects
      .filter((site) => {
        const rest = fromItems(site).slice(1);
        return rest.length > 0 && rest.every((it) => INNER.test(String(it.join ?? '')) && !it.using);
      })
      .map(
        (site): Edit =>
          (root) => {
            const s = getAt(root, site.path);
            const ons: Node[] = [];
            for (const item of s.from.slice(1) as Node[]) {
              ons.push(...conjuncts(item.on));
              delete item.join;
              delete item.on;
            }
            s.where = andOf([...ons, ...conjuncts(s.where)]);
          },
      );
  },
};

/** For each comma item, the index of a WHERE equality joining it to an earlier item (or -1). */
function linkingConjuncts(site: SelectSite): Map<number, number> {
  const links = new Map<number, number>();
  const used = new Set<number>();
  const cs = conjuncts(site.node.where);
  const sourceIndex = (n: Node): number => {
    if (n?.type !== 'column_ref') return -1;
    const hit = resolve(site.scope, n);
    return hit && site.scope.sources.includes(hit.source) ? hit.source.index : -1;
  };
  for (let item = 1; item < fromItems(site).length; item++) {
    const k = cs.findIndex((c, x) => {
      if (used.has(x) || c.type !== 'binary_expr' || c.operator !== '=') return false;
      const [l, r] = [sourceIndex(c.left), sourceIndex(c.right)];
      return (l === item && r >= 0 && r < item) || (r === item && l >= 0 && l < item);
    });
    if (k >= 0) {
      links.set(item, k);
      used.add(k);
    }
  }
  return links;
}

/** `comma-to-join`: comma-joined tables linked by a WHERE equality written as `JOIN … ON`. */
export const commaToJoin: MutationRule = {
  kind: 'comma-to-join',
  preserving: true,
  description: 'a comma join with a WHERE equality written as JOIN … ON',
  edits(_root, ctx) {
    return ctx.selects
      .filter((site) => fromItems(site).length > 1 && fromItems(site).every((it) => !it.join))
      .flatMap((site) => {
        const links = linkingConjuncts(site);
        if (links.size === 0) return [];
        return [
          (root: Node): void => {
            const s = getAt(root, site.path);
            const cs = conjuncts(s.where);
            for (const [item, k] of links) {
              s.from[item].join = 'INNER JOIN';
              s.from[item].on = cs[k];
            }
            const moved = new Set(links.values());
            s.where = andOf(cs.filter((_c, x) => !moved.has(x)));
          },
        ];
      });
  },
};
