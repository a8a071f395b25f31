import { describe, expect, it } from 'vitest';
import { describeThrown, toLlmError } from '../../../src/engines/llm/errors.ts';
import { webLlmError } from './fake-engine.ts';

const MODEL = 'Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC';

// Names and messages as web-llm 0.2.79 throws them (node_modules/@mlc-ai/web-llm/lib/index.js)
// and as the browser throws under it.
const thrownInEngine: readonly [string, Error, string][] = [
  [
    'NO_WEBGPU',
    webLlmError('WebGPUNotAvailableError', 'WebGPU is not supported in your current environment, but it is necessary to run the WebLLM engine.'),
    'enable-webgpu',
  ],
  ['NO_WEBGPU', webLlmError('WebGPUNotFoundError', 'Cannot find WebGPU in the environment'), 'enable-webgpu'],
  [
    'NO_SHADER_F16',
    webLlmError('ShaderF16SupportError', 'This model requires WebGPU extension shader-f16, which is not enabled in this browser.'),
    'choose-f32-model',
  ],
  [
    'DEVICE_LOST',
    webLlmError('DeviceLostError', 'The WebGPU device was lost while loading the model. This issue often occurs due to running out of memory (OOM).'),
    'choose-smaller-model',
  ],
  ['OUT_OF_MEMORY', webLlmError('RangeError', 'Array buffer allocation failed'), 'choose-smaller-model'],
  ['QUOTA_EXCEEDED', webLlmError('QuotaExceededError', 'The quota has been exceeded.'), 'free-storage'],
  ['DOWNLOAD_FAILED', new TypeError('Failed to fetch'), 'retry'],
  ['DOWNLOAD_FAILED', new TypeError("Failed to execute 'add' on 'Cache': Request failed"), 'retry'],
];

describe('toLlmError maps web-llm failures to closed codes', () => {
  it.each(thrownInEngine)('%s from an Error thrown in the engine thread', (code, thrown, recovery) => {
    const e = toLlmError(thrown, MODEL);
    expect(e).toMatchObject({ code, recovery, modelId: MODEL, cause: `${thrown.name}: ${thrown.message}` });
    // What failed and one next step, once; web-llm's own text stays in the cause.
    expect(e.message).not.toContain(thrown.message);
    expect(e.message.split(/(?<=\.)\s+/)).toHaveLength(2);
  });

  it.each(thrownInEngine)('%s from the string a worker engine rejects with', (code, thrown, recovery) => {
    // WebWorkerMLCEngine rejects with `err.toString()` from the worker.
    expect(toLlmError(String(thrown), MODEL)).toMatchObject({ code, recovery });
  });

  it.each([
    ['MODEL_NOT_FOUND', 'ModelNotFoundError: Cannot find model record in appConfig for nope.'],
    ['MODEL_NOT_FOUND', 'Error: ArtifactOPFSCache: Unable to fetch https://h/m/tensor-cache.json, received status 404'],
    ['MODEL_NOT_FOUND', 'TypeError: Invalid URL'],
    // Seen in Chromium when a dev server answered a model file with its index.html.
    ['MODEL_NOT_FOUND', 'SyntaxError: Unexpected token \'<\', "<!doctype "... is not valid JSON'],
    ['CONTEXT_TOO_LONG', 'ContextWindowSizeExceededError: Prompt tokens exceed context window size: number of prompt tokens: 5000'],
    ['QUOTA_EXCEEDED', 'Error: Failed to store https://h/params_shard_3.bin with error: QuotaExceededError'],
    ['DOWNLOAD_FAILED', 'Error: Failed to store https://h/params_shard_3.bin with error: TypeError: Failed to fetch'],
    ['ABORTED', 'AbortError: The operation was aborted.'],
    ['NOT_LOADED', 'ModelNotLoadedError: Model not loaded before trying to complete ChatCompletionRequest.'],
    ['ENGINE_ERROR', 'Error: InternalError: failed to sample a valid token.'],
  ])('%s from %j', (code, text) => {
    expect(toLlmError(text).code).toBe(code);
  });

  it('keeps the original text as the cause and omits an unknown model', () => {
    const e = toLlmError('Error: something odd');
    expect(e.cause).toBe('Error: something odd');
    expect('modelId' in e).toBe(false);
  });
});

describe('describeThrown', () => {
  it('writes Name: message for errors and error-like objects, and the text for strings', () => {
    expect(describeThrown(new TypeError('x'))).toBe('TypeError: x');
    expect(describeThrown({ name: 'DOMException', message: 'y' })).toBe('DOMException: y');
    expect(describeThrown('plain')).toBe('plain');
    expect(describeThrown(42)).toBe('42');
  });
});
