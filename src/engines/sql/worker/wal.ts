/**
 * A database's write-ahead log (`-wal`), read as SQLite reads it when it
 * opens a WAL database whose log was not checkpointed
 * (https://www.sqlite.org/fileformat.html#the_write_ahead_log):
 * - the 32-byte header must have the magic 0x377f0682 or 0x377f0683 (the
 *   byte order of the checksums: little- or big-endian words), version
 *   3007000, a page size that is a power of two from 512 to 65536, and its
 *   checksum; otherwise the whole log is ignored, as SQLite ignores it;
 * - frames (a 24-byte header, then one page) are read in order while each
 *   carries the header's two salts, a non-zero page number, and the running
 *   checksum (SQLite's: s0 += x0 + s1, s1 += x1 + s0 over pairs of 32-bit
 *   words, carried from the header through every frame's first 8 bytes and
 *   page); the first frame that fails ends the log (a torn write, or an
 *   older generation of the log after a checkpoint restarted it);
 * - only frames up to the last commit frame (one whose second word, the
 *   database size in pages after the commit, is not zero) count: a
 *   transaction still being written is left out. For each page the newest
 *   committed frame wins, and the database has the last commit's size.
 * The index records where each page's newest frame lies; walOverlay reads
 * the main file with those pages taken from the log instead, so neither
 * file is written or copied whole.
 */
import type { RandomAccess } from './lazy-file.ts';

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const WAL_VERSION = 3007000;
/** Bytes of the log read at once while indexing it. */
const CHUNK_BYTES = 1024 * 1024;

/** Where each page's newest committed frame lies in a `-wal`, and what was left out. */
export interface WalIndex {
  readonly pageSize: number;
  /** Page number → offset in the log of that page's newest committed frame (its 24-byte header). */
  readonly frames: ReadonlyMap<number, number>;
  /** The database's size in pages after the last commit; 0 when the log holds no commit. */
  readonly dbPages: number;
  readonly commits: number;
  /** Frames after the last commit, a partial one at the end included (an unfinished transaction, a torn write, an older generation of the log). */
  readonly leftOut: number;
  /** The header's salts, which every frame read later must still carry. */
  readonly salts: readonly [number, number];
  /** Why the whole log was ignored (null when its header is valid). */
  readonly ignored: string | null;
}

/** Carries the running checksum `s` over `bytes` bytes of `view` from `at` (pairs of 32-bit words, in the log's byte order). */
function checksum(view: DataView, at: number, bytes: number, littleEndian: boolean, s: [number, number]): void {
  let s0 = s[0];
  let s1 = s[1];
  for (let i = at; i < at + bytes; i += 8) {
    s0 = (s0 + view.getUint32(i, littleEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(i + 4, littleEndian) + s0) >>> 0;
  }
  s[0] = s0;
  s[1] = s1;
}

const empty = (pageSize: number, ignored: string | null): WalIndex => ({
  pageSize,
  frames: new Map(),
  dbPages: 0,
  commits: 0,
  leftOut: 0,
  salts: [0, 0],
  ignored,
});

/**
 * Indexes the committed frames of `wal`. `dbPageSize` is the main file's
 * page size; a log of another page size belongs to another database and is
 * a RangeError.
 *
 * @example
 * const index = readWalIndex(pathRandomAccess('app.db-wal'), 4096);
 * index.commits; // 3
 */
export function readWalIndex(wal: RandomAccess, dbPageSize: number): WalIndex {
  if (wal.size < WAL_HEADER_BYTES) return empty(dbPageSize, wal.size === 0 ? null : `it is ${wal.size} bytes, shorter than a write-ahead log header`);
  const head = new Uint8Array(WAL_HEADER_BYTES);
  wal.read(head, 0);
  const hv = new DataView(head.buffer);
  const magic = hv.getUint32(0, false);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return empty(dbPageSize, 'its first bytes are not a write-ahead log header');
  const littleEndian = magic === 0x377f0682;
  const pageSize = hv.getUint32(8, false);
  if (hv.getUint32(4, false) !== WAL_VERSION || pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    return empty(dbPageSize, 'its header gives an unknown version or an impossible page size');
  }
  const s: [number, number] = [0, 0];
  checksum(hv, 0, 24, littleEndian, s);
  if (s[0] !== hv.getUint32(24, false) || s[1] !== hv.getUint32(28, false)) return empty(dbPageSize, 'its header checksum does not match');
  if (pageSize !== dbPageSize) throw new RangeError(`its page size (${pageSize}) is not the database's (${dbPageSize}): it belongs to another database`);
  const salts: [number, number] = [hv.getUint32(16, false), hv.getUint32(20, false)];

  const frameBytes = FRAME_HEADER_BYTES + pageSize;
  const total = Math.floor((wal.size - WAL_HEADER_BYTES) / frameBytes);
  const perChunk = Math.max(1, Math.floor(CHUNK_BYTES / frameBytes));
  const buffer = new Uint8Array(perChunk * frameBytes);
  const view = new DataView(buffer.buffer);
  const frames = new Map<number, number>();
  const pending = new Map<number, number>();
  let dbPages = 0;
  let commits = 0;
  let lastCommit = -1;
  read: for (let first = 0; first < total; first += perChunk) {
    const count = Math.min(perChunk, total - first);
    wal.read(buffer.subarray(0, count * frameBytes), WAL_HEADER_BYTES + first * frameBytes);
    for (let k = 0; k < count; k++) {
      const at = k * frameBytes;
      const page = view.getUint32(at, false);
      if (page === 0 || view.getUint32(at + 8, false) !== salts[0] || view.getUint32(at + 12, false) !== salts[1]) break read;
      checksum(view, at, 8, littleEndian, s);
      checksum(view, at + FRAME_HEADER_BYTES, pageSize, littleEndian, s);
      if (s[0] !== view.getUint32(at + 16, false) || s[1] !== view.getUint32(at + 20, false)) break read;
      pending.set(page, WAL_HEADER_BYTES + (first + k) * frameBytes);
      const size = view.getUint32(at + 4, false);
      if (size !== 0) {
        for (const [p, offset] of pending) frames.set(p, offset);
        pending.clear();
        dbPages = size;
        commits += 1;
        lastCommit = first + k;
      }
    }
  }
  const wholeFrames = total + ((wal.size - WAL_HEADER_BYTES) % frameBytes === 0 ? 0 : 1);
  return { pageSize, frames, dbPages, commits, leftOut: wholeFrames - (lastCommit + 1), salts, ignored: null };
}

/** The header bytes that say the file is in WAL mode (file format write and read versions: 2). */
const FORMAT_VERSION_AT = 18;

/**
 * The main file as SQLite sees it with its log: the last commit's size, each
 * page the log holds read from its newest committed frame, the rest from the
 * main file, and the header's format versions set to 1 (rollback journal),
 * so the in-memory SQLite reading it looks for no log of its own. A frame
 * that no longer carries its page number and the log's salts (the log was
 * checkpointed and restarted while open) is a read failure, as a changed file
 * is.
 *
 * @example
 * const file = walOverlay(main, wal, readWalIndex(wal, 4096));
 * new LazyContents(file, 256); // what sql.js opens
 */
export function walOverlay(main: RandomAccess, wal: RandomAccess, index: WalIndex): RandomAccess {
  const { pageSize, frames } = index;
  const size = index.dbPages > 0 ? index.dbPages * pageSize : main.size;
  const frame = new Uint8Array(FRAME_HEADER_BYTES + pageSize);
  const frameView = new DataView(frame.buffer);
  /** Bytes [from, from + into.length) of the main file, zeros past its end. */
  const fromMain = (into: Uint8Array, from: number): void => {
    const n = Math.max(0, Math.min(into.length, main.size - from));
    if (n > 0) main.read(into.subarray(0, n), from);
    into.fill(0, n);
  };
  return {
    size,
    read(into, position) {
      let at = 0;
      while (at < into.length) {
        const pos = position + at;
        const page = Math.floor(pos / pageSize) + 1;
        const inPage = pos % pageSize;
        const offset = frames.get(page);
        if (offset === undefined) {
          // Main-file pages run on until the next page the log holds.
          let end = page * pageSize;
          while (end < position + into.length && !frames.has(end / pageSize + 1)) end += pageSize;
          const n = Math.min(into.length - at, end - pos);
          fromMain(into.subarray(at, at + n), pos);
          at += n;
          continue;
        }
        wal.read(frame, offset);
        if (frameView.getUint32(0, false) !== page || frameView.getUint32(8, false) !== index.salts[0] || frameView.getUint32(12, false) !== index.salts[1]) {
          throw new Error('its -wal changed while open (a checkpoint restarted the log)');
        }
        const n = Math.min(into.length - at, pageSize - inPage);
        into.set(frame.subarray(FRAME_HEADER_BYTES + inPage, FRAME_HEADER_BYTES + inPage + n), at);
        at += n;
      }
      if (position <= FORMAT_VERSION_AT + 1 && position + into.length > FORMAT_VERSION_AT) {
        for (const i of [FORMAT_VERSION_AT, FORMAT_VERSION_AT + 1])
          if (i >= position && i < position + into.length && into[i - position] === 2) into[i - position] = 1;
      }
    },
    close() {
      main.close();
      wal.close();
    },
  };
}
