/**
 * Maps what web-llm throws to an {@link LlmError} with a closed code and a
 * message that says what failed and the one thing to do next; web-llm's own
 * text stays in `cause`. web-llm throws Error subclasses in its own
 * thread, but its worker client rejects with the *string* `err.toString()`
 * (`"DeviceLostError: The WebGPU device was lost …"`), so the mapping goes by
 * name and message text, never by class.
 */
import type { LlmError, LlmErrorCode, LlmRecovery } from './types.ts';

interface Rule {
  readonly code: LlmErrorCode;
  /** Matched against `Name: message`. */
  readonly test: RegExp;
  readonly recovery?: LlmRecovery;
  readonly advice: string;
}

// Order matters: a quota error inside a "Failed to store …" message is a quota error.
// Each advice says what failed and one thing to do next.
const RULES: readonly Rule[] = [
  { code: 'ABORTED', test: /^AbortError\b|\baborted\b/i, advice: 'Stopped.' },
  {
    code: 'QUOTA_EXCEEDED',
    test: /QuotaExceeded|quota/i,
    recovery: 'free-storage',
    advice: 'The browser has no room left for the model files. Delete another cached model in the list above.',
  },
  {
    code: 'NO_WEBGPU',
    test: /WebGPUNotAvailableError|WebGPUNotFoundError|WebGPU is not supported|Cannot find WebGPU/i,
    recovery: 'enable-webgpu',
    advice: 'This browser exposes no WebGPU. Open Confide in a recent Chrome or Edge.',
  },
  {
    code: 'NO_SHADER_F16',
    test: /ShaderF16SupportError|shader-f16/i,
    recovery: 'choose-f32-model',
    advice: 'This GPU lacks the shader-f16 feature this build needs. Choose a q4f32 build of the model.',
  },
  {
    code: 'DEVICE_LOST',
    test: /DeviceLostError|device (?:was |is )?lost/i,
    recovery: 'choose-smaller-model',
    advice: 'The GPU device was lost, most often from running out of memory. Choose a smaller model.',
  },
  {
    code: 'OUT_OF_MEMORY',
    test: /out of memory|\bOOM\b|allocation failed|Failed to allocate|Array buffer allocation/i,
    recovery: 'choose-smaller-model',
    advice: 'The GPU or the tab ran out of memory. Choose a smaller model.',
  },
  {
    code: 'CONTEXT_TOO_LONG',
    test: /ContextWindowSizeExceededError|exceed context window/i,
    advice: "The schema is too long for this model's context window. Ask about a database with fewer tables.",
  },
  {
    code: 'MODEL_NOT_FOUND',
    test: new RegExp(
      'ModelNotFoundError|Cannot find model record|status 404|404 \\(?Not Found|Invalid URL|MissingModelError|' +
        // A static host's fallback index.html where a JSON file should be.
        "Unexpected token '<'|<!doctype",
      'i',
    ),
    advice: 'The model files are not where the model host setting points. Check the model host (docs/models-hosting.md).',
  },
  {
    code: 'DOWNLOAD_FAILED',
    test: new RegExp(
      'Failed to fetch|NetworkError|Load failed|Cannot fetch|Unable to fetch|Failed to store|Request failed|' +
        'Network response was not ok|IntegrityError|ERR_',
      'i',
    ),
    recovery: 'retry',
    advice: 'A model file could not be downloaded. Check the connection and the model host, then load again.',
  },
  {
    code: 'NOT_LOADED',
    test: /ModelNotLoadedError|WorkerEngineModelNotLoadedError|EngineNotLoadedError|not loaded/i,
    recovery: 'retry',
    advice: 'No model is loaded. Load one first.',
  },
];

/** `Name: message` for an Error, the text itself for a string, a JSON-ish form otherwise. */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return `${thrown.name}: ${thrown.message}`;
  if (typeof thrown === 'string') return thrown;
  if (typeof thrown === 'object' && thrown !== null && 'message' in thrown) {
    const name = 'name' in thrown ? String(thrown.name) : 'Error';
    return `${name}: ${String(thrown.message)}`;
  }
  return String(thrown);
}

/**
 * Turns anything web-llm (or the browser under it) threw into an {@link LlmError}.
 *
 * @example
 * toLlmError('TypeError: Failed to fetch', 'Qwen2.5-Coder-0.5B-Instruct-q4f32_1-MLC').code // 'DOWNLOAD_FAILED'
 */
export function toLlmError(thrown: unknown, modelId?: string): LlmError {
  const cause = describeThrown(thrown);
  const rule = RULES.find((r) => r.test.test(cause));
  const code: LlmErrorCode = rule?.code ?? 'ENGINE_ERROR';
  const message = rule?.advice ?? `The model engine failed: ${cause}. Reload the page and load the model again.`;
  return {
    code,
    message,
    cause,
    ...(modelId === undefined ? {} : { modelId }),
    ...(rule?.recovery === undefined ? {} : { recovery: rule.recovery }),
  };
}

/**
 * Builds an {@link LlmError} for a failure Confide itself detects.
 *
 * @example llmError('NOT_IN_REPLAY', 'This question is not in the candidate file.')
 */
export function llmError(code: LlmErrorCode, message: string, extra: Partial<Omit<LlmError, 'code' | 'message'>> = {}): LlmError {
  return { code, message, ...extra };
}
