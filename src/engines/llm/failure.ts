/**
 * How a generation or a judgement fails when it throws: the error's data
 * (types.ts's LlmError) and the candidates made before it.
 */
import type { GeneratedCandidate, LlmError } from './types.ts';

/**
 * The rejection of `Generator.sample` (types.ts) and the judge: an Error that
 * carries the {@link LlmError} as data. Check `failure.error.code`, never the
 * class, when it may have crossed a worker boundary.
 */
export class LlmFailure extends Error {
  readonly error: LlmError;
  readonly partial: readonly GeneratedCandidate[];

  constructor(error: LlmError, partial: readonly GeneratedCandidate[] = []) {
    super(error.message);
    this.name = 'LlmFailure';
    this.error = error;
    this.partial = partial;
  }
}
