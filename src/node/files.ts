/**
 * Node-only file helpers: atomic writes (temp file in the same folder, flushed,
 * then renamed over the target), so a reader never sees a half-written file,
 * and no temp file outlives its write: removed when the write fails, and
 * when the process is stopped by SIGINT (Ctrl-C), SIGTERM or SIGHUP mid-write.
 */
import { randomBytes } from 'node:crypto';
import { realpathSync, unlinkSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { constants } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { errnoWords } from './input-file.ts';

/** Temp files being written now (the process's own, so one set per process). */
const writing = new Set<string>();
const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** A stop signal mid-write: the temp files go, then the process ends as the signal would have ended it (exit 128 + its number). */
function stopWriting(signal: NodeJS.Signals): void {
  for (const temp of writing) {
    try {
      unlinkSync(temp);
    } catch {
      // already renamed or never created
    }
  }
  writing.clear();
  process.exit(128 + (constants.signals[signal] ?? 0));
}

/** Tracks `temp` while it is written; the signal handlers are installed only while some write is under way. */
function tracking(temp: string, on: boolean): void {
  if (on && writing.size === 0) for (const s of STOP_SIGNALS) process.on(s, stopWriting);
  if (on) writing.add(temp);
  else writing.delete(temp);
  if (!on && writing.size === 0) for (const s of STOP_SIGNALS) process.removeListener(s, stopWriting);
}

/** A write that failed, naming the path the person gave (never the temp file). */
export class WriteError extends Error {
  override readonly name = 'WriteError';
  readonly code = 'WRITE_FAILED';
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

/** Where writing `path` lands: the file a symlink leads to (the link stays a link), else the path itself. */
function landing(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Writes `text` to `path` atomically: either the old file or the whole new
 * one is there, also if the process dies mid-write. A symlink is written
 * through: its file is replaced, the link kept. The temp file
 * (`.<name>.<random>.tmp`, in the same folder as the file written, so the
 * rename stays on one filesystem) is removed when writing fails or a stop
 * signal arrives mid-write, and the failure is a {@link WriteError} naming
 * `path`.
 *
 * @example
 * await writeFileAtomic('runs/out.jsonl', text);
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const target = landing(path);
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  tracking(temp, true);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw new WriteError(`cannot write ${path}: ${errnoWords(e)}`, path);
  } finally {
    tracking(temp, false);
  }
}
