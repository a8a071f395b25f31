/**
 * How mutants are stored among candidates: `source` reads `mutation:<kind>`,
 * the convention of CandidateRecord.source.
 */
import type { CandidateRecord } from '../bench/types.ts';
import type { Mutant, MutationKind } from '../mutate/types.ts';

const PREFIX = 'mutation:';

/**
 * The source string a mutant of `kind` is stored under.
 *
 * @example
 * mutationSource('wrong-limit'); // 'mutation:wrong-limit'
 */
export function mutationSource(kind: MutationKind): string {
  return `${PREFIX}${kind}`;
}

/**
 * The kind named by a `mutation:<kind>` source, else null (no check that the kind exists).
 *
 * @example
 * kindOfSource('mutation:and-or'); // 'and-or'
 */
export function kindOfSource(source: string): string | null {
  return source.startsWith(PREFIX) ? source.slice(PREFIX.length) : null;
}

/**
 * Mutants as unlabeled candidate records.
 *
 * @example
 * mutantsToCandidates(mutate(gold, schema, { k: 8, rng }));
 * // [{ sql: 'SELECT …', source: 'mutation:flipped-comparison' }, …]
 */
export function mutantsToCandidates(mutants: readonly Mutant[]): CandidateRecord[] {
  return mutants.map((m) => ({ sql: m.sql, source: mutationSource(m.kind) }));
}
