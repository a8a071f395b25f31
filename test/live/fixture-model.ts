/**
 * A random-weight model folder for a real web-llm model library, made at test
 * time: the library's own parameter list (the JSON its `_metadata` returns,
 * stored as the first `{"model_type"` string in the wasm's data section) gives
 * every tensor's name, shape and dtype; the folder gets shards of at most
 * 32 MB (`params_shard_<i>.bin`), `ndarray-cache.json` (web-llm 0.2.79's
 * index of them), the tokenizer of fixture-tokenizer.ts and an
 * `mlc-chat-config.json` with Qwen2's chat template. Weights are only data:
 * the runtime, kernels, sampling, log-probabilities, interrupt and cache run
 * as on the real model. The values: random 4-bit weights (uniform uint32
 * words), quantization scales 0.005, norm weights 1, biases 0, from a seeded
 * generator, so every build writes the same bytes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFixtureTokenizer, SPECIAL_TOKENS, VOCAB_SIZE, type FixtureTokenizer } from './fixture-tokenizer.ts';

/** One tensor of the library's parameter list. */
export interface ParamSpec {
  readonly name: string;
  readonly shape: readonly number[];
  readonly dtype: 'uint32' | 'float32';
}

/** The parts of the library's metadata the folder needs. */
export interface LibraryMetadata {
  readonly model_type: string;
  readonly quantization: string;
  readonly context_window_size: number;
  readonly prefill_chunk_size: number;
  readonly sliding_window_size: number;
  readonly attention_sink_size: number;
  readonly params: readonly ParamSpec[];
}

/**
 * The metadata JSON embedded in a model library: the first `{"model_type"`
 * object in its bytes, read up to its balanced closing brace.
 *
 * @example readLibraryMetadata(readFileSync(lib)).params.length // 267 for Qwen2-0.5B q4f32_1
 */
export function readLibraryMetadata(wasm: Uint8Array): LibraryMetadata {
  const text = Buffer.from(wasm.buffer, wasm.byteOffset, wasm.byteLength).toString('latin1');
  const start = text.indexOf('{"model_type"');
  if (start < 0) throw new Error('no {"model_type" metadata in this model library');
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return JSON.parse(text.slice(start, i + 1)) as LibraryMetadata;
  }
  throw new Error('the model library metadata is cut short');
}

const SHARD_BYTES = 32 * 1024 * 1024;

/** The bytes of one tensor: see the file comment for the values. */
function tensorBytes(p: ParamSpec, next: () => number): Uint8Array {
  const count = p.shape.reduce((a, b) => a * b, 1);
  if (p.dtype === 'uint32') {
    const words = new Uint32Array(count);
    for (let i = 0; i < count; i++) words[i] = next();
    return new Uint8Array(words.buffer);
  }
  const value = p.name.endsWith('q_scale') ? 0.005 : p.name.endsWith('bias') ? 0 : 1;
  return new Uint8Array(new Float32Array(count).fill(value).buffer);
}

/** xorshift32 from a seed: the weights' uniform source. */
function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
}

/** Qwen2's chat config, as web-llm 0.2.79 reads `mlc-chat-config.json`. */
function chatConfig(meta: LibraryMetadata): object {
  return {
    model_type: meta.model_type,
    quantization: meta.quantization,
    vocab_size: VOCAB_SIZE,
    context_window_size: meta.context_window_size,
    sliding_window_size: meta.sliding_window_size,
    prefill_chunk_size: meta.prefill_chunk_size,
    attention_sink_size: meta.attention_sink_size,
    tensor_parallel_shards: 1,
    temperature: 0.7,
    presence_penalty: 0,
    frequency_penalty: 0,
    repetition_penalty: 1,
    top_p: 1,
    tokenizer_files: ['tokenizer.json'],
    tokenizer_info: { token_postproc_method: 'byte_level', prepend_space_in_encode: false, strip_space_in_decode: false },
    conv_template: {
      name: 'qwen2',
      system_template: '<|im_start|>system\n{system_message}<|im_end|>\n',
      system_message: 'You are a helpful assistant.',
      system_prefix_token_ids: null,
      add_role_after_system_message: true,
      roles: { user: '<|im_start|>user', assistant: '<|im_start|>assistant' },
      role_templates: { user: '{user_message}', assistant: '{assistant_message}', tool: '{tool_message}' },
      messages: [],
      seps: ['<|im_end|>\n'],
      role_content_sep: '\n',
      role_empty_sep: '\n',
      stop_str: ['<|endoftext|>', '<|im_end|>'],
      stop_token_ids: [SPECIAL_TOKENS['<|endoftext|>'], SPECIAL_TOKENS['<|im_end|>']],
      function_string: '',
      use_function_calling: false,
    },
    pad_token_id: SPECIAL_TOKENS['<|endoftext|>'],
    bos_token_id: SPECIAL_TOKENS['<|endoftext|>'],
    eos_token_id: [SPECIAL_TOKENS['<|im_end|>'], SPECIAL_TOKENS['<|endoftext|>']],
  };
}

export interface FixtureModel {
  /** The folder holding the files (served as `<model URL>/resolve/main/`). */
  readonly dir: string;
  /** Shard file names in order, with their sizes. */
  readonly shards: readonly { readonly file: string; readonly bytes: number }[];
  /** Bytes of every file written. */
  readonly bytes: number;
  readonly tokenizer: FixtureTokenizer;
  readonly metadata: LibraryMetadata;
}

/**
 * Writes the random-weight model for `libraryPath` into `dir`.
 *
 * @example const model = buildFixtureModel(join(shared, 'webllm-runtime', LIB), join(tmp, 'model'));
 */
export function buildFixtureModel(libraryPath: string, dir: string, seed = 1): FixtureModel {
  const metadata = readLibraryMetadata(readFileSync(libraryPath));
  mkdirSync(dir, { recursive: true });
  const next = xorshift(seed);
  const shards: { file: string; bytes: number }[] = [];
  const records: object[] = [];
  let pending: { parts: Uint8Array[]; records: object[]; bytes: number } = { parts: [], records: [], bytes: 0 };
  const flush = (): void => {
    if (pending.bytes === 0) return;
    const file = `params_shard_${shards.length}.bin`;
    writeFileSync(join(dir, file), Buffer.concat(pending.parts));
    shards.push({ file, bytes: pending.bytes });
    records.push({ dataPath: file, format: 'raw-shard', nbytes: pending.bytes, records: pending.records });
    pending = { parts: [], records: [], bytes: 0 };
  };
  let paramBytes = 0;
  for (const p of metadata.params) {
    const bytes = tensorBytes(p, next);
    if (pending.bytes > 0 && pending.bytes + bytes.byteLength > SHARD_BYTES) flush();
    pending.records.push({ name: p.name, shape: p.shape, dtype: p.dtype, format: 'raw', nbytes: bytes.byteLength, byteOffset: pending.bytes });
    pending.parts.push(bytes);
    pending.bytes += bytes.byteLength;
    paramBytes += bytes.byteLength;
  }
  flush();
  const tokenizer = buildFixtureTokenizer();
  const files: Record<string, string> = {
    'ndarray-cache.json': JSON.stringify({ metadata: { ParamSize: metadata.params.length, ParamBytes: paramBytes }, records }),
    'tokenizer.json': tokenizer.json,
    'mlc-chat-config.json': JSON.stringify(chatConfig(metadata), null, 2),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const bytes = paramBytes + Object.values(files).reduce((a, t) => a + Buffer.byteLength(t), 0);
  return { dir, shards, bytes, tokenizer, metadata };
}
