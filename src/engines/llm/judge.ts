/**
 * The LLM judge: a model shown the schema, the question (+ evidence) and one
 * candidate, asked "Does this SQL query correctly answer the question? Answer
 * Yes or No." Its score is P(Yes) from the first answer token's top-5
 * log-probabilities, normalized over Yes/No variants (`yesProbability`); when
 * those tokens are missing, a second prompt asks for a verbalized 0–100.
 * The scores join the signal registry as `judge`.
 *
 * Temperature: web-llm computes `top_logprobs` from softmax(logits / T) and
 * clamps T = 0 to 1e-6, which makes them one-hot (0 and −∞). The Yes/No request
 * therefore runs at T = 1 with `max_tokens: 1`, so the alternatives carry the
 * model's own distribution; which token gets sampled does not matter. The
 * verbalized fallback runs at T = 0 (greedy), as a deterministic reading.
 */
import { JUDGE } from '../../core/verifiers/judge.ts';
import type { ChatCompletion, ChatCompletionRequestNonStreaming } from '@mlc-ai/web-llm';
import { buildCompactJudgePrompt, type PromptStyle } from '../../core/prompt/compact-prompt.ts';
import { buildJudgePrompt, buildVerbalizedJudgePrompt, type JudgeInput } from '../../core/prompt/judge-prompt.ts';
import { DEFAULT_MIN_YES_NO_MASS, parseVerbalizedScore, yesProbability } from '../../core/prompt/judge-score.ts';
import type { SchemaTextOptions } from '../../core/prompt/schema-text.ts';
import type { Schema } from '../../core/schema.ts';
import type { ChatEngine } from './engine.ts';
import { toLlmError } from './errors.ts';
import { interruptible, isAborted } from './interrupt.ts';
import { requestCost } from './request-cost.ts';
import { completeByStream } from './stream.ts';
import type { ModelRequest, SampleOptions } from './types.ts';
import { LlmFailure } from './failure.ts';

/** The name the judge's scores carry in the signal registry and in `scores`. */
export const JUDGE_SIGNAL = JUDGE.name;
/** web-llm's most `top_logprobs`. */
export const JUDGE_TOP_LOGPROBS = 5;
export const JUDGE_TEMPERATURE = 1;

export interface JudgeRequest {
  readonly schema: Schema;
  readonly question: string;
  readonly evidence?: string;
  /** The candidates' SQL; a `null` entry (no SQL) scores `null`. */
  readonly sqls: readonly (string | null)[];
}

export interface JudgeOptions {
  /** False: every score is `null` and the engine is never called (default true). */
  readonly enabled?: boolean;
  /** Ask for a verbalized 0–100 when Yes/No tokens are missing (default true). */
  readonly verbalizedFallback?: boolean;
  /** Least Yes+No probability mass for the logprob score (default 0.05). */
  readonly minMass?: number;
  readonly schemaText?: SchemaTextOptions;
  /** The full Yes/No prompt (default) or the compact one (no schema: a developer option for slow adapters). */
  readonly prompt?: PromptStyle;
  /** web-llm's `logit_bias` (token id → −100…100) on the Yes/No request: a developer option. */
  readonly logitBias?: Readonly<Record<string, number>>;
  /** Told the cost of every request. */
  readonly onRequest?: (r: ModelRequest) => void;
}

export interface Judge {
  /**
   * One score in [0, 1] per SQL, in order (`null`: not scored). Identical SQL
   * texts are judged once. Stopping leaves the unscored ones `null`; an engine
   * failure rejects with an `LlmFailure`.
   */
  scoreCandidates(req: JudgeRequest, options?: SampleOptions): Promise<(number | null)[]>;
}

const firstAlternatives = (c: ChatCompletion) =>
  (c.choices[0]?.logprobs?.content?.[0]?.top_logprobs ?? [])
    .filter((a) => !Number.isNaN(a.logprob))
    .map((a) => ({ token: a.token, logprob: Math.min(0, a.logprob) }));

/**
 * A {@link Judge} over a web-llm engine with `modelId` loaded.
 *
 * @example
 * const judge = createJudge(engine, 'Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC');
 * const scores = await judge.scoreCandidates({ schema, question, sqls: candidates.map((c) => c.sql) });
 */
export function createJudge(engine: ChatEngine, modelId: string, options: JudgeOptions = {}): Judge {
  const minMass = options.minMass ?? DEFAULT_MIN_YES_NO_MASS;

  async function ask(kind: ModelRequest['kind'], messages: JudgeMessages, extra: Partial<ChatCompletionRequestNonStreaming>, signal?: AbortSignal) {
    const request: Omit<ChatCompletionRequestNonStreaming, 'stream'> = {
      messages: messages.map((m) => ({ ...m })),
      model: modelId,
      n: 1,
      ...extra,
    };
    const started = performance.now();
    try {
      const completion = await interruptible(engine, () => completeByStream(engine, request), signal);
      options.onRequest?.(requestCost(kind, completion, performance.now() - started));
      return completion;
    } catch (thrown) {
      const error = toLlmError(thrown, modelId);
      if (error.code === 'ABORTED') return undefined;
      throw new LlmFailure(error);
    }
  }

  async function scoreOne(input: JudgeInput, signal?: AbortSignal): Promise<number | null> {
    const yesNo = await ask(
      'judge',
      options.prompt === 'compact' ? buildCompactJudgePrompt(input) : buildJudgePrompt(input, options.schemaText),
      {
        temperature: JUDGE_TEMPERATURE,
        max_tokens: 1,
        logprobs: true,
        top_logprobs: JUDGE_TOP_LOGPROBS,
        ...(options.logitBias === undefined ? {} : { logit_bias: { ...options.logitBias } }),
      },
      signal,
    );
    // A request that finished as the stop came (max_tokens 1 cannot be cut) is dropped like an interrupted one.
    if (yesNo === undefined || yesNo.choices[0]?.finish_reason === 'abort' || isAborted(signal)) return null;
    const p = yesProbability(firstAlternatives(yesNo), minMass);
    if (p !== null || options.verbalizedFallback === false || signal?.aborted === true) return p;
    const verbalPrompt = buildVerbalizedJudgePrompt(input, options.schemaText);
    const verbal = await ask('judge-verbalized', verbalPrompt, { temperature: 0, max_tokens: 8 }, signal);
    if (verbal === undefined || verbal.choices[0]?.finish_reason === 'abort') return null;
    return parseVerbalizedScore(verbal.choices[0]?.message.content ?? '');
  }

  return {
    async scoreCandidates(req, { signal, onProgress } = {}) {
      if (options.enabled === false) return req.sqls.map(() => null);
      const unique = [...new Set(req.sqls.filter((s): s is string => s !== null).map((s) => s.trim()))];
      const scored = new Map<string, number | null>();
      onProgress?.({ done: 0, total: unique.length, text: `Judging candidate 1 of ${unique.length}` });
      for (const sql of unique) {
        if (signal?.aborted === true) break;
        const input: JudgeInput = {
          schema: req.schema,
          question: req.question,
          sql,
          ...(req.evidence === undefined ? {} : { evidence: req.evidence }),
        };
        scored.set(sql, await scoreOne(input, signal));
        onProgress?.({ done: scored.size, total: unique.length, text: `Judged ${scored.size} of ${unique.length}` });
      }
      return req.sqls.map((s) => (s === null ? null : (scored.get(s.trim()) ?? null)));
    },
  };
}

type JudgeMessages = ReturnType<typeof buildJudgePrompt>;
