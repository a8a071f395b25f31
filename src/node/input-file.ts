/**
 * The files a command reads, checked before a byte is read: each must exist
 * and be a regular file (a folder where a folder is expected), not a device,
 * FIFO, socket or a file of a kernel file system (/proc); text read whole
 * has a size cap, and is read from the descriptor that was checked, exactly
 * the size it reports, so a device swapped in, or a file that reports 0
 * bytes, cannot make a read go on forever. Failures are InputFileError with
 * a code and words naming the flag and the path the person gave.
 */
import { constants, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { kernelFileSystem, notAFile, sizeWords } from './file-kind.ts';

/** Why an input was refused. */
export type InputFileErrorCode =
  | 'INPUT_NOT_FOUND' // nothing at the path
  | 'INPUT_NOT_A_FILE' // a folder, device, FIFO, socket or kernel file where a file is expected (or a file where a folder is)
  | 'INPUT_TOO_LARGE' // past the cap for text read whole
  | 'INPUT_UNREADABLE'; // there, but cannot be read (permissions, …)

/** An input the command refuses; the CLI prints `code: message`, exit 1. */
export class InputFileError extends Error {
  override readonly name = 'InputFileError';
  constructor(
    readonly code: InputFileErrorCode,
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

/** A path given for a flag, and what is expected there. */
export interface InputPath {
  readonly flag: string;
  readonly path: string;
  /** A file (default) or a folder (`--bench`). */
  readonly kind?: 'file' | 'folder';
}

/**
 * A Node file-system error's words without its code and path, e.g.
 * "no such file or directory (ENOENT)".
 *
 * @example
 * errnoWords(Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: 'ENOENT', syscall: 'open' })); // 'no such file or directory (ENOENT)'
 */
export function errnoWords(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const message = err instanceof Error ? err.message : String(e);
  if (typeof err?.code !== 'string') return message;
  let words = message.startsWith(`${err.code}: `) ? message.slice(err.code.length + 2) : message;
  if (typeof err.syscall === 'string') words = words.split(`, ${err.syscall}`)[0]!;
  return `${words} (${err.code})`;
}

const label = (input: InputPath): string => `${input.flag} ${input.path}`;

/** The refusal for what `stats` says is at the input, or null when it is what the flag expects. */
function shapeProblem(input: InputPath, stats: Stats): InputFileError | null {
  const kernel = kernelFileSystem(input.path);
  if (kernel !== null)
    return new InputFileError('INPUT_NOT_A_FILE', `${label(input)} lies on ${kernel}, a kernel file system, not a file: give a file`, input.path);
  if (input.kind === 'folder') {
    return stats.isDirectory()
      ? null
      : new InputFileError('INPUT_NOT_A_FILE', `${label(input)} is ${notAFile(stats) ?? 'a file'}, not a folder: give the benchmark's folder`, input.path);
  }
  const kind = notAFile(stats);
  return kind === null ? null : new InputFileError('INPUT_NOT_A_FILE', `${label(input)} is ${kind}, not a file: give a file`, input.path);
}

function missingOrUnreadable(input: InputPath, e: unknown): InputFileError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new InputFileError('INPUT_NOT_FOUND', `${label(input)} does not exist`, input.path);
  if (code === 'ENOTDIR') return new InputFileError('INPUT_NOT_FOUND', `${label(input)} does not exist (a part of the path is not a folder)`, input.path);
  return new InputFileError('INPUT_UNREADABLE', `${label(input)} cannot be read: ${errnoWords(e)}`, input.path);
}

/**
 * Throws {@link InputFileError} unless the input is there and is what its
 * flag expects (symlinks followed).
 *
 * @example
 * checkInput({ flag: '--db', path: '/dev/zero' }); // throws INPUT_NOT_A_FILE: "--db /dev/zero is a character device, not a file: give a file"
 */
export function checkInput(input: InputPath): void {
  let stats: Stats;
  try {
    stats = statSync(input.path);
  } catch (e) {
    throw missingOrUnreadable(input, e);
  }
  const problem = shapeProblem(input, stats);
  if (problem !== null) throw problem;
}

/**
 * {@link checkInput} for each input given (undefined entries are flags not given).
 *
 * @example
 * checkInputs([{ flag: '--candidates', path: 'c.jsonl' }, undefined]);
 */
export function checkInputs(inputs: readonly (InputPath | undefined)[]): void {
  for (const input of inputs) if (input !== undefined) checkInput(input);
}

/**
 * The whole of a regular file, at most `maxBytes`: opened, checked through
 * its descriptor (what was opened is what is read), then exactly the size
 * the descriptor reports is read.
 *
 * @example
 * const bytes = await readInputBytes({ flag: '--orm', path: 'm.onnx' }, 32 * 2 ** 20);
 */
export async function readInputBytes(input: InputPath, maxBytes: number): Promise<Uint8Array> {
  let handle;
  try {
    // O_NONBLOCK: opening a FIFO with no writer would wait for one; the check below then refuses it.
    handle = await open(input.path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw missingOrUnreadable(input, e);
  }
  try {
    const stats = await handle.stat();
    const problem = shapeProblem({ ...input, kind: 'file' }, stats);
    if (problem !== null) throw problem;
    if (stats.size > maxBytes)
      throw new InputFileError('INPUT_TOO_LARGE', `${label(input)} is ${sizeWords(stats.size)}; at most ${sizeWords(maxBytes)} is read for it`, input.path);
    const bytes = new Uint8Array(stats.size);
    let done = 0;
    while (done < bytes.length) {
      const { bytesRead } = await handle.read(bytes, done, bytes.length - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return done === bytes.length ? bytes : bytes.subarray(0, done);
  } catch (e) {
    if (e instanceof InputFileError) throw e;
    throw new InputFileError('INPUT_UNREADABLE', `${label(input)} cannot be read: ${errnoWords(e)}`, input.path);
  } finally {
    await handle.close();
  }
}

/**
 * {@link readInputBytes} decoded as UTF-8.
 *
 * @example
 * const text = await readInputText({ flag: '--profile', path: 'p.json' }, 32 * 2 ** 20);
 */
export async function readInputText(input: InputPath, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readInputBytes(input, maxBytes));
}

/**
 * A stream (stdin) read to its end as UTF-8, refused once it passes `maxBytes`.
 *
 * @example
 * const text = await readStreamText(process.stdin, 'stdin', 32 * 2 ** 20);
 */
export async function readStreamText(stream: AsyncIterable<Uint8Array | string>, name: string, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += b.byteLength;
    if (size > maxBytes) throw new InputFileError('INPUT_TOO_LARGE', `${name} passed ${sizeWords(maxBytes)}; at most that much is read from it`, name);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}
