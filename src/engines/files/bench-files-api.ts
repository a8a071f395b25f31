/**
 * The heavy file work of Evaluate, as one API that runs in a worker in the
 * app (workers/bench-files.worker.ts) and in-process on Node: listing and
 * inflating zip entries under caps (zip-reader.ts), parsing a question file,
 * streaming a candidate file, reading a calibration profile under its cap.
 * Failures come back as data with a code and a message (they cross a worker
 * boundary).
 */
import { BenchFileError, parseBenchmark, type BenchmarkFile, type QuestionRecord } from '../../core/bench/index.ts';
import { checkProfile } from '../../core/profile-check.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import { readCandidateBlob } from './candidate-reader.ts';
import { listZip, readZipEntry, ZipReadError, type ZipEntry } from './zip-reader.ts';

/** A result or a failure in words. */
export type FileResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: string; readonly message: string };

/** Progress: done and total in bytes (total 0 when unknown). */
export type ByteProgress = (done: number, total: number) => void;

export interface BenchFilesApi {
  /** Lists a zip's files (caps: entry count); keeps the zip for {@link BenchFilesApi.readZip}. */
  openZip(zip: Blob): Promise<FileResult<string[]>>;
  /** One file of the opened zip, or null when it has no such file; TOO_LARGE past `maxBytes`. */
  readZip(path: string, maxBytes: number, onProgress?: ByteProgress): Promise<FileResult<Uint8Array | null>>;
  /** Decodes and parses a question file. */
  parseQuestions(bytes: Uint8Array, file: string, split: string): Promise<FileResult<BenchmarkFile>>;
  /** Streams and parses a candidate file. */
  readCandidates(file: Blob, name: string, onProgress?: ByteProgress): Promise<FileResult<QuestionRecord[]>>;
  /** Reads a calibration profile (JSON) and checks it field by field; `TOO_LARGE` past `maxBytes`, before a byte is read. */
  readProfile(file: Blob, name: string, maxBytes: number): Promise<FileResult<CalibrationProfile>>;
}

/** Largest profile file read, as `confide ask --profile` reads them (64 MiB). */
export const PROFILE_MAX_BYTES = 64 * 2 ** 20;

function failure(e: unknown): { ok: false; code: string; message: string } {
  if (e instanceof ZipReadError || e instanceof BenchFileError) return { ok: false, code: e.code, message: e.message };
  if (e instanceof RangeError) return { ok: false, code: 'TOO_LARGE', message: `too large for this browser's memory (${e.message})` };
  throw e;
}

/**
 * A fresh API (one zip at a time).
 *
 * @example const api = createBenchFilesApi(); await api.openZip(file);
 */
export function createBenchFilesApi(): BenchFilesApi {
  let zip: { blob: Blob; entries: Map<string, ZipEntry> } | null = null;
  return {
    async openZip(blob) {
      try {
        const entries = await listZip(blob);
        zip = { blob, entries: new Map(entries.map((e) => [e.name, e])) };
        return { ok: true, value: entries.map((e) => e.name) };
      } catch (e) {
        return failure(e);
      }
    },
    async readZip(path, maxBytes, onProgress) {
      const entry = zip?.entries.get(path);
      if (!zip || !entry) return { ok: true, value: null };
      try {
        return { ok: true, value: await readZipEntry(zip.blob, entry, { maxBytes, ...(onProgress ? { onProgress } : {}) }) };
      } catch (e) {
        return failure(e);
      }
    },
    async parseQuestions(bytes, file, split) {
      try {
        return { ok: true, value: parseBenchmark(new TextDecoder().decode(bytes), { file, split }) };
      } catch (e) {
        return failure(e);
      }
    },
    async readCandidates(blob, name, onProgress) {
      try {
        return { ok: true, value: await readCandidateBlob(blob, name, onProgress) };
      } catch (e) {
        return failure(e);
      }
    },
    async readProfile(blob, name, maxBytes) {
      if (blob.size > maxBytes)
        return {
          ok: false,
          code: 'TOO_LARGE',
          message: `${name} is ${(blob.size / 2 ** 20).toFixed(1)} MiB; a profile is at most ${maxBytes / 2 ** 20} MiB (the bundled one is a few KB). Choose a profile exported by Confide.`,
        };
      let value: unknown;
      try {
        value = JSON.parse(await blob.text());
      } catch (e) {
        if (e instanceof RangeError) return failure(e);
        return { ok: false, code: 'BAD_JSON', message: `${name} is not JSON: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}` };
      }
      const r = checkProfile(value);
      return r.ok ? { ok: true, value: r.profile } : { ok: false, code: r.error.code, message: `${name}: ${r.error.message}` };
    },
  };
}
