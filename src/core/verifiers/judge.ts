/**
 * The LLM judge (engines/llm/judge.ts): the chat model asked whether a query
 * answers the question, its P(yes) read off the first token's log-probabilities.
 */
import type { VerifierDescriptor } from './types.ts';

/**
 * `judge`: an LLM's P(yes) for each candidate (identical queries judged once).
 *
 * @example JUDGE.scores[0].phrase; // 'the LLM judge'
 */
export const JUDGE: VerifierDescriptor = {
  name: 'judge',
  title: 'the LLM judge',
  scores: [{ name: 'judge', phrase: 'the LLM judge', words: "an LLM judge's probability that the query answers the question", readsPool: false }],
};
