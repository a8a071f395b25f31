/**
 * The sampling parameters of a `SampleRequest`, defaulted and checked.
 * A value outside its range is a broken contract (RangeError), caught before
 * any request reaches the engine.
 */
import { DEFAULT_MAX_TOKENS, DEFAULT_N, DEFAULT_TEMPERATURE, MAX_N, type SampleRequest } from './types.ts';

/** Most tokens a candidate may ask for: the context window of the catalogue's models. */
export const MAX_TOKENS_LIMIT = 4096;

export interface SampleParameters {
  readonly n: number;
  readonly temperature: number;
  readonly maxTokens: number;
  readonly seed: number | undefined;
}

/**
 * Defaults `n` (8), `temperature` (0.7) and `maxTokens` (512), and checks:
 * `n` an integer in 1–32, `temperature` in 0–2, `maxTokens` an integer in
 * 1–4096, `seed` a safe integer when given.
 *
 * @example
 * checkSampleRequest({ schema, question: 'q' }) // { n: 8, temperature: 0.7, maxTokens: 512, seed: undefined }
 */
export function checkSampleRequest(req: SampleRequest): SampleParameters {
  const n = req.n ?? DEFAULT_N;
  const temperature = req.temperature ?? DEFAULT_TEMPERATURE;
  const maxTokens = req.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (!Number.isInteger(n) || n < 1 || n > MAX_N) {
    throw new RangeError(`n must be an integer from 1 to ${MAX_N}, got ${n}`);
  }
  if (!(temperature >= 0 && temperature <= 2)) {
    throw new RangeError(`temperature must be in [0, 2], got ${temperature}`);
  }
  if (!Number.isInteger(maxTokens) || maxTokens < 1 || maxTokens > MAX_TOKENS_LIMIT) {
    throw new RangeError(`maxTokens must be an integer from 1 to ${MAX_TOKENS_LIMIT}, got ${maxTokens}`);
  }
  if (req.seed !== undefined && !Number.isSafeInteger(req.seed)) {
    throw new RangeError(`seed must be an integer, got ${req.seed}`);
  }
  return { n, temperature, maxTokens, seed: req.seed };
}
