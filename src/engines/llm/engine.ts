/**
 * The parts of web-llm's `MLCEngineInterface` that Confide uses, as small
 * structural interfaces. A real `MLCEngine` or `WebWorkerMLCEngine` satisfies
 * them (test/engines/llm checks this at compile time), and so does the fake engine the tests
 * drive the real adapter code with.
 */
import type { AppConfig, ChatCompletionChunk, ChatCompletionRequestStreaming, InitProgressReport } from '@mlc-ai/web-llm';

/**
 * What the generator and the judge need: streamed chat completions (why a
 * stream: stream.ts) and a stop button.
 */
export interface ChatEngine {
  readonly chat: {
    readonly completions: {
      create(request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
    };
  };
  /** Stops the running request at its next token; its last chunk then says `finish_reason: 'abort'`. */
  interruptGenerate(): void;
}

/** What loading a model needs. */
export interface LoadableEngine {
  setAppConfig(appConfig: AppConfig): void;
  setInitProgressCallback(callback: (report: InitProgressReport) => void): void;
  reload(modelId: string): Promise<void>;
  unload(): Promise<void>;
}

/** A full engine: loads a model, then answers chat requests. */
export type LlmEngine = ChatEngine & LoadableEngine;
