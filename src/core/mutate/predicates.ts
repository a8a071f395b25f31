/**
 * Predicate near misses: a WHERE conjunct dropped or added, a comparison
 * flipped, AND and OR swapped, IN and NOT IN swapped.
 *
 * Join conditions (ON) are left to the join family; comparisons between two
 * columns are left alone here (they are join predicates in comma joins).
 */
import type { Node } from './ast.ts';
import { getAt } from './ast.ts';
import { columnRef, binary } from './build.ts';
import { sampleLiteral } from './columns.ts';
import { FLIPS, andOf, conjuncts, isComparison } from './logic.ts';
import { nodesIn } from './find.ts';
import type { Edit, MutationRule } from './types.ts';

/** Sample values per column an extra predicate may use. */
const SAMPLES_PER_COLUMN = 2;

/** `missing-where-predicate`: one top-level WHERE conjunct removed (the whole WHERE when it is one). */
export const missingWherePredicate: MutationRule = {
  kind: 'missing-where-predicate',
  preserving: false,
  description: 'one top-level WHERE conjunct dropped',
  edits(_root, ctx) {
    return ctx.selects.flatMap((site) =>
      conjuncts(site.node.where).map(
        (_, i): Edit =>
          (root) => {
            const s = getAt(root, site.path);
            s.where = andOf(conjuncts(s.where).filter((_c, j) => j !== i));
          },
      ),
    );
  },
};

/** `extra-where-predicate`: `AND col = <sample>` (or `>` for numbers) on a table in scope. */
export const extraWherePredicate: MutationRule = {
  kind: 'extra-where-predicate',
  preserving: false,
  description: 'an extra WHERE conjunct comparing a column with one of its sample values',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      for (const source of site.scope.sources) {
        if (source.table === null) continue;
        for (const column of source.columns) {
          const lit0 = column.samples[0] === undefined ? null : sampleLiteral(column, column.samples[0]);
          const ops = lit0?.type === 'number' ? ['=', '>'] : ['='];
          for (const sample of column.samples.slice(0, SAMPLES_PER_COLUMN)) {
            for (const op of ops) {
              edits.push((root) => {
                const s = getAt(root, site.path);
                const extra = binary(op, columnRef(source.ref, column.name, ctx.dialect), sampleLiteral(column, sample));
                s.where = andOf([...conjuncts(s.where), extra]);
              });
            }
          }
        }
      }
    }
    return edits;
  },
};

const bothColumns = (n: Node): boolean => n.left?.type === 'column_ref' && n.right?.type === 'column_ref';

/** `flipped-comparison`: `>`↔`<`, `>=`↔`<=`, `=`↔`!=`, and strict↔non-strict, in WHERE or HAVING. */
export const flippedComparison: MutationRule = {
  kind: 'flipped-comparison',
  preserving: false,
  description: 'a comparison operator reversed or made (non-)strict',
  edits(_root, ctx) {
    return ctx.selects.flatMap((site) =>
      nodesIn(site, ['where', 'having'], (n) => isComparison(n) && !bothColumns(n)).flatMap((path) =>
        (FLIPS[String(getAt(site.node, path.slice(site.path.length)).operator)] ?? []).map(
          (op): Edit =>
            (root) => {
              getAt(root, path).operator = op;
            },
        ),
      ),
    );
  },
};

function swapOperator(kind: 'and-or' | 'in-not-in', a: string, b: string, description: string): MutationRule {
  return {
    kind,
    preserving: false,
    description,
    edits(_root, ctx) {
      return ctx.selects.flatMap((site) =>
        nodesIn(site, ['where', 'having'], (n) => n.type === 'binary_expr' && [a, b].includes(String(n.operator).toUpperCase())).map(
          (path): Edit =>
            (root) => {
              const n = getAt(root, path);
              n.operator = String(n.operator).toUpperCase() === a ? b : a;
            },
        ),
      );
    },
  };
}

/** `and-or`: one AND turned into OR or the reverse, in WHERE or HAVING. */
export const andOr = swapOperator('and-or', 'AND', 'OR', 'one AND turned into OR, or OR into AND');

/** `in-not-in`: `IN` turned into `NOT IN` or the reverse. */
export const inNotIn = swapOperator('in-not-in', 'IN', 'NOT IN', 'IN turned into NOT IN, or the reverse');
