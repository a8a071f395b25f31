/**
 * Random access to a file on disk for a Node SQL worker (LazyContents reads
 * through it): opened read-only (`r`), so no write can reach the file; a
 * file whose size changed since the pool recorded it is refused.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
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
  const fd = openSync(path, 'r');
  let open = true;
  return {
    size: fstatSync(fd).size,
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
