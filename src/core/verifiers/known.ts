/**
 * The verifiers Confide knows: a new verifier's descriptor joins this list,
 * and every list about verifiers follows (verifiers/index.ts).
 */
import { JUDGE } from './judge.ts';
import { REWARD_MODEL } from './reward-model.ts';
import type { VerifierDescriptor } from './types.ts';

/** Every verifier, in the order their scores are listed (the reward model, then the judge). */
export const VERIFIERS: readonly VerifierDescriptor[] = [REWARD_MODEL, JUDGE];
