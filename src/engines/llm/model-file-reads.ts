/**
 * The reads of `checkModelFiles` (model-files.ts), each over the check's
 * running count: a request that names its file and host when it fails, a
 * JSON file read from the cache or the host, a binary file's size checked
 * in the cache or with HEAD. The first bad file throws a BadFile with its
 * LlmError, which the check hands back as data.
 */
import type { CacheLike } from './cache.ts';
import { llmError } from './errors.ts';
import { SHARD_INDEX, whereOf } from './model-url.ts';
import type { LlmError, LlmErrorCode, LlmRecovery } from './types.ts';

/** The part of a fetch Response used. */
export interface FetchedLike {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}
export type FetchLike = (url: string, init: { method: 'GET' | 'HEAD'; cache: 'no-store' }) => Promise<FetchedLike>;

/** Thrown inside the check to stop at the first bad file. */
export class BadFile extends Error {
  constructor(readonly error: LlmError) {
    super(error.message);
  }
}

/** One check in progress: the model, its folder, how to fetch, and the files and bytes counted so far. */
export interface FileRun {
  readonly modelId: string;
  readonly folder: string;
  readonly fetch: FetchLike;
  files: number;
  bytes: number;
  cachedBytes: number;
}

/** Stops the check at `url`'s file with `code`, a message of what is wrong and the next step. */
function fail(run: FileRun, code: LlmErrorCode, url: string, what: string, next: string, recovery?: LlmRecovery): never {
  const { file, host } = whereOf(url);
  const message = `${what.startsWith('the ') ? `T${what.slice(1)}` : what} ${next}`;
  throw new BadFile(llmError(code, message, { modelId: run.modelId, file, host, ...(recovery ? { recovery } : {}) }));
}

/** Asks the host for `url`: an unreachable host or an answer other than 2xx stops the check (404: MODEL_NOT_FOUND). */
async function request(run: FileRun, url: string, method: 'GET' | 'HEAD', what = ''): Promise<FetchedLike> {
  const { file: name, host } = whereOf(url);
  const file = `${what}${name}`;
  let response: FetchedLike;
  try {
    response = await run.fetch(url, { method, cache: 'no-store' });
  } catch {
    return fail(
      run,
      'DOWNLOAD_FAILED',
      url,
      `Could not reach ${host} for ${file}.`,
      'Check the connection and the model host setting, then load again.',
      'retry',
    );
  }
  if (response.status === 404) {
    fail(
      run,
      'MODEL_NOT_FOUND',
      url,
      `${file} is not on ${host} (404).`,
      "Copy the model's files to that host (docs/models-hosting.md), or set another model host.",
    );
  }
  if (!response.ok) fail(run, 'DOWNLOAD_FAILED', url, `${host} answered ${response.status} for ${file}.`, 'Try again later.', 'retry');
  return response;
}

/** A JSON file's object, from the cache or the host; a web page is MODEL_NOT_FOUND, JSON cut short FILE_TRUNCATED. */
export async function readJson(run: FileRun, cache: CacheLike | undefined, name: string): Promise<Record<string, unknown>> {
  const url = `${run.folder}${name}`;
  const cached = await cache?.match(url);
  const text = cached !== undefined ? await cached.text() : await (await request(run, url, 'GET')).text();
  run.files++;
  run.bytes += text.length;
  if (cached !== undefined) run.cachedBytes += text.length;
  const { file, host } = whereOf(url);
  if (/^\s*</.test(text)) {
    fail(
      run,
      'MODEL_NOT_FOUND',
      url,
      `${host} answered ${file} with a web page, not the model's JSON.`,
      'Make the host answer missing files with 404 and serve the model there (docs/models-hosting.md).',
    );
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  const where = cached !== undefined ? "in this browser's cache" : `on ${host}`;
  return fail(
    run,
    'FILE_TRUNCATED',
    url,
    `${file} ${where} is not complete JSON (${text.length} bytes).`,
    cached !== undefined ? "Delete this model's download and load it again." : 'Copy the file to the host again.',
    cached !== undefined ? 'delete-model-cache' : undefined,
  );
}

/** A binary file: in the cache with its size, or HEAD on the host; `expected` bytes when known (else FILE_TRUNCATED). */
export async function checkBinary(run: FileRun, cache: CacheLike | undefined, url: string, expected: number | undefined, what = ''): Promise<void> {
  const { file: name, host } = whereOf(url);
  const file = `${what}${name}`;
  const cached = await cache?.match(url);
  let size: number;
  if (cached !== undefined) {
    const declared = Number(cached.headers.get('content-length'));
    size = Number.isFinite(declared) && declared > 0 ? declared : (await cached.blob()).size;
    run.cachedBytes += size;
    if (expected !== undefined && size !== expected) {
      fail(
        run,
        'FILE_TRUNCATED',
        url,
        `${file} in this browser's cache is ${size} bytes, but ${SHARD_INDEX} lists ${expected}.`,
        "Delete this model's download and load it again.",
        'delete-model-cache',
      );
    }
  } else {
    const response = await request(run, url, 'HEAD', what);
    const length = response.headers.get('content-length');
    size = length === null ? (expected ?? 0) : Number(length);
    if (expected !== undefined && length !== null && size !== expected) {
      fail(run, 'FILE_TRUNCATED', url, `${file} on ${host} is ${size} bytes, but ${SHARD_INDEX} lists ${expected}.`, 'Copy the file to the host again.');
    }
  }
  run.files++;
  run.bytes += size;
}
