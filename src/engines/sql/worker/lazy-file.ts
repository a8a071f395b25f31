/**
 * A database file read a block at a time, never copied whole. sql.js 1.17
 * keeps its database in Emscripten's in-memory file system, whose file reads
 * are `contents.subarray(from, to)` and whose first write, when the file is
 * created, is `data.slice(0, length)`. LazyContents is an object with exactly
 * those methods (and `length`) over a RandomAccess source, so
 * `new SQL.Database(lazy)` makes a file whose pages SQLite reads on demand:
 * nothing is copied up front, and memory stays at SQLite's page cache plus a
 * small block cache here (reads of consecutive blocks fetch ahead, so a scan
 * makes few calls into the source). It has no write path: `set` (the only way the file
 * system could change the contents) throws, and the source itself has no
 * write method (a read-only file descriptor in Node, a `File` in the browser).
 *
 * A read that fails (the file was changed or removed while open) returns
 * zeros, which SQLite reports as a malformed database, and is remembered so
 * the runner can say what really happened.
 */
import type { LazyStats } from '../types.ts';

/** Random reads from a file of a fixed size. */
export interface RandomAccess {
  readonly size: number;
  /** Fills `into` with the bytes at `position` (never past the end). */
  read(into: Uint8Array, position: number): void;
  /** Releases the file (a Node file descriptor); reads after it fail. */
  close(): void;
}

/** Block size of the read cache: a multiple of every SQLite page size up to 64 KiB. */
export const BLOCK_BYTES = 64 * 1024;

/** Most blocks one read-ahead fetches (1 MiB). */
const READ_AHEAD_BLOCKS = 16;

/**
 * The object handed to `new SQL.Database(...)`, plus its bookkeeping.
 *
 * @example
 * const lazy = new LazyContents(source, 64);
 * const db = new SQL.Database(lazy as unknown as Uint8Array);
 */
export class LazyContents {
  readonly length: number;
  /** The first read that failed, as words; null while every read worked. */
  failure: string | null = null;
  private readonly blocks = new Map<number, Uint8Array>(); // insertion order = recency
  private reads = 0;
  private bytesRead = 0;
  /** The last block read from the source, and how many blocks that read took (for read-ahead). */
  private lastMiss = -2;
  private run = 1;
  /** Buffers of evicted blocks, reused for new ones; the read-ahead buffer. */
  private readonly spares: Uint8Array[] = [];
  private readonly scratch = new Uint8Array(READ_AHEAD_BLOCKS * BLOCK_BYTES);

  constructor(
    private readonly source: RandomAccess,
    private readonly maxBlocks: number,
  ) {
    this.length = source.size;
  }

  /** The file system asks for the whole file once, when it creates the node: hand over this object itself. */
  slice(from: number, to: number): LazyContents {
    if (from !== 0 || to !== this.length) throw new RangeError('a lazily read database is never copied');
    return this;
  }

  /**
   * Bytes `from`..`to`. The file system copies them into SQLite's buffer at
   * once, so a range inside one block is a view of it (no allocation); one
   * spanning blocks is assembled in a fresh array.
   */
  subarray(from: number, to: number): Uint8Array {
    const end = Math.min(to, this.length);
    if (end <= from) return new Uint8Array(0);
    const index = Math.floor(from / BLOCK_BYTES);
    if (Math.floor((end - 1) / BLOCK_BYTES) === index) {
      const offset = from - index * BLOCK_BYTES;
      return this.block(index).subarray(offset, offset + (end - from));
    }
    const out = new Uint8Array(end - from);
    let at = from;
    while (at < end) {
      const index = Math.floor(at / BLOCK_BYTES);
      const block = this.block(index);
      const offset = at - index * BLOCK_BYTES;
      const n = Math.min(block.length - offset, end - at);
      if (n <= 0) break;
      out.set(block.subarray(offset, offset + n), at - from);
      at += n;
    }
    return out;
  }

  /** Writing is not possible: there is no write path to the user's file. */
  set(): never {
    throw new Error('the database is opened read-only: its file cannot be written');
  }

  stats(): LazyStats {
    return { reads: this.reads, bytesRead: this.bytesRead, cachedBytes: this.blocks.size * BLOCK_BYTES };
  }

  close(): void {
    this.blocks.clear();
    this.source.close();
  }

  private block(index: number): Uint8Array {
    const hit = this.blocks.get(index);
    if (hit !== undefined) {
      this.blocks.delete(index);
      this.blocks.set(index, hit);
      return hit;
    }
    // Read-ahead for scans: consecutive misses double the run read at once (one call into the
    // source is what costs most in a browser), up to READ_AHEAD_BLOCKS; a jump starts again at one.
    this.run = index === this.lastMiss + 1 ? Math.min(this.run * 2, READ_AHEAD_BLOCKS, this.maxBlocks) : 1;
    const start = index * BLOCK_BYTES;
    const length = Math.min(this.run * BLOCK_BYTES, this.length - start);
    // One block is read straight into its buffer; a run goes through one reused scratch buffer.
    const bytes = this.run === 1 ? this.freshBlock(length) : this.scratch.subarray(0, length);
    try {
      this.source.read(bytes, start);
      this.reads += 1;
      this.bytesRead += bytes.length;
    } catch (e) {
      this.failure ??= `reading ${length} bytes at offset ${start} failed (${e instanceof Error ? e.message : String(e)})`;
      return new Uint8Array(Math.min(BLOCK_BYTES, this.length - start)); // zeros, not cached: a later read may work
    }
    let first: Uint8Array | null = null;
    for (let at = 0; at < bytes.length; at += BLOCK_BYTES) {
      const block = this.run === 1 ? bytes : this.freshBlock(Math.min(BLOCK_BYTES, bytes.length - at));
      if (block !== bytes) block.set(bytes.subarray(at, at + block.length));
      first ??= block;
      this.blocks.delete(index + at / BLOCK_BYTES);
      this.blocks.set(index + at / BLOCK_BYTES, block);
      this.evict();
    }
    this.lastMiss = index + Math.ceil(bytes.length / BLOCK_BYTES) - 1;
    return first!;
  }

  /** A block buffer of `length` bytes: an evicted one reused when it fits (no garbage in a long scan). */
  private freshBlock(length: number): Uint8Array {
    const spare = length === BLOCK_BYTES ? this.spares.pop() : undefined;
    return spare ?? new Uint8Array(length);
  }

  /** Drops the least recently used blocks past the bound, keeping a few buffers to reuse. */
  private evict(): void {
    while (this.blocks.size > this.maxBlocks) {
      const oldest = this.blocks.keys().next().value!;
      const block = this.blocks.get(oldest)!;
      this.blocks.delete(oldest);
      if (block.length === BLOCK_BYTES && this.spares.length < READ_AHEAD_BLOCKS) this.spares.push(block);
    }
  }
}

/** FileReaderSync, which exists in dedicated workers only. */
interface SyncReader {
  readAsArrayBuffer(blob: Blob): ArrayBuffer;
}

/**
 * Random access to a Blob/File through `FileReaderSync` (dedicated workers).
 *
 * @example
 * const file = blobRandomAccess(fileFromMessage);
 */
export function blobRandomAccess(blob: Blob): RandomAccess {
  const Reader = (globalThis as { FileReaderSync?: new () => SyncReader }).FileReaderSync;
  if (Reader === undefined) throw new Error('reading a file on demand needs FileReaderSync (a dedicated worker)');
  const reader = new Reader();
  let closed = false;
  return {
    size: blob.size,
    read(into, position) {
      if (closed) throw new Error('the file was closed');
      into.set(new Uint8Array(reader.readAsArrayBuffer(blob.slice(position, position + into.length))));
    },
    close() {
      closed = true;
    },
  };
}
