/**
 * Where a benchmark's files come from: a folder picked with the directory
 * picker (read lazily through File objects), a zip (listed once, each file
 * inflated when read), or the bundled demo (fetched from the app's origin).
 * Then the benchmark itself: its question file parsed (Spider or BIRD) and
 * each database's bytes on demand.
 *
 * The main thread never blocks on data size: unzipping and parsing run in
 * the bench-files worker through app/files-client.ts (in-process where there
 * is no Worker, as on Node), each file under a byte cap (QUESTION_FILE_MAX_BYTES,
 * ZIP_MAX_ENTRY_BYTES) checked while it inflates, with progress, and an abort
 * signal that terminates the worker at once.
 */
import { databasePaths, locateBenchmarks, type BenchLayout, type BenchQuestion } from '../../core/bench/index.ts';
import { ZIP_MAX_ENTRY_BYTES, formatBytes, type ByteProgress } from '../../engines/files/index.ts';
import { IN_MEMORY_MAX_BYTES } from '../../engines/sql/index.ts';
import { filesClient, parseQuestionsOffThread, progressArg, SourceError, stoppable, type FilesClient } from '../files-client.ts';

export { SourceError };

/** The largest question file (dev.json) read. */
export const QUESTION_FILE_MAX_BYTES = 256 * 2 ** 20;

/** How one file is read: its byte cap and progress. */
export interface ReadOptions {
  readonly maxBytes?: number;
  readonly onProgress?: ByteProgress;
}

/** A set of files by relative path. `read` throws a {@link SourceError} for a file past its cap. */
export interface FileSource {
  readonly name: string;
  readonly paths: readonly string[];
  read(path: string, options?: ReadOptions): Promise<Uint8Array | null>;
  /** The file itself when the source holds files on disk (a picked folder), so a big database is read on demand. */
  file?(path: string): File | null;
}

/**
 * Files chosen with `<input webkitdirectory>` (paths start with the folder's name).
 *
 * @example const src = folderSource(input.files!);
 */
export function folderSource(files: FileList | readonly File[]): FileSource {
  const byPath = new Map<string, File>();
  for (const f of Array.from(files)) byPath.set(f.webkitRelativePath || f.name, f);
  const first = [...byPath.keys()][0] ?? 'folder';
  return {
    name: first.includes('/') ? first.slice(0, first.indexOf('/')) : 'folder',
    paths: [...byPath.keys()],
    read: async (path, options = {}) => {
      const f = byPath.get(path);
      if (!f) return null;
      const max = options.maxBytes ?? ZIP_MAX_ENTRY_BYTES;
      if (f.size > max) throw new SourceError('TOO_LARGE', `${path} is ${formatBytes(f.size)}; the limit is ${formatBytes(max)}`);
      return new Uint8Array(await f.arrayBuffer());
    },
    file: (path) => byPath.get(path) ?? null,
  };
}

/** The worker of the zip source opened last (one zip is open at a time). */
let openZipClient: FilesClient | null = null;

/**
 * A zip file's entries, listed and later inflated one at a time in the
 * bench-files worker, under the entry-count and byte caps. Throws
 * {@link SourceError} on a file that is not a zip or lists too many entries.
 *
 * @example const src = await zipSource(file);
 */
export async function zipSource(file: File, signal?: AbortSignal): Promise<FileSource> {
  openZipClient?.close();
  const client = filesClient();
  openZipClient = client;
  const paths = await stoppable(client, client.api.openZip(file), signal);
  return {
    name: file.name,
    paths,
    read: async (path, options = {}) =>
      stoppable(client, client.api.readZip(path, options.maxBytes ?? ZIP_MAX_ENTRY_BYTES, progressArg(client, options.onProgress))),
  };
}

/**
 * The bundled demo benchmark (Spider layout: dev.json and database/demo/demo.sqlite).
 *
 * @example const src = demoSource();
 */
export function demoSource(): FileSource {
  const paths = ['demo/dev.json', 'demo/database/demo/demo.sqlite'];
  return {
    name: 'the bundled demo benchmark',
    paths,
    read: async (path) => {
      const r = await fetch(new URL(path, document.baseURI));
      return r.ok ? new Uint8Array(await r.arrayBuffer()) : null;
    },
  };
}

/** A loaded benchmark split. */
export interface LoadedBench {
  readonly source: string;
  readonly layout: BenchLayout;
  readonly split: string;
  readonly splits: readonly string[];
  readonly questions: readonly BenchQuestion[];
  /** db_ids the questions name that have a database file, and those that do not. */
  readonly dbIds: readonly string[];
  readonly missingDbs: readonly string[];
  /**
   * A database: its bytes, or (a big file in a picked folder) the File itself, which the SQL workers read
   * a page at a time; null when absent. Throws {@link SourceError} TOO_LARGE past ZIP_MAX_ENTRY_BYTES for
   * bytes that must be read whole (a zip entry). With `name`, another database of its folder (suite).
   */
  database(dbId: string, name?: string): Promise<Uint8Array | File | null>;
  /**
   * The other databases in that database's folder (Spider's test suites: a label holds only when it holds
   * on each), by file name, sorted; [] when it holds one.
   */
  suite(dbId: string): readonly string[];
}

/** SQLite's side files beside a database: never databases themselves. */
const SIDE_FILE = /-(?:journal|wal|shm)$/;

/**
 * The other databases beside `main` (a path in `paths`): the files of its
 * folder whose name contains `.sqlite`, as test-suite-sql-eval picks them,
 * SQLite's side files left out, sorted by name.
 *
 * @example suiteNames(['d/a/a.sqlite', 'd/a/a_2.sqlite', 'd/a/a.sqlite-journal'], 'd/a/a.sqlite'); // ['a_2.sqlite']
 */
export function suiteNames(paths: readonly string[], main: string): string[] {
  const folder = main.slice(0, main.lastIndexOf('/') + 1);
  const own = main.slice(folder.length);
  return paths
    .filter((p) => p.startsWith(folder) && !p.slice(folder.length).includes('/'))
    .map((p) => p.slice(folder.length))
    .filter((n) => n.includes('.sqlite') && n !== own && !SIDE_FILE.test(n))
    .sort();
}

export type BenchLoad = { readonly ok: true; readonly bench: LoadedBench } | { readonly ok: false; readonly message: string };

/** How a benchmark is loaded: an abort signal (Stop) and progress in words. */
export interface LoadOptions {
  readonly signal?: AbortSignal;
  /** `fraction` in 0..1, or null when unknown. */
  readonly onProgress?: (fraction: number | null, text: string) => void;
}

/**
 * Finds and parses a benchmark split in `source` (default: `dev` when present).
 * The question file is read under {@link QUESTION_FILE_MAX_BYTES} and parsed
 * off the main thread; a file past a cap is a failure in words. Rejects only
 * with the signal's reason when stopped.
 *
 * @example
 * const r = await loadBench(await zipSource(file));
 * if (r.ok) r.bench.questions.length;
 */
export async function loadBench(source: FileSource, split?: string, options: LoadOptions = {}): Promise<BenchLoad> {
  const found = locateBenchmarks(source.paths)[0];
  if (!found)
    return {
      ok: false,
      message: `No benchmark in ${source.name}: expected a question file such as dev.json next to database/<db_id>/<db_id>.sqlite (Spider) or dev_databases/<db_id>/<db_id>.sqlite (BIRD).`,
    };
  const chosen = split !== undefined && found.splits.includes(split) ? split : found.splits[0]!;
  const file = `${found.root}${chosen}.json`;
  let parsed;
  try {
    const bytes = await source.read(file, {
      maxBytes: QUESTION_FILE_MAX_BYTES,
      onProgress: (done, total) => options.onProgress?.(total > 0 ? done / total : null, `${file}: ${formatBytes(done)} read`),
    });
    if (!bytes) return { ok: false, message: `${file} could not be read.` };
    options.signal?.throwIfAborted();
    options.onProgress?.(null, `parsing ${file}`);
    parsed = await parseQuestionsOffThread(bytes, file, chosen, options.signal);
  } catch (e) {
    if (e instanceof SourceError) return { ok: false, message: e.message };
    throw e;
  }
  const have = new Set(source.paths);
  const pathOf = (dbId: string): string | undefined =>
    databasePaths(parsed.layout, chosen, dbId)
      .map((p) => found.root + p)
      .find((p) => have.has(p));
  const all = [...new Set(parsed.questions.map((q) => q.db_id))];
  return {
    ok: true,
    bench: {
      source: source.name,
      layout: parsed.layout,
      split: chosen,
      splits: found.splits,
      questions: parsed.questions,
      dbIds: all.filter((d) => pathOf(d) !== undefined),
      missingDbs: all.filter((d) => pathOf(d) === undefined),
      suite: (dbId) => {
        const p = pathOf(dbId);
        return p === undefined ? [] : suiteNames(source.paths, p);
      },
      database: async (dbId, name) => {
        const main = pathOf(dbId);
        if (main === undefined) return null;
        if (name !== undefined && !suiteNames(source.paths, main).includes(name)) return null;
        const p = name === undefined ? main : main.slice(0, main.lastIndexOf('/') + 1) + name;
        const onDisk = source.file?.(p) ?? null;
        if (onDisk !== null && onDisk.size > IN_MEMORY_MAX_BYTES) return onDisk;
        return source.read(p, { maxBytes: ZIP_MAX_ENTRY_BYTES });
      },
    },
  };
}
