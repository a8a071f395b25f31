/**
 * The signals one Ask computes: the default signals, plus a verifier signal
 * for every score the verifiers give (the ORM verifier gives `orm` and
 * `orm_sql`, core/orm/verifier.ts) and for every verifier score the
 * profile reads (recorded in a candidate file, or missing). Ask, `confide
 * ask` and the measurement scripts build their registry here.
 */
import { profileSignals, type CalibrationProfile } from '../profile.ts';
import { createSignalRegistry, defaultSignals, verifierSignal, VERIFIER_SIGNALS, type SignalRegistry } from '../signals/index.ts';

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
  const registry = createSignalRegistry(defaultSignals());
  const read = profileSignals(profile).filter((s) => (VERIFIER_SIGNALS as readonly string[]).includes(s));
  for (const n of new Set([...verifierNames.flatMap(scoresOfVerifier), ...read])) {
    if (registry.get(n) === undefined) registry.register(verifierSignal(n));
  }
  return registry;
}
