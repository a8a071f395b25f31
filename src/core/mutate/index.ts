/**
 * Mutation generator over gold SQL: near-miss edits real text-to-SQL models
 * make, and meaning-preserving rewrites, all made on the parsed query.
 *
 * @example
 * import { mutate } from './core/mutate/index.ts';
 * const mutants = mutate(gold, schema, { k: 8, rng });
 */
export { mutate } from './mutate.ts';
export { MUTATION_KINDS, MUTATION_RULES, ruleOf } from './registry.ts';
export type { MutateOptions, Mutant, MutationKind, MutationRule, NearMissKind, PreservingKind, RandomSource } from './types.ts';
