/**
 * A fake web-llm engine for driving the real adapter code on Node. It
 * implements the parts of `MLCEngineInterface` Confide uses and copies
 * web-llm 0.2.79's observable behaviour (read from node_modules/@mlc-ai/web-llm/lib/index.js):
 * - `chat.completions.create` returns a `ChatCompletion` whose
 *   `choices[0].logprobs.content` holds `{token, bytes, logprob, top_logprobs}`
 *   per generated token, and nothing when `top_logprobs` is 0; with `stream:
 *   true`, chunks of one token each with a one-entry `logprobs.content`, a last
 *   chunk with the finish reason, and a usage chunk when
 *   `stream_options.include_usage`;
 * - it rejects `n > 1` with streaming, `top_logprobs` outside 0–5, a non-integer seed;
 * - a stream clears the interrupt flag when it starts and stops at the next
 *   token once interrupted (`finish_reason: 'abort'`); a non-streaming request
 *   does not clear it first: a flag left set by an earlier interrupt ends it at
 *   once with `finish_reason: 'abort'` and no text (0.2.79; 0.2.86 clears it);
 * - `reload` reports progress through the init-progress callback and throws
 *   errors with web-llm's names and messages.
 */
import type {
  AppConfig,
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  ChatCompletionRequestNonStreaming,
  ChatCompletionRequestStreaming,
  InitProgressReport,
} from '@mlc-ai/web-llm';
import type { LlmEngine } from '../../../src/engines/llm/engine.ts';

export interface FakeToken {
  readonly token: string;
  readonly logprob: number;
  readonly top?: readonly { token: string; logprob: number }[];
}

/** What the fake answers to one request. */
export interface FakeReply {
  readonly tokens: readonly FakeToken[];
  readonly finish?: 'stop' | 'length';
  /** Milliseconds per token: lets a test interrupt mid-generation. */
  readonly msPerToken?: number;
}

export type ReplyScript = (request: ChatCompletionRequest, index: number) => FakeReply | { throws: unknown };

/** An Error with web-llm's class name, as web-llm throws inside its own thread. */
export function webLlmError(name: string, message: string): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}

/** Splits a text into one-word tokens with a given logprob each. */
export function reply(text: string, logprob = -0.25, extra: Partial<FakeReply> = {}): FakeReply {
  const tokens = text.split(/(?<=\s)/).map((token) => ({ token, logprob }));
  return { tokens, ...extra };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FakeEngine implements LlmEngine {
  readonly requests: ChatCompletionRequest[] = [];
  interrupts = 0;
  appConfig: AppConfig | undefined;
  loaded: string | undefined;
  unloads = 0;
  private interruptSignal = false;
  private progress: ((r: InitProgressReport) => void) | undefined;

  constructor(
    private readonly script: ReplyScript,
    private readonly load: { steps?: number; msPerStep?: number; throws?: unknown } = {},
    /** Delay before a request starts running (a worker receiving the message late). */
    private readonly startDelayMs = 0,
  ) {}

  readonly chat: {
    completions: {
      create(r: ChatCompletionRequestNonStreaming): Promise<ChatCompletion>;
      create(r: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
    };
  } = { completions: { create: ((r: ChatCompletionRequest) => this.create(r)) as never } };

  interruptGenerate(): void {
    this.interrupts += 1;
    this.interruptSignal = true;
  }

  setAppConfig(appConfig: AppConfig): void {
    this.appConfig = appConfig;
  }

  setInitProgressCallback(callback: (report: InitProgressReport) => void): void {
    this.progress = callback;
  }

  async reload(modelId: string): Promise<void> {
    this.loaded = undefined;
    if (!this.appConfig?.model_list.some((m) => m.model_id === modelId)) {
      throw webLlmError('ModelNotFoundError', `Cannot find model record in appConfig for ${modelId}.`);
    }
    const steps = this.load.steps ?? 3;
    for (let i = 1; i <= steps; i++) {
      await sleep(this.load.msPerStep ?? 0);
      if (this.unloads > 0) return; // web-llm swallows the AbortError of an unloaded reload
      this.progress?.({ progress: i / steps, timeElapsed: i, text: `Fetching param cache[${i}/${steps}]` });
    }
    if (this.load.throws !== undefined) throw this.load.throws;
    this.loaded = modelId;
  }

  async unload(): Promise<void> {
    this.unloads += 1;
    this.loaded = undefined;
  }

  /** Checks a request as web-llm does, then waits for the worker to start it. */
  private async admit(request: ChatCompletionRequest): Promise<{ index: number; planned: FakeReply }> {
    const index = this.requests.length;
    this.requests.push(request);
    if (request.stream && (request.n ?? 1) > 1) throw webLlmError('StreamingCountError', 'When streaming, `n` cannot be > 1.');
    const top = request.top_logprobs ?? 0;
    if (top < 0 || top > 5) throw webLlmError('RangeError', `Make sure 0 <= top_logprobs <= 5. Got ${top}`);
    if (request.seed != null && !Number.isInteger(request.seed)) {
      throw webLlmError('SeedTypeError', `\`seed\` should be an integer, but got ${request.seed}`);
    }
    if (this.startDelayMs > 0) await sleep(this.startDelayMs);
    const planned = this.script(request, index);
    if ('throws' in planned) throw planned.throws;
    return { index, planned };
  }

  /** A token's log-probability entry, with top alternatives when asked for. */
  private entry(request: ChatCompletionRequest, t: FakeToken) {
    const top = request.top_logprobs ?? 0;
    return {
      token: t.token,
      bytes: null,
      logprob: t.logprob,
      top_logprobs: (t.top ?? [{ token: t.token, logprob: t.logprob }]).slice(0, top).map((a) => ({ ...a, bytes: null })),
    };
  }

  private usage(emitted: number) {
    return {
      prompt_tokens: 100,
      completion_tokens: emitted,
      total_tokens: 100 + emitted,
      extra: {
        e2e_latency_s: 0.01,
        prefill_tokens_per_s: 1000,
        decode_tokens_per_s: 50,
        time_to_first_token_s: 0.1,
        time_per_output_token_s: 0.02,
      },
    };
  }

  private create(request: ChatCompletionRequestNonStreaming): Promise<ChatCompletion>;
  private create(request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
  private create(request: ChatCompletionRequest): Promise<ChatCompletion | AsyncIterable<ChatCompletionChunk>>;
  private async create(request: ChatCompletionRequest): Promise<ChatCompletion | AsyncIterable<ChatCompletionChunk>> {
    const { index, planned } = await this.admit(request);
    const recorded = request.logprobs === true && (request.top_logprobs ?? 0) > 0;
    if (request.stream) {
      // A stream clears the interrupt flag when it starts, then checks it before each token.
      this.interruptSignal = false;
      const self = this;
      const chunk = (choice: object, extra: object = {}): ChatCompletionChunk =>
        ({
          id: `fake-${index}`,
          object: 'chat.completion.chunk',
          created: 0,
          model: request.model ?? 'fake',
          choices: [choice],
          ...extra,
        }) as ChatCompletionChunk;
      return (async function* () {
        let finish: 'stop' | 'length' | 'abort' = planned.finish ?? 'stop';
        let emitted = 0;
        for (const t of planned.tokens) {
          if (planned.msPerToken !== undefined) await sleep(planned.msPerToken);
          if (self.interruptSignal && emitted > 0) {
            finish = 'abort';
            break;
          }
          emitted++;
          yield chunk({
            index: 0,
            delta: { role: 'assistant', content: t.token },
            finish_reason: null,
            logprobs: request.logprobs ? { content: recorded ? [self.entry(request, t)] : [] } : null,
          });
        }
        yield chunk({ index: 0, delta: {}, finish_reason: finish });
        if (request.stream_options?.include_usage) yield { ...chunk({}), choices: [], usage: self.usage(emitted) } as ChatCompletionChunk;
      })();
    }
    // Non-streaming (web-llm 0.2.79): a flag left set by an earlier interrupt ends the request at once.
    const emitted: FakeToken[] = [];
    let finish: 'stop' | 'length' | 'abort' = planned.finish ?? 'stop';
    if (this.interruptSignal) finish = 'abort';
    else {
      for (const t of planned.tokens) {
        if (planned.msPerToken !== undefined) await sleep(planned.msPerToken);
        if (this.interruptSignal) {
          finish = 'abort';
          break;
        }
        emitted.push(t);
      }
    }
    return {
      id: `fake-${index}`,
      object: 'chat.completion',
      created: 0,
      model: request.model ?? 'fake',
      choices: [
        {
          index: 0,
          finish_reason: finish,
          message: { role: 'assistant', content: emitted.map((t) => t.token).join('') },
          logprobs: request.logprobs ? { content: recorded ? emitted.map((t) => this.entry(request, t)) : [] } : null,
        },
      ],
      usage: this.usage(emitted.length),
    };
  }
}
