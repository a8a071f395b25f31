/**
 * Where a benchmark's files come from: a folder picked with the directory
 * picker (read lazily through File objects), a zip (listed once, each file
 * inflated when read), or the bundled demo (fetched from the app's origin).
 * Then the benchmark itself: its question file parsed (Spider or BIRD) and
 * each database's bytes on demand.
 */
import { unzipSync } from 'fflate';
import { databasePaths, parseBenchmark, type BenchLayout } from '../../core/bench/index.ts';
import { BenchFileError } from '../../core/bench/index.ts';
import type { BenchQuestion } from '../../core/bench/index.ts';
import { locateBenchmarks } from '../../core/bench/index.ts';

/** A set of files by relative path. */
export interface FileSource {
  readonly name: string;
  readonly paths: readonly string[];
  read(path: string): Promise<Uint8Array | null>;
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
    read: async (path) => {
      const f = byPath.get(path);
      return f ? new Uint8Array(await f.arrayBuffer()) : null;
    },
  };
}

/**
 * A zip file's entries (question files and databases only). Throws on a file
 * that is not a zip.
 *
 * @example const src = await zipSource(file);
 */
export async function zipSource(file: File): Promise<FileSource> {
  const data = new Uint8Array(await file.arrayBuffer());
  const paths: string[] = [];
  unzipSync(data, {
    filter: (f) => {
      if (!f.name.endsWith('/')) paths.push(f.name);
      return false;
    },
  });
  return {
    name: file.name,
    paths,
    read: async (path) => unzipSync(data, { filter: (f) => f.name === path })[path] ?? null,
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
  database(dbId: string): Promise<Uint8Array | null>;
}

export type BenchLoad = { readonly ok: true; readonly bench: LoadedBench } | { readonly ok: false; readonly message: string };

/**
 * Finds and parses a benchmark split in `source` (default: `dev` when present).
 *
 * @example
 * const r = await loadBench(await zipSource(file));
 * if (r.ok) r.bench.questions.length;
 */
export async function loadBench(source: FileSource, split?: string): Promise<BenchLoad> {
  const found = locateBenchmarks(source.paths)[0];
  if (!found) return { ok: false, message: `No benchmark in ${source.name}: expected a question file such as dev.json next to database/<db_id>/<db_id>.sqlite (Spider) or dev_databases/<db_id>/<db_id>.sqlite (BIRD).` };
  const chosen = split !== undefined && found.splits.includes(split) ? split : found.splits[0]!;
  const file = `${found.root}${chosen}.json`;
  const bytes = await source.read(file);
  if (!bytes) return { ok: false, message: `${file} could not be read.` };
  let parsed;
  try {
    parsed = parseBenchmark(new TextDecoder().decode(bytes), { file, split: chosen });
  } catch (e) {
    if (e instanceof BenchFileError) return { ok: false, message: e.message };
    throw e;
  }
  const have = new Set(source.paths);
  const pathOf = (dbId: string): string | undefined => databasePaths(parsed.layout, chosen, dbId).map((p) => found.root + p).find((p) => have.has(p));
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
      database: async (dbId) => {
        const p = pathOf(dbId);
        return p === undefined ? null : source.read(p);
      },
    },
  };
}
