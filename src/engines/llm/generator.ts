/**
 * The live generator: N candidates from a model loaded in web-llm.
 *
 * web-llm 0.2.79 generates the choices of one request one after another and
 * refuses `n > 1` with streaming, so the generator sends N streamed requests
 * with `n: 1` (why streamed: stream.ts): progress after each candidate, and a
 * stop that keeps every finished one. Each request asks for `logprobs` with `top_logprobs: 1`
 * (web-llm records nothing with 0) and, given a base seed, its own integer
 * seed. Every request prefills the whole prompt again: web-llm reuses its KV
 * cache only for a multi-round continuation of the same conversation, which
 * independent samples are not.
 */
import type { ChatCompletion, ChatCompletionRequestNonStreaming } from '@mlc-ai/web-llm';
import { buildCompactSqlPrompt, type PromptStyle } from '../../core/prompt/compact-prompt.ts';
import { extractSql } from '../../core/prompt/extract-sql.ts';
import { meanLogprob } from '../../core/prompt/mean-logprob.ts';
import { candidateSeed } from '../../core/prompt/seeds.ts';
import type { SchemaTextOptions } from '../../core/prompt/schema-text.ts';
import { buildSqlPrompt } from '../../core/prompt/sql-prompt.ts';
import type { ChatEngine } from './engine.ts';
import { toLlmError } from './errors.ts';
import { interruptible } from './interrupt.ts';
import { requestCost } from './request-cost.ts';
import { completeByStream } from './stream.ts';
import { checkSampleRequest } from './sample-request.ts';
import type { GeneratedCandidate, Generator, ModelRequest } from './types.ts';
import { LlmFailure } from './failure.ts';

export interface WebLlmGeneratorOptions {
  /** How the schema is shown in the prompt (example values per column …). */
  readonly schemaText?: SchemaTextOptions;
  /** The full prompt (default) or the compact one (no schema: a developer option for slow adapters). */
  readonly prompt?: PromptStyle;
  /** Most tokens per candidate when the request does not say (default 512). */
  readonly maxTokens?: number;
  /** web-llm's `logit_bias` (token id → −100…100) on every request: a developer option. */
  readonly logitBias?: Readonly<Record<string, number>>;
  /** Told the cost of every request, the interrupted one included. */
  readonly onRequest?: (r: ModelRequest) => void;
}

/**
 * Turns one finished choice into a candidate. Per-token log-probabilities are
 * clamped to ≤ 0 (web-llm's float32 softmax can report a probability a hair
 * above 1).
 */
function toCandidate(completion: ChatCompletion, source: string, ms: number): GeneratedCandidate {
  const choice = completion.choices[0];
  const raw = choice?.message.content ?? '';
  const sql = extractSql(raw);
  const tokens = choice?.logprobs?.content ?? [];
  const lps = tokens.map((t) => Math.min(0, t.logprob));
  const u = completion.usage;
  return {
    sql,
    raw,
    source,
    ...(lps.length > 0 ? { logprob: meanLogprob(lps), token_logprobs: lps } : {}),
    ...(sql === null ? { error: { code: 'NO_SQL' as const, message: 'The reply holds no SQL query.' } } : {}),
    ...(choice?.finish_reason === 'length' ? { truncated: true } : {}),
    ...(u === undefined
      ? {}
      : {
          usage: {
            promptTokens: u.prompt_tokens,
            completionTokens: u.completion_tokens,
            prefillSeconds: u.extra.time_to_first_token_s,
            decodeTokensPerSecond: u.extra.decode_tokens_per_s,
            ms,
          },
        }),
  };
}

/**
 * A {@link Generator} over a web-llm engine with `modelId` loaded.
 *
 * @example
 * const generator = createWebLlmGenerator(engine, 'Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC');
 * const candidates = await generator.sample({ schema, question, n: 8, temperature: 0.7, seed: 1 }, { signal });
 */
export function createWebLlmGenerator(engine: ChatEngine, modelId: string, options: WebLlmGeneratorOptions = {}): Generator {
  return {
    async sample(req, { signal, onProgress } = {}) {
      const { n, temperature, maxTokens, seed } = checkSampleRequest(
        req.maxTokens === undefined && options.maxTokens !== undefined ? { ...req, maxTokens: options.maxTokens } : req,
      );
      const { messages } = options.prompt === 'compact' ? buildCompactSqlPrompt(req) : buildSqlPrompt(req, options.schemaText);
      const out: GeneratedCandidate[] = [];
      const report = (text: string): void => onProgress?.({ done: out.length, total: n, text });
      report(`Generating candidate 1 of ${n}`);
      for (let i = 0; i < n && signal?.aborted !== true; i++) {
        const request: Omit<ChatCompletionRequestNonStreaming, 'stream'> = {
          messages: messages.map((m) => ({ ...m })),
          model: modelId,
          n: 1,
          temperature,
          max_tokens: maxTokens,
          logprobs: true,
          top_logprobs: 1,
          ...(seed === undefined ? {} : { seed: candidateSeed(seed, i) }),
          ...(options.logitBias === undefined ? {} : { logit_bias: { ...options.logitBias } }),
        };
        const started = performance.now();
        let completion: ChatCompletion;
        try {
          completion = await interruptible(engine, () => completeByStream(engine, request), signal);
        } catch (thrown) {
          const error = toLlmError(thrown, modelId);
          if (error.code === 'ABORTED') break;
          throw new LlmFailure(error, out);
        }
        const ms = performance.now() - started;
        options.onRequest?.(requestCost('sample', completion, ms));
        // An interrupted request resolves with what it had so far: not a candidate.
        if (completion.choices[0]?.finish_reason === 'abort') break;
        out.push(toCandidate(completion, modelId, ms));
        report(out.length < n ? `Generating candidate ${out.length + 1} of ${n}` : `Generated ${n} candidates`);
      }
      return out;
    },
  };
}
