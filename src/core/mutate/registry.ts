/**
 * Every mutation kind, in one list: the near misses first, then the
 * meaning-preserving rewrites. Column order in SELECT is deliberately absent:
 * under the BIRD result rule a reordered select list is a different answer.
 */
import { countDistinct, missingDistinct, wrongAggregate } from './aggregates.ts';
import { aliasRename } from './aliases.ts';
import { wrongColumn } from './columns.ts';
import { betweenRange, reorderConjuncts } from './conditions.ts';
import { extraGroupBy, missingGroupBy } from './grouping.ts';
import { commaToJoin, joinToComma } from './joinform.ts';
import { wrongJoinTable } from './join-table.ts';
import { missingJoinCondition, wrongJoinCondition } from './joins.ts';
import { wrongLiteral } from './literals.ts';
import { missingLimit, orderColumn, orderDirection, wrongLimit } from './ordering.ts';
import { andOr, extraWherePredicate, flippedComparison, inNotIn, missingWherePredicate } from './predicates.ts';
import { setOperator } from './setops.ts';
import { inToJoin, joinToIn } from './subqueries.ts';
import type { MutationKind, MutationRule } from './types.ts';

/**
 * All rules, near misses then rewrites.
 *
 * @example
 * MUTATION_RULES.filter((r) => r.preserving).map((r) => r.kind); // ['alias-rename', …]
 */
export const MUTATION_RULES: readonly MutationRule[] = [
  wrongColumn,
  wrongJoinTable,
  wrongJoinCondition,
  missingJoinCondition,
  missingWherePredicate,
  extraWherePredicate,
  flippedComparison,
  wrongLiteral,
  wrongAggregate,
  missingDistinct,
  extraGroupBy,
  missingGroupBy,
  orderDirection,
  orderColumn,
  wrongLimit,
  missingLimit,
  countDistinct,
  andOr,
  inNotIn,
  setOperator,
  aliasRename,
  reorderConjuncts,
  joinToComma,
  commaToJoin,
  inToJoin,
  joinToIn,
  betweenRange,
];

/** Every kind name, in registry order. */
export const MUTATION_KINDS: readonly MutationKind[] = MUTATION_RULES.map((r) => r.kind);

/**
 * The rule of a kind; throws `RangeError` for an unknown name.
 *
 * @example
 * ruleOf('wrong-limit').preserving; // false
 */
export function ruleOf(kind: string): MutationRule {
  const rule = MUTATION_RULES.find((r) => r.kind === kind);
  if (!rule) throw new RangeError(`unknown mutation kind '${kind}'; known: ${MUTATION_KINDS.join(', ')}`);
  return rule;
}
