/**
 * The candidate generator's contract, shared by the live web-llm generator and
 * the replay generator, plus the closed list of ways the model side can fail.
 */
import type { CandidateGenerator, SampleOptions, SampleProgress, SampleRequest } from '../../core/pipeline/types.ts';

export type { SampleOptions, SampleProgress, SampleRequest };

/** Every way loading or running a model can fail, as a closed union. */
export type LlmErrorCode =
  | 'NO_WEBGPU' // the browser exposes no navigator.gpu
  | 'NO_ADAPTER' // navigator.gpu exists but gives no adapter (blocklisted GPU, flag off)
  | 'NO_SHADER_F16' // an f16 build on a GPU without the shader-f16 feature
  | 'DEVICE_LOST' // the GPU device went away (driver reset, tab in background, often memory)
  | 'OUT_OF_MEMORY' // an allocation failed
  | 'QUOTA_EXCEEDED' // the browser's storage quota is too small for the model files
  | 'DOWNLOAD_FAILED' // a model file could not be fetched
  | 'MODEL_NOT_FOUND' // no such model id in the configuration, or one of its files is not at its URL
  | 'FILE_TRUNCATED' // a model file is shorter than its index says, or a JSON file is cut short
  | 'CONTEXT_TOO_LONG' // the prompt (schema) does not fit the model's context window
  | 'NOT_LOADED' // a request before a model finished loading
  | 'ABORTED' // the caller stopped it
  | 'NOT_IN_REPLAY' // the replay file has no candidates for this question
  | 'ENGINE_ERROR'; // anything else the engine threw (the message says what)

/** What the UI can offer to get out of an error. */
export type LlmRecovery =
  | 'delete-model-cache' // remove this model's (possibly partial) files, then retry
  | 'choose-smaller-model'
  | 'choose-f32-model' // pick a q4f32 build
  | 'enable-webgpu' // another browser, or a flag
  | 'free-storage' // delete other cached models, or allow persistent storage
  | 'retry';

/**
 * An expected failure, as data. `message` says what failed, where, and the one
 * thing to do next, once: a view shows it as it is, with the code.
 */
export interface LlmError {
  readonly code: LlmErrorCode;
  readonly message: string;
  /** The model the failure concerns, when there is one. */
  readonly modelId?: string;
  /** The file that failed (`params_shard_3.bin`, `libs/….wasm`), when one did. */
  readonly file?: string;
  /** The host it was fetched from (`huggingface.co`, `127.0.0.1:8080`). */
  readonly host?: string;
  readonly recovery?: LlmRecovery;
  /** What the engine reported, as `Name: message`. */
  readonly cause?: string;
}

/** Cost of one candidate, from web-llm's `usage`. */
export interface CandidateUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Prefill time (time to first token), seconds. */
  readonly prefillSeconds: number;
  readonly decodeTokensPerSecond: number;
  /** Wall time of the request as the caller saw it, milliseconds. */
  readonly ms: number;
}

/**
 * What one request to the model cost, from web-llm's `usage` and the caller's
 * clock: how an Ask's time splits between prefill, decoding and the rest.
 */
export interface ModelRequest {
  readonly kind: 'sample' | 'judge' | 'judge-verbalized';
  /** web-llm's `finish_reason`: 'stop', 'length' or 'abort' (interrupted). */
  readonly finishReason: string;
  readonly promptTokens: number;
  /** Tokens after the first (web-llm counts the first one in the prefill). */
  readonly completionTokens: number;
  /** Prefill time (time to first token), seconds, as web-llm measured it. */
  readonly prefillSeconds: number;
  /** Time decoding the tokens after the first, seconds. */
  readonly decodeSeconds: number;
  /** Wall time of the request as the caller saw it (worker round trip included), seconds. */
  readonly wallSeconds: number;
}

/** One generated candidate. */
export interface GeneratedCandidate {
  /** The extracted query, or null when the reply held none (then `error.code` is 'NO_SQL'). */
  readonly sql: string | null;
  /** The model's whole reply. */
  readonly raw: string;
  /** Mean per-token log-probability of the reply (see `meanLogprob`). */
  readonly logprob?: number;
  readonly token_logprobs?: readonly number[];
  readonly error?: { readonly code: 'NO_SQL'; readonly message: string };
  /** True when the reply stopped at the token limit rather than by itself. */
  readonly truncated?: boolean;
  /** Where it came from: a model id, or the `source` recorded in a replay file. */
  readonly source: string;
  readonly usage?: CandidateUsage;
  /** Verifier scores recorded with a replayed candidate (`judge`, `orm` …). */
  readonly scores?: Readonly<Record<string, number>>;
}

/** Produces candidates for a question: the pipeline's `CandidateGenerator`, with the full candidate record. */
export interface Generator extends CandidateGenerator {
  /**
   * Samples candidates one after another. Resolves with every finished
   * candidate (fewer than `n` when stopped through `signal`); rejects with an
   * {@link LlmFailure} when the request cannot be served (no replay entry, lost
   * device …), carrying the candidates finished before the failure.
   */
  sample(req: SampleRequest, options?: SampleOptions): Promise<GeneratedCandidate[]>;
}

export const DEFAULT_N = 8;
export const MAX_N = 32;
export const DEFAULT_TEMPERATURE = 0.7;
export const DEFAULT_MAX_TOKENS = 512;
