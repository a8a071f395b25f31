/**
 * What a SQL pool may open, as both sides of the worker see it: bytes (copied
 * into each worker) or a file read on demand (a path in Node, a Blob or File in
 * the browser), and the size below which a file is opened as bytes.
 */

/** Where a lazily read database lives: a path (Node workers) or a Blob/File (browser workers). */
export type LazySource = Blob | { readonly path: string };

/** What the pool may open: bytes (copied, in memory) or a file read on demand. */
export type DbSource = Uint8Array | LazySource;

/** True when `source` is read on demand rather than held as bytes. */
export const isLazySource = (source: DbSource): source is LazySource => !(source instanceof Uint8Array);

/** A short label for messages: the file's name or path. */
export function describeSource(source: DbSource): string {
  if (source instanceof Uint8Array) return `${source.byteLength} bytes`;
  if ('path' in source) return source.path;
  return 'name' in source && typeof source.name === 'string' ? source.name : 'the file';
}

/**
 * Files up to this size are opened as bytes in memory (copied into each
 * worker, checked whole with quick_check: fast at this size); bigger ones are
 * read on demand. Same API and results either way.
 */
export const IN_MEMORY_MAX_BYTES = 16 * 1024 * 1024;
