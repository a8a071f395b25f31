/**
 * The vocabulary of the mutation generator: kinds, mutants, rules.
 *
 * A rule lists every edit it can make to one parsed query as closures over
 * paths; the driver applies a chosen edit to a deep copy of the AST, prints
 * it, and keeps it when it is new. Edits never do string surgery.
 */
import type { Schema } from '../schema.ts';
import type { Dialect } from '../sql/parse.ts';
import type { SelectSite as Site } from '../sql/scope.ts';
import type { Node } from './ast.ts';

/** Edits that real text-to-SQL models make and that usually change the result. */
export type NearMissKind =
  | 'wrong-column'
  | 'wrong-join-table'
  | 'wrong-join-condition'
  | 'missing-join-condition'
  | 'missing-where-predicate'
  | 'extra-where-predicate'
  | 'flipped-comparison'
  | 'wrong-literal'
  | 'wrong-aggregate'
  | 'missing-distinct'
  | 'extra-group-by'
  | 'missing-group-by'
  | 'order-direction'
  | 'order-column'
  | 'wrong-limit'
  | 'missing-limit'
  | 'count-distinct'
  | 'and-or'
  | 'in-not-in'
  | 'set-operator';

/** Rewrites meant to keep the result (execution labels have the last word). */
export type PreservingKind = 'alias-rename' | 'reorder-conjuncts' | 'join-to-comma' | 'comma-to-join' | 'in-to-join' | 'join-to-in' | 'between-range';

export type MutationKind = NearMissKind | PreservingKind;

/**
 * One mutated query. `preserving` states the intent of the edit, not a fact:
 * the curation step labels every mutant by executing it.
 */
export interface Mutant {
  readonly sql: string;
  readonly kind: MutationKind;
  readonly preserving: boolean;
}

/** A seeded random source: `next()` returns a float in [0, 1). */
export interface RandomSource {
  next(): number;
}

export interface MutateOptions {
  /** Most mutants to return (a non-negative integer). */
  readonly k: number;
  readonly rng: RandomSource;
  /** Restrict to these kinds (default: all). */
  readonly kinds?: readonly MutationKind[];
  /** Told about an edit that could not be applied or printed (a parser shape no rule expected). */
  readonly onSkip?: (kind: MutationKind, error: unknown) => void;
}

/** A SELECT of the query being mutated, with its scope read against the schema (sql/scope.ts). */
export type SelectSite = Site<Node>;

/** Everything a rule may read about the query being mutated. */
export interface MutationContext {
  readonly schema: Schema;
  readonly dialect: Dialect;
  /** Every SELECT of the parsed gold query, outer first. */
  readonly selects: readonly SelectSite[];
}

/** Applies one edit in place to a deep copy of the parsed query. */
export type Edit = (root: Node) => void;

/** A mutation kind with the edits it can make to a query (empty when it does not apply). */
export interface MutationRule {
  readonly kind: MutationKind;
  readonly preserving: boolean;
  /** One line for reports. */
  readonly description: string;
  edits(root: Node, ctx: MutationContext): Edit[];
}
