/**
 * Benchmark folders and candidate files on disk (Node only): reads the text,
 * hands it to the pure parsers in src/core/bench, checks which database files
 * exist, writes candidate files atomically.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { databasePaths, parseBenchmark, type BenchLayout } from '../core/bench/benchmark.ts';
import { candidateFileParser, serializeCandidateFile } from '../core/bench/candidate-file.ts';
import { BenchFileError } from '../core/bench/errors.ts';
import type { BenchQuestion, QuestionRecord } from '../core/bench/types.ts';
import { locateDatabaseTry, suiteFiles, type SuiteFile } from './bench-paths.ts';
import { writeFileAtomic } from './files.ts';
import { InputFileError, readInputText } from './input-file.ts';

/** The largest question file (`<split>.json`) read; it is read whole. */
export const QUESTION_FILE_MAX_BYTES = 256 * 2 ** 20;

/** A benchmark split with its database files located. */
export interface LoadedBenchmark {
  readonly layout: BenchLayout;
  /** The question file read, e.g. `<dir>/dev.json`. */
  readonly file: string;
  /** Questions whose database file exists, in file order (ids keep the file index). */
  readonly questions: BenchQuestion[];
  /**
   * Real path of a database, inside the benchmark's database folder; throws
   * BenchFileError UNKNOWN_DB when none exists, OUTSIDE_BENCH when the name is
   * a path or the file's real path (symlinks followed) leaves that folder.
   */
  dbPath(dbId: string): string;
  /**
   * The other databases in that database's folder (Spider's test suites: a
   * label holds only when it holds on each), sorted by name; [] when it holds
   * one or the database is absent.
   */
  suite(dbId: string): readonly SuiteFile[];
  /** Databases named by questions but absent, with how many questions each lost. */
  readonly missingDbs: { db_id: string; questions: number }[];
  /** How many questions were skipped for a missing database. */
  readonly skipped: number;
}

/**
 * Reads `<dir>/<split>.json` (Spider or BIRD layout), locates each database,
 * and skips the questions whose database file is missing. A question whose
 * database (or a test-suite database beside it) resolves outside the
 * benchmark's database folder (a symlink out) fails the whole load with
 * OUTSIDE_BENCH.
 *
 * @example
 * const bench = await loadBenchmark('../shared/data/spider');
 * bench.questions.length; // 972 on Spider dev without wta_1
 * bench.dbPath('concert_singer');
 */
export async function loadBenchmark(dir: string, options: { split?: string } = {}): Promise<LoadedBenchmark> {
  const split = options.split ?? 'dev';
  const file = join(dir, `${split}.json`);
  let text: string;
  try {
    text = await readInputText({ flag: '--bench', path: file }, QUESTION_FILE_MAX_BYTES);
  } catch (e) {
    if (!(e instanceof InputFileError) || e.code !== 'INPUT_NOT_FOUND') throw e;
    throw new BenchFileError({ code: 'NOT_FOUND', file, problem: `does not exist: expected the "${split}" split as ${split}.json` });
  }
  const { layout, questions } = parseBenchmark(text, { file, split });
  const located = new Map<string, { path: string; suite: SuiteFile[] } | null>();
  const found = (dbId: string): { path: string; suite: SuiteFile[] } | null => {
    if (!located.has(dbId)) {
      const at = locateDatabaseTry(dir, dbId, databasePaths(layout, split, dbId));
      located.set(dbId, at === null ? null : { path: at.path, suite: suiteFiles(dir, dbId, at.tried) });
    }
    return located.get(dbId)!;
  };
  const locate = (dbId: string): string | null => found(dbId)?.path ?? null;
  const lost = new Map<string, number>();
  const usable = questions.filter((q) => {
    if (locate(q.db_id) !== null) return true;
    lost.set(q.db_id, (lost.get(q.db_id) ?? 0) + 1);
    return false;
  });
  const dbPath = (dbId: string): string => {
    const path = locate(dbId);
    if (path !== null) return path;
    const tried = databasePaths(layout, split, dbId).join(' or ');
    throw new BenchFileError({ code: 'UNKNOWN_DB', file: dir, problem: `has no database "${dbId}" (looked for ${tried})` });
  };
  return {
    layout,
    file,
    questions: usable,
    dbPath,
    suite: (dbId) => found(dbId)?.suite ?? [],
    missingDbs: [...lost].map(([db_id, n]) => ({ db_id, questions: n })),
    skipped: questions.length - usable.length,
  };
}

/**
 * Reads and parses a candidate file as a stream (never one string, so a file
 * larger than a string can hold is read, or refused naming its line);
 * errors name this path and the line.
 *
 * @example
 * const records = await readCandidateFile('runs/dev.jsonl');
 */
export async function readCandidateFile(path: string): Promise<QuestionRecord[]> {
  const parser = candidateFileParser(path);
  try {
    for await (const piece of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) parser.push(piece as string);
  } catch (e) {
    if (e instanceof BenchFileError) throw e;
    throw new BenchFileError({ code: 'NOT_FOUND', file: path, problem: `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` });
  }
  return parser.end();
}

/**
 * Writes a candidate file atomically (checked first: a bad record throws and
 * leaves the old file untouched).
 *
 * @example
 * await writeCandidateFileAtomic('runs/dev.jsonl', records);
 */
export async function writeCandidateFileAtomic(path: string, records: readonly QuestionRecord[]): Promise<void> {
  await writeFileAtomic(path, serializeCandidateFile(records, path));
}
