/**
 * Checks the 100-byte SQLite file header before sql.js sees the bytes
 * (https://www.sqlite.org/fileformat.html#the_database_header): the magic
 * string, a valid page size, and, when the header's page count is valid
 * (change counter at 24 equals version-valid-for at 92), that the file holds
 * every page it claims.
 */
import type { ExecError } from '../../../core/exec/types.ts';
import { execError } from '../../../core/exec/outcomes.ts';

const MAGIC = 'SQLite format 3\0';

const u32 = (b: Uint8Array, at: number): number => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** A guess at what a non-SQLite file is, to make the message useful. */
function describe(bytes: Uint8Array): string {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 64)).trimStart();
  if (/^(CREATE|BEGIN|INSERT|PRAGMA)\b/i.test(head)) return 'it looks like a SQL text dump; load it into SQLite and save a .sqlite file';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'it looks like a zip archive; unzip it first';
  return 'its first 16 bytes are not "SQLite format 3"';
}

/**
 * Returns null when the header looks like an intact SQLite database, else a
 * NOT_SQLITE (not SQLite at all) or CORRUPT (SQLite, but damaged or
 * truncated) error. `bytes` may be just the first 100 bytes of a file of
 * `size` bytes (a file read on demand).
 *
 * @example
 * checkSqliteHeader(new Uint8Array(0))?.code // 'NOT_SQLITE'
 */
export function checkSqliteHeader(bytes: Uint8Array, size: number = bytes.length): ExecError | null {
  if (size === 0) return execError('NOT_SQLITE', 'the file is empty; choose a SQLite database file.');
  const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
  if (magic !== MAGIC) {
    if (size < MAGIC.length && MAGIC.startsWith(magic)) {
      return execError('CORRUPT', `the file is ${size} bytes, cut off inside the SQLite header.`);
    }
    return execError('NOT_SQLITE', `the file is not a SQLite database: ${describe(bytes)}.`);
  }
  if (size < 100) return execError('CORRUPT', `the file is ${size} bytes, shorter than the 100-byte SQLite header: it is truncated.`);
  const raw = (bytes[16]! << 8) | bytes[17]!;
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
    return execError('CORRUPT', `the SQLite header gives an impossible page size (${raw}): the file is damaged.`);
  }
  const pages = u32(bytes, 28);
  const countValid = pages > 0 && u32(bytes, 24) === u32(bytes, 92);
  const expected = countValid ? pages * pageSize : pageSize;
  if (size < expected) {
    return execError('CORRUPT', `the file is ${size} bytes but its header describes ${expected}: it is truncated; try a complete copy.`);
  }
  return null;
}
