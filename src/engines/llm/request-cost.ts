/**
 * One request's cost as a {@link ModelRequest}, from web-llm 0.2.79's `usage`:
 * `extra.time_to_first_token_s` is the prefill, and the decoding time is
 * `completion_tokens × extra.time_per_output_token_s` (web-llm leaves the
 * first token out of `completion_tokens`, and reports NaN per token when there
 * are none: then the decoding took no time).
 */
import type { ChatCompletion } from '@mlc-ai/web-llm';
import type { ModelRequest } from './types.ts';

/**
 * The cost of one finished (or interrupted) request.
 *
 * @example onRequest?.(requestCost('judge', completion, performance.now() - started));
 */
export function requestCost(kind: ModelRequest['kind'], completion: ChatCompletion, ms: number): ModelRequest {
  const u = completion.usage;
  const completionTokens = u?.completion_tokens ?? 0;
  const perToken = u?.extra.time_per_output_token_s ?? 0;
  return {
    kind,
    finishReason: completion.choices[0]?.finish_reason ?? 'stop',
    promptTokens: u?.prompt_tokens ?? 0,
    completionTokens,
    prefillSeconds: u?.extra.time_to_first_token_s ?? 0,
    decodeSeconds: completionTokens > 0 && Number.isFinite(perToken) ? completionTokens * perToken : 0,
    wallSeconds: ms / 1000,
  };
}
