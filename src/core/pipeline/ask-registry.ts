/**
 * The signals one Ask computes: the default signals, plus a verifier signal
 * for every score the verifiers give (the ORM verifier gives `orm` and
 * `orm_sql`, engines/orm/verifier.ts) and for every verifier score the
 * profile reads (recorded in a candidate file, or missing). Ask, `confide
 * ask` and the measurement scripts build their registry here, by the rule an
 * evaluation uses too (signals/registry.ts, registryWithVerifiers).
 */
import { profileSignals, type CalibrationProfile } from '../profile.ts';
import { registryWithVerifiers, VERIFIER_SIGNALS, type SignalRegistry } from '../signals/index.ts';

/** The scores a verifier of this name gives. */
export function scoresOfVerifier(name: string): string[] {
  return name === 'orm' ? ['orm', 'orm_sql'] : [name];
}

/**
 * The registry for one Ask under `profile` with these verifiers.
 *
 * @example askRegistry(profile, ['orm']).list().map((s) => s.name); // [..., 'orm', 'orm_sql']
 */
export function askRegistry(profile: CalibrationProfile, verifierNames: readonly string[]): SignalRegistry {
  const read = profileSignals(profile).filter((s) => (VERIFIER_SIGNALS as readonly string[]).includes(s));
  return registryWithVerifiers([...verifierNames.flatMap(scoresOfVerifier), ...read]);
}
