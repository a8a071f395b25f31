/**
 * A candidate file read as a stream: bytes in pieces, decoded as UTF-8 piece
 * by piece, lines parsed as they complete (core/bench candidateFileParser),
 * so the file is never one string: a file larger than a browser string can
 * hold is read (or refused in words), not silently seen as empty.
 */
import { BenchFileError, candidateFileParser, type QuestionRecord } from '../../core/bench/index.ts';
import { formatBytes } from './zip-reader.ts';

/** The largest candidate file read (the records must then fit in the page's memory). */
export const CANDIDATE_FILE_MAX_BYTES = 2 ** 30;

/**
 * Parses a candidate file from a Blob (a picked File), reporting bytes read.
 * Throws BenchFileError: TOO_LARGE past {@link CANDIDATE_FILE_MAX_BYTES} or
 * for an over-long line, otherwise the first bad line's error.
 *
 * @example const records = await readCandidateBlob(file, file.name, (done, total) => show(done / total));
 */
export async function readCandidateBlob(
  blob: Blob,
  name: string,
  onProgress?: (done: number, total: number) => void,
  maxBytes = CANDIDATE_FILE_MAX_BYTES,
): Promise<QuestionRecord[]> {
  if (blob.size > maxBytes) {
    throw new BenchFileError({
      code: 'TOO_LARGE',
      file: name,
      problem: `is ${formatBytes(blob.size)}; candidate files of up to ${formatBytes(maxBytes)} are read`,
    });
  }
  const parser = candidateFileParser(name);
  const decoder = new TextDecoder('utf-8');
  const reader = blob.stream().getReader();
  let done = 0;
  let lastReport = 0;
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    done += next.value.byteLength;
    parser.push(decoder.decode(next.value, { stream: true }));
    if (done - lastReport >= 8 << 20) {
      lastReport = done;
      onProgress?.(done, blob.size);
    }
  }
  parser.push(decoder.decode());
  onProgress?.(done, blob.size);
  return parser.end();
}
