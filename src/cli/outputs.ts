/**
 * Outputs are checked before a command reads or writes anything. Each output
 * path it was given (`--out`, `--json`, `--per-question`, `--report`) must be
 * a regular file or a new name in a folder that exists and can be written
 * (a FIFO, folder, device, a symlink to anything but a regular file, or a
 * file of a kernel file system such as /proc is refused; a symlink to a
 * regular file is written through); and it never aliases an input: it is
 * compared by real path (symlinks followed; hard links by device and inode)
 * with every input (the benchmark's question and schema files, the candidate
 * file, the model and its sidecar, a database and its SQLite sidecars
 * `-wal`, `-shm` and `-journal`) and with the other outputs, and refused if
 * it is one of them or lies inside the benchmark's database folder. Every
 * refusal names the path the person gave. Writes themselves stay atomic
 * (node/files.ts).
 */
import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isInside } from '../node/bench-paths.ts';
import { kernelFileSystem, notAFile } from '../node/file-kind.ts';
import { errnoWords } from '../node/input-file.ts';
import type { StringFlagName } from './args.ts';

/** Why an output path was refused. */
export type OutputPathErrorCode =
  | 'OUTPUT_IS_INPUT' // the output is one of the command's input files (or a database's -wal, -shm, -journal)
  | 'OUTPUT_IN_BENCH' // the output lies inside the benchmark's database folder
  | 'OUTPUT_TWICE' // two outputs are the same file
  | 'OUTPUT_NOT_A_FILE' // a folder, FIFO, device, socket, kernel file, or a symlink to one (or to nothing)
  | 'OUTPUT_NO_FOLDER' // the folder it would go in does not exist
  | 'OUTPUT_NOT_WRITABLE'; // the folder it would go in cannot be written

/** An output path the command refuses to write; main prints `code: message`, exit 1. */
export class OutputPathError extends Error {
  override readonly name = 'OutputPathError';
  constructor(
    readonly code: OutputPathErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A path given on the command line, with the flag that gave it. */
export interface FlagPath {
  readonly flag: string;
  readonly path: string;
}

/** What a command reads and writes. */
export interface OutputCheck {
  readonly outputs: readonly (FlagPath | undefined)[];
  readonly inputs: readonly (FlagPath | undefined)[];
  /** SQLite databases among the inputs: their `-wal`, `-shm` and `-journal` are inputs too. */
  readonly databases?: readonly (FlagPath | undefined)[];
  /** The benchmark folder and split: its question file and tables.json are inputs, its database folders off limits. */
  readonly bench?: { readonly dir: string; readonly split: string };
}

/** An input to compare outputs with, and (for a database's sidecar) what it is, in words. */
type InputRef = FlagPath & { readonly what?: string };

/** The files SQLite keeps beside a database, with what each holds. */
const SQLITE_SIDECARS: readonly [suffix: string, what: string][] = [
  ['-wal', 'write-ahead log (committed changes not yet in the main file)'],
  ['-shm', 'shared-memory index'],
  ['-journal', 'rollback journal'],
];

/**
 * Throws {@link OutputPathError} when an output is not a regular file or a
 * new name in a writable folder, or would overwrite an input (a database's
 * SQLite sidecars included), another output, or anything inside the
 * benchmark's database folders.
 *
 * @example
 * guardOutputs({ outputs: [{ flag: '--json', path: 'r.json' }], inputs: [{ flag: '--candidates', path: 'c.jsonl' }], bench: { dir: 'bench', split: 'dev' } });
 */
export function guardOutputs(check: OutputCheck): void {
  const inputs: InputRef[] = check.inputs.filter((i): i is FlagPath => i !== undefined);
  const outputs = check.outputs.filter((o): o is FlagPath => o !== undefined);
  for (const out of outputs) checkOutputShape(out);
  for (const db of check.databases ?? []) {
    if (db === undefined) continue;
    inputs.push(db);
    // SQLite names them after the path it opened; a symlinked database's are beside its real file.
    for (const base of new Set([resolve(db.path), realPath(db.path)])) {
      for (const [suffix, what] of SQLITE_SIDECARS)
        inputs.push({ flag: db.flag, path: `${base}${suffix}`, what: `the SQLite ${what} of ${db.flag} ${db.path}` });
    }
  }
  const folders: string[] = [];
  if (check.bench) {
    const { dir, split } = check.bench;
    for (const name of [`${split}.json`, 'tables.json', `${split}_tables.json`]) inputs.push({ flag: '--bench', path: join(dir, name) });
    for (const name of ['database', `${split}_databases`]) folders.push(realPath(join(dir, name)));
  }
  const seen: { flag: string; id: FileId }[] = [];
  for (const out of outputs) {
    const id = fileId(out.path);
    for (const input of inputs) {
      if (sameFile(id, fileId(input.path))) {
        const what = input.what ?? `the input ${input.flag} ${input.path}`;
        throw new OutputPathError('OUTPUT_IS_INPUT', `${out.flag} ${out.path} is ${what}: writing it would destroy it; choose another file`);
      }
    }
    for (const folder of folders) {
      if (isInside(id.real, folder)) {
        throw new OutputPathError(
          'OUTPUT_IN_BENCH',
          `${out.flag} ${out.path} lies inside the benchmark's database folder ${folder}: outputs never go there; choose another folder`,
        );
      }
    }
    const twin = seen.find((s) => sameFile(s.id, id));
    if (twin) throw new OutputPathError('OUTPUT_TWICE', `${out.flag} ${out.path} is the same file as ${twin.flag}: give each output its own file`);
    seen.push({ flag: out.flag, id });
  }
}

/**
 * A flag's path, or undefined when the flag was not given; `name` is one of
 * the flags' string-valued names (a misspelt one does not compile).
 *
 * @example
 * flagPath(parseFlags(LABEL_SPEC, argv), 'out'); // { flag: '--out', path: 'labeled.jsonl' }
 */
export function flagPath<T extends Readonly<Record<string, unknown>>>(flags: T, name: StringFlagName<T>): FlagPath | undefined {
  const v = flags[name];
  return typeof v === 'string' ? { flag: `--${name}`, path: v } : undefined;
}

/**
 * Throws {@link OutputPathError} unless `out` is a regular file (a symlink
 * to one is written through) or a new name in an existing folder that can
 * be written, and not on a kernel file system.
 */
function checkOutputShape(out: FlagPath): void {
  const given = `${out.flag} ${out.path}`;
  let link: Stats | null = null;
  try {
    link = lstatSync(out.path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT' && (e as NodeJS.ErrnoException).code !== 'ENOTDIR')
      throw new OutputPathError('OUTPUT_NOT_WRITABLE', `${given} cannot be checked: ${errnoWords(e)}`);
  }
  let folder: string;
  if (link === null) {
    folder = dirname(resolve(out.path));
    let stats: Stats | null = null;
    try {
      stats = statSync(folder);
    } catch {
      stats = null;
    }
    if (stats === null || !stats.isDirectory()) {
      const where = dirname(out.path);
      throw new OutputPathError(
        'OUTPUT_NO_FOLDER',
        `${given}: the folder ${where} ${stats === null ? 'does not exist' : 'is not a folder'}; create it first or choose another path`,
      );
    }
  } else {
    let target: Stats;
    try {
      target = statSync(out.path);
    } catch {
      throw new OutputPathError(
        'OUTPUT_NOT_A_FILE',
        `${given} is a symbolic link to ${safeReadlink(out.path)}, which does not exist: give a file to write, not a link`,
      );
    }
    const kind = notAFile(target);
    if (kind !== null) {
      const via = link.isSymbolicLink() ? `a symbolic link to ${kind}` : kind;
      const hint = target.isCharacterDevice() || target.isFIFO() ? '; to see the output, leave the flag out where the command prints it' : '';
      throw new OutputPathError('OUTPUT_NOT_A_FILE', `${given} is ${via}, not a file: outputs are written to regular files only${hint}`);
    }
    folder = dirname(realPath(out.path));
  }
  const kernel = kernelFileSystem(folder);
  if (kernel !== null)
    throw new OutputPathError('OUTPUT_NOT_A_FILE', `${given} lies on ${kernel}, a kernel file system: outputs are written to regular files only`);
  try {
    accessSync(folder, constants.W_OK);
  } catch (e) {
    throw new OutputPathError('OUTPUT_NOT_WRITABLE', `${given}: the folder ${dirname(out.path)} cannot be written: ${errnoWords(e)}`);
  }
}

function safeReadlink(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return 'a missing file';
  }
}

interface FileId {
  /** The real path (of the file, or of its folder joined with its name when the file does not exist yet). */
  readonly real: string;
  /** Device and inode when the file exists (catches hard links). */
  readonly inode?: string;
}

function fileId(path: string): FileId {
  const real = realPath(path);
  try {
    const s = statSync(real);
    return { real, inode: `${s.dev}:${s.ino}` };
  } catch {
    return { real };
  }
}

function sameFile(a: FileId, b: FileId): boolean {
  return a.real === b.real || (a.inode !== undefined && a.inode === b.inode);
}

/** The real path, following symlinks; for a path not there yet, its nearest existing folder's real path joined with the rest. */
function realPath(path: string): string {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(realPath(parent), basename(abs));
  }
}
