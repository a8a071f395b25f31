/**
 * Reading a zip without trusting it: the central directory is parsed from the
 * end of the file (ZIP64 included), entries are counted against a cap, and
 * one entry at a time is inflated from slices of the Blob, streamed in small
 * pieces so that no single step makes more than a few MB, and stopped as soon
 * as it passes its byte cap, whatever its header claims. Runs in the
 * bench-files worker in the app (workers/bench-files.worker.ts); plain code,
 * so it is tested on Node too.
 */
import { Inflate } from 'fflate';

/** Most entries a zip may list. */
export const ZIP_MAX_ENTRIES = 100_000;
/** Most bytes any one entry may inflate to (a database); question files have their own, lower cap. */
export const ZIP_MAX_ENTRY_BYTES = 2 ** 30;
/** Compressed bytes read from the Blob at a time. */
const READ_CHUNK = 1 << 20;
/** Compressed bytes handed to the inflater at a time: deflate expands at most about 1032×, so one step makes at most ~17 MB. */
const INFLATE_STEP = 16 << 10;

export type ZipErrorCode = 'NOT_ZIP' | 'TOO_MANY_ENTRIES' | 'TOO_LARGE' | 'UNSUPPORTED' | 'CORRUPT' | 'UNSAFE_NAME';

/** A zip that cannot be read within the caps, with a message for the user. */
export class ZipReadError extends Error {
  override readonly name = 'ZipReadError';
  constructor(
    readonly code: ZipErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** One file in the zip, as its central directory describes it. */
export interface ZipEntry {
  readonly name: string;
  /** 0 stored, 8 deflate. */
  readonly method: number;
  readonly compressedSize: number;
  /** The size the directory claims (checked again while inflating). */
  readonly size: number;
  /** Where its local header starts. */
  readonly offset: number;
}

const u16 = (v: DataView, at: number): number => v.getUint16(at, true);
const u32 = (v: DataView, at: number): number => v.getUint32(at, true);
const u64 = (v: DataView, at: number): number => Number(v.getBigUint64(at, true));

async function bytesAt(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

/**
 * An entry's name as a path inside the zip: `\` read as `/`, and a leading
 * `/`, drive (`C:`) or `./` dropped, so an absolute name reads as the same
 * path relative to the zip (as the benchmark finder reads it; before, such a
 * zip's dev.json "could not be read"). A name with a `..` part is refused
 * (UNSAFE_NAME): names are looked up, never joined to a folder, but one that
 * climbs is no benchmark's.
 *
 * @example entryPath('/bench/dev.json'); // 'bench/dev.json'
 */
export function entryPath(raw: string): string {
  const parts = raw
    .replace(/\\/g, '/')
    .replace(/^[A-Za-z]:(?=\/)/, '')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.includes('..'))
    throw new ZipReadError(
      'UNSAFE_NAME',
      `lists an entry named ${JSON.stringify(raw.slice(0, 200))}, which climbs out of the zip's folder (".."): zip the benchmark folder itself`,
    );
  return parts.join('/') + (raw.endsWith('/') || raw.endsWith('\\') ? '/' : '');
}

/**
 * The zip's file entries (folders left out), each named by {@link entryPath}.
 * Throws {@link ZipReadError}: NOT_ZIP, TOO_MANY_ENTRIES, CORRUPT or UNSAFE_NAME.
 *
 * @example const entries = await listZip(file);
 */
export async function listZip(blob: Blob, maxEntries = ZIP_MAX_ENTRIES): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, blob.size - (22 + 0xffff + 20));
  const tail = await bytesAt(blob, tailStart, blob.size);
  const tv = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (u32(tv, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new ZipReadError('NOT_ZIP', 'is not a zip file (no end-of-archive record)');
  let count = u16(tv, eocd + 10);
  let dirSize = u32(tv, eocd + 12);
  let dirOffset = u32(tv, eocd + 16);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || u32(tv, loc) !== 0x07064b50) throw new ZipReadError('CORRUPT', 'is a damaged zip (ZIP64 locator missing)');
    const at = u64(tv, loc + 8);
    const z = await bytesAt(blob, at, at + 56);
    const zv = new DataView(z.buffer, z.byteOffset, z.byteLength);
    if (z.length < 56 || u32(zv, 0) !== 0x06064b50) throw new ZipReadError('CORRUPT', 'is a damaged zip (ZIP64 directory record missing)');
    count = u64(zv, 32);
    dirSize = u64(zv, 40);
    dirOffset = u64(zv, 48);
  }
  if (count > maxEntries)
    throw new ZipReadError('TOO_MANY_ENTRIES', `lists ${count.toLocaleString('en-US')} entries; at most ${maxEntries.toLocaleString('en-US')} are read`);
  if (dirOffset + dirSize > blob.size) throw new ZipReadError('CORRUPT', 'is a damaged zip (its directory lies past the end of the file)');
  const dir = await bytesAt(blob, dirOffset, dirOffset + dirSize);
  const dv = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  const entries: ZipEntry[] = [];
  const names = new TextDecoder();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || u32(dv, p) !== 0x02014b50) throw new ZipReadError('CORRUPT', `is a damaged zip (directory entry ${n + 1} is malformed)`);
    const method = u16(dv, p + 10);
    let compressedSize = u32(dv, p + 20);
    let size = u32(dv, p + 24);
    const nameLen = u16(dv, p + 28);
    const extraLen = u16(dv, p + 30);
    const commentLen = u16(dv, p + 32);
    let offset = u32(dv, p + 42);
    const name = entryPath(names.decode(dir.subarray(p + 46, p + 46 + nameLen)));
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = u16(dv, e);
      const len = u16(dv, e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        if (size === 0xffffffff) {
          size = u64(dv, q);
          q += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(dv, q);
          q += 8;
        }
        if (offset === 0xffffffff) offset = u64(dv, q);
      }
      e += 4 + len;
    }
    p = extraEnd + commentLen;
    if (!name.endsWith('/')) entries.push({ name, method, compressedSize, size, offset });
  }
  return entries;
}

/** Options for {@link readZipEntry}. */
export interface ReadEntryOptions {
  /** Refuse (TOO_LARGE) once the entry would inflate past this many bytes (default {@link ZIP_MAX_ENTRY_BYTES}). */
  readonly maxBytes?: number;
  /** Called as bytes come out: how many so far, and how many the directory claims. */
  readonly onProgress?: (done: number, claimed: number) => void;
}

/**
 * One entry's bytes, inflated in small steps and refused (TOO_LARGE) the
 * moment it passes `maxBytes`, or before starting when its claimed size does.
 *
 * @example const bytes = await readZipEntry(file, entry, { maxBytes: 256 << 20 });
 */
export async function readZipEntry(blob: Blob, entry: ZipEntry, options: ReadEntryOptions = {}): Promise<Uint8Array> {
  const max = options.maxBytes ?? ZIP_MAX_ENTRY_BYTES;
  const tooLarge = (what: string): ZipReadError => new ZipReadError('TOO_LARGE', `${entry.name} ${what}; the limit is ${formatBytes(max)}`);
  if (entry.size > max) throw tooLarge(`inflates to ${formatBytes(entry.size)}`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipReadError('UNSUPPORTED', `${entry.name} uses compression method ${entry.method}; only stored and deflate are read`);
  const head = await bytesAt(blob, entry.offset, entry.offset + 30);
  const hv = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length < 30 || u32(hv, 0) !== 0x04034b50) throw new ZipReadError('CORRUPT', `${entry.name}: its local header is missing`);
  const start = entry.offset + 30 + u16(hv, 26) + u16(hv, 28);
  const end = start + entry.compressedSize;
  if (end > blob.size) throw new ZipReadError('CORRUPT', `${entry.name}: its data runs past the end of the zip`);
  const parts: Uint8Array[] = [];
  let total = 0;
  const take = (chunk: Uint8Array): void => {
    total += chunk.length;
    if (total > max) throw tooLarge('inflates past the limit (its header claimed less)');
    parts.push(chunk);
  };
  const inflater = entry.method === 8 ? new Inflate((chunk) => take(chunk)) : null;
  for (let at = start; at < end; at += READ_CHUNK) {
    const stop = Math.min(end, at + READ_CHUNK);
    const piece = await bytesAt(blob, at, stop);
    if (inflater === null) take(piece);
    else {
      for (let i = 0; i < piece.length; i += INFLATE_STEP) {
        try {
          inflater.push(piece.subarray(i, i + INFLATE_STEP), stop === end && i + INFLATE_STEP >= piece.length);
        } catch (e) {
          if (e instanceof ZipReadError) throw e;
          throw new ZipReadError('CORRUPT', `${entry.name}: its compressed data is damaged (${(e as Error).message})`);
        }
      }
    }
    options.onProgress?.(total, entry.size);
  }
  if (inflater !== null && start === end) inflater.push(new Uint8Array(0), true);
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let o = 0;
  for (const part of parts) {
    out.set(part, o);
    o += part.length;
  }
  return out;
}

/**
 * "1.5 GB", "256 MB", "12 KB" (powers of 1024, as file managers show them).
 *
 * @example formatBytes(2 ** 30); // '1.0 GB'
 */
export function formatBytes(n: number): string {
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(1)} GB`;
  if (n >= 2 ** 20) return `${Math.round(n / 2 ** 20)} MB`;
  return `${Math.ceil(n / 1024)} KB`;
}
