/**
 * What a SQL pool may open, as both sides of the worker see it: bytes (copied
 * into each worker) or a file read on demand (a path in Node, a Blob or File in
 * the browser), and the size below which a file is opened as bytes.
 */

/** One file read on demand: a path (Node workers) or a Blob/File (browser workers). */
export type FileSource = Blob | { readonly path: string };

/**
 * A database and its write-ahead log (`-wal`), read together as SQLite reads
 * them: the committed frames of the log over the main file's pages
 * (worker/wal.ts). Always read on demand; neither file is written.
 */
export interface WithWal {
  readonly main: FileSource;
  readonly wal: FileSource;
}

/** Where a lazily read database lives: one file, or a file and its `-wal`. */
export type LazySource = FileSource | WithWal;

/** What the pool may open: bytes (copied, in memory) or a file read on demand. */
export type DbSource = Uint8Array | LazySource;

/** True when `source` is read on demand rather than held as bytes. */
export const isLazySource = (source: DbSource): source is LazySource => !(source instanceof Uint8Array);

/** True when `source` is a database given with its `-wal`. */
export const hasWal = (source: DbSource): source is WithWal => typeof source === 'object' && source !== null && 'main' in source && 'wal' in source;

/** A short label for messages: the file's name or path. */
export function describeSource(source: DbSource): string {
  if (source instanceof Uint8Array) return `${source.byteLength} bytes`;
  if (hasWal(source)) return describeSource(source.main);
  if ('path' in source) return source.path;
  return 'name' in source && typeof source.name === 'string' ? source.name : 'the file';
}

/**
 * Files up to this size are opened as bytes in memory (copied into each
 * worker, checked whole with quick_check: fast at this size); bigger ones are
 * read on demand. Same API and results either way.
 */
export const IN_MEMORY_MAX_BYTES = 16 * 1024 * 1024;
