/**
 * A database's write-ahead log beside it, as SQLite finds it: `<file>-wal`
 * next to the database's real file (symlinks followed). A log that is empty
 * or absent adds nothing (the database was checkpointed, or closed cleanly);
 * one that is not a regular file is refused rather than skipped, since the
 * database would then be read without changes that may sit there.
 */
import { realpath, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { kernelFileSystem, notAFile } from './file-kind.ts';

/** The log to read with the database, none, or why the pair cannot be read. */
export type WalBeside = { readonly path: string } | null | { readonly refused: string };

/**
 * Finds the `-wal` of the database whose real path is `real`.
 *
 * @example
 * await walBeside('/data/app.db'); // { path: '/data/app.db-wal' } while it holds frames
 */
export async function walBeside(real: string): Promise<WalBeside> {
  const path = `${real}-wal`;
  let found: string;
  try {
    found = await realpath(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    return { refused: `its write-ahead log ${basename(path)} cannot be read (${code ?? (e as Error).message})` };
  }
  const stats = await stat(found);
  const kind = notAFile(stats) ?? (kernelFileSystem(found) === null ? null : 'a file of a kernel file system');
  if (kind !== null)
    return { refused: `its write-ahead log ${basename(path)} is ${kind}, not a file; move it away to read the database as of its last checkpoint` };
  return stats.size === 0 ? null : { path: found };
}
