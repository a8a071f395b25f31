/**
 * Literal near misses: the right column compared with the wrong value.
 *
 * A literal compared with a column becomes another sample value of that
 * column; a number anywhere in a comparison or BETWEEN (HAVING COUNT(*) > 2
 * included) becomes itself ±1. Double-quoted tokens that name no column in
 * scope are string literals (SQLite's fallback), as Spider writes them.
 */
import { type Node, getAt, isDoubleQuotedRef, isNode } from './ast.ts';
import { literal } from './build.ts';
import { isComparison } from './logic.ts';
import { type Scope, resolve } from '../sql/scope.ts';
import { nodesIn } from './find.ts';
import type { Edit, MutationRule } from './types.ts';

/** Other sample values tried per literal. */
const SAMPLES_PER_LITERAL = 3;

/**
 * The text of a literal node, or null when the node is not a literal.
 *
 * @example
 * literalText({ type: 'single_quote_string', value: "it''s" }, scope); // "it's"
 */
export function literalText(n: unknown, scope: Scope): string | null {
  if (!isNode(n)) return null;
  if (n.type === 'number') return String(n.value);
  if (n.type === 'single_quote_string') return String(n.value).replace(/''/g, "'");
  if (n.type === 'double_quote_string' || n.type === 'string') return String(n.value);
  if (isDoubleQuotedRef(n) && resolve(scope, n) === null) return String(n.column.expr.value);
  return null;
}

function numberEdits(path: readonly (string | number)[], n: Node): Edit[] {
  if (n.type !== 'number' || typeof n.value !== 'number') return [];
  const v = n.value;
  return [v + 1, v - 1].map(
    (w): Edit =>
      (root) => {
        getAt(root, path).value = w;
      },
  );
}

/** `wrong-literal`: another sample value of the compared column, or a number ±1. */
export const wrongLiteral: MutationRule = {
  kind: 'wrong-literal',
  preserving: false,
  description: 'a literal replaced by another sample value of its column, or a number by itself ±1',
  edits(_root, ctx) {
    const edits: Edit[] = [];
    for (const site of ctx.selects) {
      const sites = nodesIn(site, ['where', 'having', 'from'], (n) => isComparison(n) || n.operator === 'BETWEEN');
      for (const path of sites) {
        const cmp = getAt(site.node, path.slice(site.path.length));
        if (cmp.operator === 'BETWEEN') {
          const bounds: unknown[] = Array.isArray(cmp.right?.value) ? cmp.right.value : [];
          bounds.forEach((b, i) => isNode(b) && edits.push(...numberEdits([...path, 'right', 'value', i], b)));
          continue;
        }
        for (const [colSide, litSide] of [
          ['left', 'right'],
          ['right', 'left'],
        ] as const) {
          const text = literalText(cmp[litSide], site.scope);
          if (text === null) continue;
          const litPath = [...path, litSide];
          edits.push(...numberEdits(litPath, cmp[litSide]));
          const hit = cmp[colSide]?.type === 'column_ref' ? resolve(site.scope, cmp[colSide]) : null;
          const numeric = cmp[litSide].type === 'number';
          const others = (hit?.column.samples ?? []).filter((s) => s !== text).slice(0, SAMPLES_PER_LITERAL);
          for (const sample of others) {
            if (numeric && !Number.isFinite(Number(sample))) continue;
            edits.push((root) => {
              const parent = getAt(root, path);
              parent[litSide] = literal(sample, numeric);
            });
          }
        }
      }
    }
    return edits;
  },
};
