/**
 * Set-operation near misses: UNION, UNION ALL, INTERSECT and EXCEPT swapped.
 *
 * node-sql-parser keeps a compound query as a chain: the left member holds
 * `set_op` (lowercase) and the right member in `_next`.
 */
import { getAt } from './ast.ts';
import type { Edit, MutationRule } from './types.ts';

const SET_OPS = ['union', 'union all', 'intersect', 'except'];

/** `set-operator`: one set operator replaced by another. */
export const setOperator: MutationRule = {
  kind: 'set-operator',
  preserving: false,
  description: 'UNION, UNION ALL, INTERSECT or EXCEPT swapped for another',
  edits(_root, ctx) {
    return ctx.selects.flatMap((site) => {
      const op: unknown = site.node.set_op;
      if (typeof op !== 'string' || site.node._next == null) return [];
      return SET_OPS.filter((o) => o !== op.toLowerCase()).map(
        (o): Edit =>
          (root) => {
            getAt(root, site.path).set_op = o;
          },
      );
    });
  },
};
