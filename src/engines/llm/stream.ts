/**
 * One chat completion asked for as a stream and gathered into web-llm's
 * non-streaming `ChatCompletion` shape (the reply's text, its per-token
 * log-probabilities, the finish reason, the usage).
 *
 * Why a stream: web-llm 0.2.79 clears its interrupt flag only when a request
 * starts generating, and a non-streaming request checks the flag before it
 * starts. After one interrupted request the flag stays set, so every later
 * non-streaming request ends at once with `finish_reason: 'abort'` and no
 * text (found by `npm run test:live`: the Ask after a Cancel got no
 * candidates). A streaming request clears the flag when it starts, so a
 * Cancel stops that request and no other. (web-llm 0.2.86 clears the flag per
 * request; the stream is as good there.) The cost is one worker message per
 * token, nothing beside a model's time per token.
 */
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionRequestNonStreaming, ChatCompletionTokenLogprob } from '@mlc-ai/web-llm';
import type { ChatEngine } from './engine.ts';

/**
 * Sends `request` as a stream (with the usage chunk) and gathers the answer.
 *
 * @example const completion = await completeByStream(engine, { messages, max_tokens: 1, logprobs: true, top_logprobs: 5 });
 */
export async function completeByStream(engine: ChatEngine, request: Omit<ChatCompletionRequestNonStreaming, 'stream'>): Promise<ChatCompletion> {
  const chunks = await engine.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } });
  let content = '';
  const logprobs: ChatCompletionTokenLogprob[] = [];
  let finish: ChatCompletion.Choice['finish_reason'] = 'stop';
  let usage: ChatCompletion['usage'];
  let last: ChatCompletionChunk | undefined;
  for await (const chunk of chunks) {
    last = chunk;
    const choice = chunk.choices[0];
    if (choice !== undefined) {
      content += choice.delta.content ?? '';
      logprobs.push(...(choice.logprobs?.content ?? []));
      if (choice.finish_reason !== null && choice.finish_reason !== undefined) finish = choice.finish_reason as ChatCompletion.Choice['finish_reason'];
    }
    if (chunk.usage !== undefined) usage = chunk.usage;
  }
  return {
    id: last?.id ?? '',
    object: 'chat.completion',
    created: last?.created ?? 0,
    model: last?.model ?? request.model ?? '',
    choices: [
      {
        index: 0,
        finish_reason: finish,
        message: { role: 'assistant', content },
        logprobs: request.logprobs === true ? { content: logprobs } : null,
      },
    ],
    ...(usage === undefined ? {} : { usage }),
  };
}
