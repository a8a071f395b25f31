/**
 * Random access to a file on disk for a Node SQL worker (LazyContents reads
 * through it): opened read-only, so no write can reach the file, and
 * without waiting (a FIFO or device put in its place is refused, not read).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { RandomAccess } from './lazy-file.ts';

/**
 * Opens `path` for reading.
 *
 * @example
 * const file = pathRandomAccess('/data/big.sqlite');
 * const head = new Uint8Array(100);
 * file.read(head, 0);
 */
export function pathRandomAccess(path: string): RandomAccess {
  // O_NONBLOCK: a FIFO put where the file was would wait for a writer; it is refused below instead.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const stats = fstatSync(fd);
  if (!stats.isFile()) {
    closeSync(fd);
    throw new Error('it is not a regular file');
  }
  let open = true;
  return {
    size: stats.size,
    read(into, position) {
      if (!open) throw new Error('the file was closed');
      let done = 0;
      while (done < into.length) {
        const n = readSync(fd, into, done, into.length - done, position + done);
        if (n === 0) throw new Error(`the file ended at ${position + done} bytes; was it changed while open?`);
        done += n;
      }
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}
