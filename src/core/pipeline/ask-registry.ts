/**
 * The signals one Ask computes: the default signals, plus a verifier signal
 * for every score the verifiers give (their descriptors say which,
 * core/verifiers) and for every verifier score the
 * profile reads (recorded in a candidate file, or missing). Ask, `confide
 * ask` and the measurement scripts build their registry here, by the rule an
 * evaluation uses too (signals/registry.ts, registryWithVerifiers).
 */
import { profileSignals, type CalibrationProfile } from '../profile.ts';
import { registryWithVerifiers, VERIFIER_SIGNALS, type SignalRegistry } from '../signals/index.ts';
import { scoresOfVerifier } from '../verifiers/index.ts';

/**
 * The registry for one Ask under `profile` with these verifiers.
 *
 * @example askRegistry(profile, ['orm']).list().map((s) => s.name); // [..., 'orm', 'orm_sql']
 */
export function askRegistry(profile: CalibrationProfile, verifierNames: readonly string[]): SignalRegistry {
  const read = profileSignals(profile).filter((s) => VERIFIER_SIGNALS.includes(s));
  return registryWithVerifiers([...verifierNames.flatMap((n) => scoresOfVerifier(n)), ...read]);
}
