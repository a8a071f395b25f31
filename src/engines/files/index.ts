/**
 * Benchmark files read from Blobs under caps, in whatever thread calls it
 * (the bench-files worker in the app, in-process elsewhere): a zip's entries
 * listed and inflated (zip-reader.ts), a question file parsed, a candidate
 * file streamed (candidate-reader.ts), as one API whose failures are data
 * (bench-files-api.ts).
 */
export { createBenchFilesApi, type BenchFilesApi, type ByteProgress, type FileResult } from './bench-files-api.ts';
export { formatBytes, ZIP_MAX_ENTRIES, ZIP_MAX_ENTRY_BYTES } from './zip-reader.ts';
