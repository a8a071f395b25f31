/**
 * Where a benchmark's database files may be, contained by construction: a
 * db_id must be a name (core/bench/db-id.ts), and the file found for it must
 * have its real path (every symlink followed) inside the real path of the
 * benchmark's database folder (`database/`, or `<split>_databases/` for BIRD;
 * for a labeled file from any layout, ORM training's anyDatabasePaths).
 * A file that leads out, even through a symlinked folder, is refused with
 * OUTSIDE_BENCH instead of being read; a folder, FIFO or device where the
 * database file should be, with NOT_A_FILE. The same holds for the other
 * databases of a question's folder (a test suite: suiteFiles), whose names
 * are read from the folder.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve, sep, isAbsolute } from 'node:path';
import { dbIdProblem } from '../core/bench/db-id.ts';
import { BenchFileError } from '../core/bench/errors.ts';
import { notAFile } from './file-kind.ts';

/**
 * True when `child` (a real path) is `folder` (a real path) or inside it.
 *
 * @example isInside('/b/database/a/a.sqlite', '/b/database'); // true
 */
export function isInside(child: string, folder: string): boolean {
  const rel = relative(folder, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * The real path of `dbId`'s database file, the first of `tries` (paths
 * relative to `dir`, each `<folder>/<db_id>/<db_id>.sqlite`: databasePaths or
 * anyDatabasePaths) that holds a regular file; null when none does.
 * Throws BenchFileError OUTSIDE_BENCH when `dbId` is not a name, or when the
 * file found (or what a symlink there points at) lies outside its database
 * folder (`<folder>`: `database/`, `<split>_databases/`, or `dir` itself).
 *
 * @example locateDatabase('public/demo', 'demo', databasePaths('spider', 'dev', 'demo')); // '/…/public/demo/database/demo/demo.sqlite'
 */
export function locateDatabase(dir: string, dbId: string, tries: readonly string[]): string | null {
  return locateDatabaseTry(dir, dbId, tries)?.path ?? null;
}

/**
 * The same, with the try (`<folder>/<db_id>/<db_id>.sqlite`, relative to `dir`) that found it.
 *
 * @example locateDatabaseTry('public/demo', 'demo', ['database/demo/demo.sqlite'])?.tried; // 'database/demo/demo.sqlite'
 */
export function locateDatabaseTry(dir: string, dbId: string, tries: readonly string[]): { path: string; tried: string } | null {
  const problem = dbIdProblem(dbId);
  if (problem !== undefined)
    throw new BenchFileError({ code: 'OUTSIDE_BENCH', file: dir, field: 'db_id', problem: `${JSON.stringify(dbId.slice(0, 80))} ${problem}` });
  for (const rel of tries) {
    const folder = resolve(dir, rel, '..', '..');
    const candidate = join(folder, dbId, `${dbId}.sqlite`);
    const real = realOrNull(candidate);
    if (real === null) continue;
    const realFolder = realOrNull(folder);
    if (realFolder === null || !isInside(real, realFolder)) {
      throw new BenchFileError({
        code: 'OUTSIDE_BENCH',
        file: dir,
        problem: `refuses database "${dbId}": ${rel} leads to ${real}, outside the benchmark's database folder ${realFolder ?? folder}`,
      });
    }
    if (statSync(real).isFile()) return { path: real, tried: rel };
  }
  return refuseNotAFile(dir, dbId, tries);
}

/**
 * After no try held a regular file: null when none holds anything (the
 * database is missing), else NOT_A_FILE naming the path and what is there (a
 * folder, a FIFO, a device), rather than the questions skipped as if their
 * database were missing ("no gold SQL").
 */
function refuseNotAFile(dir: string, dbId: string, tries: readonly string[]): null {
  for (const rel of tries) {
    const real = realOrNull(join(resolve(dir, rel, '..', '..'), dbId, `${dbId}.sqlite`));
    const kind = real === null ? null : notAFile(statSync(real));
    if (kind !== null)
      throw new BenchFileError({
        code: 'NOT_A_FILE',
        file: dir,
        problem: `database "${dbId}": ${rel} is ${kind}, not a database file; put the SQLite file there`,
      });
  }
  return null;
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** One more database in a question's folder (Spider's test suites). */
export interface SuiteFile {
  /** Its name in the folder, e.g. `concert_singer_2.sqlite`. */
  readonly name: string;
  /** Its real path, inside the benchmark's database folder. */
  readonly path: string;
}

/** SQLite's side files beside a database: never databases themselves. */
const SIDE_FILE = /-(?:journal|wal|shm)$/;

/**
 * The other databases in the folder of `main` (the real path locateDatabase
 * found, `<folder>/<db_id>/<db_id>.sqlite` with `folder` as tried, relative
 * to `dir`): every regular file whose name contains `.sqlite`, as
 * test-suite-sql-eval picks them, except SQLite's `-journal`, `-wal` and
 * `-shm` side files, sorted by name. The names come from the folder, never
 * from the data; each must have its real path inside the real database
 * folder, or the benchmark is refused with OUTSIDE_BENCH.
 *
 * @example suiteFiles('spider', 'concert_singer', 'database/concert_singer/concert_singer.sqlite'); // [{ name: 'concert_singer_2.sqlite', path: '…' }]
 */
export function suiteFiles(dir: string, dbId: string, tried: string): SuiteFile[] {
  const folder = resolve(dir, tried, '..', '..');
  const own = join(folder, dbId);
  const realFolder = realOrNull(folder);
  let names: string[];
  try {
    names = readdirSync(own);
  } catch {
    return [];
  }
  const out: SuiteFile[] = [];
  for (const name of names.filter((n) => n.includes('.sqlite') && n !== `${dbId}.sqlite` && !SIDE_FILE.test(n)).sort()) {
    const real = realOrNull(join(own, name));
    if (real === null) continue;
    if (realFolder === null || !isInside(real, realFolder)) {
      throw new BenchFileError({
        code: 'OUTSIDE_BENCH',
        file: dir,
        problem: `refuses database "${dbId}/${name}": it leads to ${real}, outside the benchmark's database folder ${realFolder ?? folder}`,
      });
    }
    if (statSync(real).isFile()) out.push({ name, path: real });
  }
  return out;
}
