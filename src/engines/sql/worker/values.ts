/**
 * Converts sql.js values (read with `useBigInt: true`) into Cells that cross
 * worker boundaries unchanged.
 */
import type { Cell } from '../../../core/exec/types.ts';

/** How many leading bytes of a blob are kept, as hex. */
export const BLOB_PREVIEW_BYTES = 64;

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * One sql.js value as a Cell: INTEGER within ±2^53 and REAL become numbers,
 * larger integers their decimal string, blobs `{blob: hex of the first 64
 * bytes, bytes: length}`.
 *
 * @example
 * toCell(3n) // 3
 * toCell(new Uint8Array([0, 255])) // { blob: '00ff', bytes: 2 }
 */
export function toCell(v: number | string | bigint | Uint8Array | null): Cell {
  if (typeof v === 'bigint') return v >= MIN_SAFE && v <= MAX_SAFE ? Number(v) : v.toString();
  if (v instanceof Uint8Array) return { blob: hex(v.subarray(0, BLOB_PREVIEW_BYTES)), bytes: v.length };
  return v;
}

/** Rough bytes a cell holds in JS, for the result-size budget. */
export function cellBytes(c: Cell): number {
  if (typeof c === 'string') return 2 * c.length + 16;
  if (c !== null && typeof c === 'object') return c.blob.length * 2 + 32;
  return 8;
}

/**
 * A value rendered as short text for schema samples: blobs as
 * `<blob N bytes>`, long text cut to `max` characters with an ellipsis.
 *
 * @example
 * sampleText('a'.repeat(100), 10) // 'aaaaaaaaa…'
 */
export function sampleText(v: number | string | bigint | Uint8Array | null, max = 40): string {
  if (v instanceof Uint8Array) return `<blob ${v.length} bytes>`;
  const s = String(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
