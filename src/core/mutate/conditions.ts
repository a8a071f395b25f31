/**
 * Meaning-preserving rewrites of conditions: WHERE conjuncts reordered, and
 * `a BETWEEN x AND y` ↔ `a >= x AND a <= y` (SQLite defines BETWEEN so).
 */
import { type Node, columnName, getAt, qualifier } from './ast.ts';
import { binary } from './build.ts';
import { andOf, conjuncts } from './logic.ts';
import { nodesIn } from './find.ts';
import type { Edit, MutationRule } from './types.ts';

function swapped<T>(list: readonly T[], i: number, j: number): T[] {
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** `reorder-conjuncts`: two adjacent WHERE conjuncts swapped, or all of them reversed. */
export const reorderConjuncts: MutationRule = {
  kind: 'reorder-conjuncts',
  preserving: true,
  description: 'WHERE conjuncts in another order',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      const n = conjuncts(site.node.where).length;
      const orders: ((cs: Node[]) => Node[])[] = [];
      for (let i = 0; i + 1 < n; i++) orders.push((cs) => swapped(cs, i, i + 1));
      if (n > 2) orders.push((cs) => [...cs].reverse());
      for (const order of orders) {
        edits.push((root) => {
          const s = getAt(root, site.path);
          s.where = andOf(order(conjuncts(s.where)));
        });
      }
    }
    return edits;
  },
};

/** A column reference's identity for matching two bounds: qualifier and name, lowercased. */
const refKey = (n: Node): string | null => (n.type === 'column_ref' && columnName(n) !== null ? `${qualifier(n) ?? ''}.${columnName(n)}`.toLowerCase() : null);

/** Index pairs [lower, upper] of conjuncts `c >= lo` and `c <= hi` on the same column. */
function rangePairs(cs: readonly Node[]): [number, number][] {
  const pairs: [number, number][] = [];
  cs.forEach((lo, i) => {
    if (lo.operator !== '>=' || refKey(lo.left) === null) return;
    cs.forEach((hi, j) => {
      if (i !== j && hi.operator === '<=' && refKey(hi.left) === refKey(lo.left)) pairs.push([i, j]);
    });
  });
  return pairs;
}

/** `between-range`: BETWEEN spelled as two comparisons, or two comparisons as BETWEEN. */
export const betweenRange: MutationRule = {
  kind: 'between-range',
  preserving: true,
  description: 'a BETWEEN written as >= AND <=, or the reverse',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      for (const path of nodesIn(site, ['where', 'having'], (n) => n.operator === 'BETWEEN' && n.right?.value?.length === 2)) {
        edits.push((root) => {
          const b = getAt(root, path);
          const [lo, hi] = b.right.value as Node[];
          const range = binary('AND', binary('>=', b.left, lo!), binary('<=', structuredClone(b.left), hi!));
          getAt(root, path.slice(0, -1))[path[path.length - 1]!] = range;
        });
      }
      for (const [i, j] of rangePairs(conjuncts(site.node.where))) {
        edits.push((root) => {
          const s = getAt(root, site.path);
          const cs = conjuncts(s.where);
          const between = binary('BETWEEN', cs[i]!.left, { type: 'expr_list', value: [cs[i]!.right, cs[j]!.right] });
          s.where = andOf(cs.flatMap((c, x) => (x === i ? [between] : x === j ? [] : [c])));
        });
      }
    }
    return edits;
  },
};
