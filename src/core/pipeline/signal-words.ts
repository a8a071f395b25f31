/**
 * Plain-word names of the signals, for reasons a person reads ("the samples
 * agree on the result") rather than registry names (`execution_sc`): each
 * signal carries its own (core/signals).
 */
import { defaultSignals, verifierSignal } from '../signals/index.ts';

const BUILT_IN = new Map(defaultSignals().map((s) => [s.name, s] as const));

/**
 * The plain-word phrase naming a signal in a decision's reasons; unknown names come back unchanged.
 *
 * @example signalPhrase('execution_sc'); // 'samples returning the same result'
 */
export function signalPhrase(name: string): string {
  return (BUILT_IN.get(name) ?? verifierSignal(name)).phrase;
}

/**
 * What a signal measures in a person's words; a verifier score the project does not know is named as one.
 *
 * @example signalWords('execution_sc'); // 'share of the samples that return the same result (self-consistency)'
 */
export function signalWords(name: string): string {
  return (BUILT_IN.get(name) ?? verifierSignal(name)).words;
}
