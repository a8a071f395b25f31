/**
 * The verifiers Confide knows, and every list about them derived from their
 * descriptors (never written by hand elsewhere). A new verifier is a
 * descriptor in this folder, listed in known.ts, and an engine giving its
 * scores (`pipeline/types.ts`'s `Verifier`); docs/architecture.md's recipe
 * counts the files.
 */
import { VERIFIERS } from './known.ts';
import type { VerifierDescriptor, VerifierScore } from './types.ts';

export { JUDGE } from './judge.ts';
export { VERIFIERS } from './known.ts';
export { REWARD_MODEL } from './reward-model.ts';
export type { VerifierControl, VerifierDescriptor, VerifierScore } from './types.ts';

/**
 * Every verifier score, in order (`orm`, `orm_sql`, `judge`).
 *
 * @example verifierScores(VERIFIERS).map((s) => s.name); // ['orm', 'orm_sql', 'judge']
 */
export function verifierScores(verifiers: readonly VerifierDescriptor[] = VERIFIERS): VerifierScore[] {
  return verifiers.flatMap((v) => v.scores);
}

/**
 * The score of this name, if a known verifier gives it.
 *
 * @example verifierScore('orm_sql')?.readsPool; // false
 */
export function verifierScore(name: string, verifiers: readonly VerifierDescriptor[] = VERIFIERS): VerifierScore | undefined {
  return verifierScores(verifiers).find((s) => s.name === name);
}

/**
 * The names of the scores a verifier of this name gives (an unknown verifier gives one score under its own name).
 *
 * @example scoresOfVerifier('orm'); // ['orm', 'orm_sql']
 */
export function scoresOfVerifier(name: string, verifiers: readonly VerifierDescriptor[] = VERIFIERS): string[] {
  return verifiers.find((v) => v.name === name)?.scores.map((s) => s.name) ?? [name];
}

/**
 * Whether any of `signals` (a profile's inputs) is one of this verifier's scores.
 *
 * @example readsVerifier(profileSignals(profile), REWARD_MODEL); // true for the bundled profile (it reads orm_sql)
 */
export function readsVerifier(signals: readonly string[], verifier: VerifierDescriptor): boolean {
  return verifier.scores.some((s) => signals.includes(s.name));
}
