/**
 * The one client of the bench-files worker (workers/bench-files.worker.ts)
 * that Ask, Evaluate and Profiles share: a worker per read, closed when the
 * read ends or its signal aborts, and the reads the views make through it
 * (a question file, a candidate file as a stream). Every failure is a
 * {@link SourceError} in words.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { QuestionRecord } from '../core/bench/index.ts';
import { createBenchFilesApi, type BenchFilesApi, type ByteProgress, type FileResult } from '../engines/files/index.ts';

/**
 * Starts a bench-files worker.
 *
 * @example const worker = spawnFilesWorker(); worker.terminate();
 */
export const spawnFilesWorker = (): Worker =>
  new Worker(new URL('../../workers/bench-files.worker.ts', import.meta.url), { type: 'module', name: 'bench-files' });

/** A file that cannot be read within the caps (TOO_LARGE, NOT_ZIP, CORRUPT …), in words. */
export class SourceError extends Error {
  override readonly name = 'SourceError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** An API instance: in a worker where the platform has them, in-process otherwise; `close` ends it. */
export interface FilesClient {
  readonly api: BenchFilesApi | Remote<BenchFilesApi>;
  readonly inWorker: boolean;
  close(): void;
}

/**
 * A client of the bench-files worker, or of the same API in-process where
 * the platform has no workers (Node).
 *
 * @example const client = filesClient(); try { await client.api.listZip(file); } finally { client.close(); }
 */
export function filesClient(): FilesClient {
  if (typeof Worker === 'undefined' || typeof document === 'undefined') return { api: createBenchFilesApi(), inWorker: false, close: () => undefined };
  const worker = spawnFilesWorker();
  return { api: wrap<BenchFilesApi>(worker), inWorker: true, close: () => worker.terminate() };
}

/** A progress callback as the client takes it (proxied to a worker). */
export const progressArg = (client: FilesClient, f: ByteProgress | undefined): ByteProgress | undefined =>
  f === undefined ? undefined : client.inWorker ? (proxy(f) as unknown as ByteProgress) : f;

/** Resolves with the call's result, or rejects with the signal's reason the moment it aborts (closing the client). */
export async function stoppable<T>(client: FilesClient, call: Promise<FileResult<T>>, signal?: AbortSignal): Promise<T> {
  signal?.throwIfAborted();
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      client.close();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const r = await Promise.race([call, aborted]);
    if (!r.ok) throw new SourceError(r.code, r.message);
    return r.value;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Parses a question file off the main thread.
 *
 * @example const { layout, questions } = await parseQuestionsOffThread(bytes, 'dev.json', 'dev');
 */
export async function parseQuestionsOffThread(bytes: Uint8Array, file: string, split: string, signal?: AbortSignal) {
  const client = filesClient();
  try {
    return await stoppable(client, client.api.parseQuestions(bytes, file, split), signal);
  } finally {
    client.close();
  }
}

/**
 * Reads a candidate file as a stream off the main thread (never one string);
 * throws {@link SourceError} (TOO_LARGE, or the first bad line's code and
 * message), or the signal's reason when stopped.
 *
 * @example const records = await readCandidatesOffThread(file, { signal, onProgress: (d, t) => bar(d / t) });
 */
export async function readCandidatesOffThread(file: File, options: { signal?: AbortSignal; onProgress?: ByteProgress } = {}): Promise<QuestionRecord[]> {
  const client = filesClient();
  try {
    return await stoppable(client, client.api.readCandidates(file, file.name, progressArg(client, options.onProgress)), options.signal);
  } finally {
    client.close();
  }
}
