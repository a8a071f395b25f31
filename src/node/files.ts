/**
 * Node-only file helpers: atomic writes (temp file in the same folder, flushed,
 * then renamed over the target), so a reader never sees a half-written file.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to `path` atomically: either the old file or the whole new
 * one is there, also if the process dies mid-write. The temp file
 * (`.<name>.<random>.tmp`, same folder so rename stays on one filesystem) is
 * removed when writing fails.
 *
 * @example
 * await writeFileAtomic('runs/out.jsonl', text);
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
}
