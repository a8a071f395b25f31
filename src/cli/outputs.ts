/**
 * Outputs never alias inputs. Before a command reads or writes anything, every
 * output path it was given (`--out`, `--json`, `--per-question`, `--report`)
 * is compared by real path (symlinks followed; hard links by device and inode)
 * with every input (the benchmark's question and schema files, the candidate
 * file, the model and its sidecar) and with the other outputs, and refused if
 * it is one of them or lies inside the benchmark's database folder. Writes
 * themselves stay atomic (node/files.ts).
 */
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isInside } from '../node/bench-paths.ts';

/** Why an output path was refused. */
export type OutputPathErrorCode =
  | 'OUTPUT_IS_INPUT' // the output is one of the command's input files
  | 'OUTPUT_IN_BENCH' // the output lies inside the benchmark's database folder
  | 'OUTPUT_TWICE'; // two outputs are the same file

/** An output path the command refuses to write; main prints `code: message`, exit 1. */
export class OutputPathError extends Error {
  override readonly name = 'OutputPathError';
  constructor(readonly code: OutputPathErrorCode, message: string) {
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
  /** The benchmark folder and split: its question file and tables.json are inputs, its database folders off limits. */
  readonly bench?: { readonly dir: string; readonly split: string };
}

/**
 * Throws {@link OutputPathError} when an output would overwrite an input,
 * another output, or anything inside the benchmark's database folders.
 *
 * @example
 * guardOutputs({ outputs: [{ flag: '--json', path: 'r.json' }], inputs: [{ flag: '--candidates', path: 'c.jsonl' }], bench: { dir: 'bench', split: 'dev' } });
 */
export function guardOutputs(check: OutputCheck): void {
  const inputs = check.inputs.filter((i): i is FlagPath => i !== undefined);
  const outputs = check.outputs.filter((o): o is FlagPath => o !== undefined);
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
        throw new OutputPathError('OUTPUT_IS_INPUT', `${out.flag} ${out.path} is the input ${input.flag} ${input.path}: writing it would destroy it; choose another file`);
      }
    }
    for (const folder of folders) {
      if (isInside(id.real, folder)) {
        throw new OutputPathError('OUTPUT_IN_BENCH', `${out.flag} ${out.path} lies inside the benchmark's database folder ${folder}: outputs never go there; choose another folder`);
      }
    }
    const twin = seen.find((s) => sameFile(s.id, id));
    if (twin) throw new OutputPathError('OUTPUT_TWICE', `${out.flag} ${out.path} is the same file as ${twin.flag}: give each output its own file`);
    seen.push({ flag: out.flag, id });
  }
}

/** A flag's path, or undefined when the flag was not given. */
export function flagPath(flags: Readonly<Record<string, unknown>>, name: string): FlagPath | undefined {
  const v = flags[name];
  return typeof v === 'string' ? { flag: `--${name}`, path: v } : undefined;
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
