/**
 * Zips made for tests, including ones that inflate to gigabytes: each entry is
 * either given bytes or `repeat` copies of a chunk, deflated with Node's
 * zlib as a stream (a 1.5 GB run of one byte becomes about 1.5 MB), and the
 * header may claim a size other than the real one (a lying zip).
 */
import { crc32, deflateRawSync, constants } from 'node:zlib';

export interface TestZipEntry {
  readonly name: string;
  /** The entry's bytes, or `chunk` repeated `repeat` times. */
  readonly data?: Uint8Array;
  readonly chunk?: Uint8Array;
  readonly repeat?: number;
  /** The uncompressed size the headers claim (default: the real one). */
  readonly claimSize?: number;
}

/**
 * The zip's bytes.
 *
 * @example makeZip([{ name: 'database/a/a.sqlite', chunk: new Uint8Array(1 << 24), repeat: 96 }]);
 */
export function makeZip(entries: readonly TestZipEntry[]): Uint8Array<ArrayBuffer> {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const parts = e.data !== undefined ? [e.data] : Array.from({ length: e.repeat ?? 1 }, () => e.chunk ?? new Uint8Array(0));
    let crc = 0;
    let size = 0;
    const deflated: Buffer[] = [];
    // Deflate each piece with a sync flush: pieces of one stream, never the whole entry in memory.
    const chunk = parts[0] ?? new Uint8Array(0);
    const sameChunk = e.data === undefined;
    const flushedOnce = sameChunk ? deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }) : null;
    parts.forEach((part, i) => {
      crc = crc32(part, crc);
      size += part.length;
      if (part.length > 0) deflated.push(flushedOnce ?? deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
      if (i === parts.length - 1) deflated.push(Buffer.from([0x03, 0x00])); // an empty final fixed block
    });
    if (parts.length === 0) deflated.push(Buffer.from([0x03, 0x00]));
    const body = Buffer.concat(deflated);
    const claimed = e.claimSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc >>> 0, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(claimed, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    out.push(local, name, body);
    central.push(dir, name);
    offset += local.length + name.length + body.length;
  }
  const dirBytes = Buffer.concat(central);
  const tail: Buffer[] = [];
  if (entries.length >= 0xffff) {
    // More entries than the classic record can count: a ZIP64 end record and its locator.
    const z = Buffer.alloc(56);
    z.writeUInt32LE(0x06064b50, 0);
    z.writeBigUInt64LE(44n, 4);
    z.writeUInt16LE(45, 12);
    z.writeUInt16LE(45, 14);
    z.writeBigUInt64LE(BigInt(entries.length), 24);
    z.writeBigUInt64LE(BigInt(entries.length), 32);
    z.writeBigUInt64LE(BigInt(dirBytes.length), 40);
    z.writeBigUInt64LE(BigInt(offset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(BigInt(offset + dirBytes.length), 8);
    loc.writeUInt32LE(1, 16);
    tail.push(z, loc);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...out, dirBytes, ...tail, end]));
}
