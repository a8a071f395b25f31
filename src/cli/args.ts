/**
 * Argument parsing for `confide` subcommands, over node:util's parseArgs, with
 * errors that name the flag. A subcommand declares its flags once; help text
 * is generated from the same declaration.
 */
import { parseArgs } from 'node:util';
import { nearestNames } from '../core/text/nearest-name.ts';

export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly help: string;
  readonly default?: string | boolean;
  readonly required?: boolean;
  readonly multiple?: boolean;
}

export interface CommandSpec {
  readonly name: string;
  readonly summary: string;
  readonly flags: Readonly<Record<string, FlagSpec>>;
}

/** A usage error: the CLI prints its message and where to find the flags, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * The name in `names` nearest to `given`, or null when none is near: within a
 * third of its length in edits (at least 2), or one that starts with it
 * (core/text's nearestNames; the first of equally near names).
 *
 * @example
 * nearestName(['label', 'eval'], 'lable'); // 'label'
 */
export function nearestName(names: readonly string[], given: string): string | null {
  return nearestNames(names, given, { minEdits: 2, prefix: true })[0] ?? null;
}

/**
 * The flag of `spec` nearest to `given` (a name without dashes), or null when none is near.
 *
 * @example
 * nearestFlag(spec, 'candidate'); // 'candidates'
 */
export const nearestFlag = (spec: CommandSpec, given: string): string | null => nearestName(Object.keys(spec.flags), given);

/** The UsageError for a flag the command does not have (as typed), with the nearest one it has. */
function unknownFlag(spec: CommandSpec, name: string, rawName: string): UsageError {
  const near = nearestFlag(spec, name);
  return new UsageError(`unknown flag ${rawName}${near === null ? '' : `; did you mean --${near}?`}`);
}

export type ParsedFlags = Record<string, string | boolean | string[] | undefined>;

/**
 * Parses argv against a spec; unknown flags and missing required ones throw UsageError.
 *
 * @example
 * parseFlags(spec, ['--db', 'x.sqlite']); // { db: 'x.sqlite' }
 */
export function parseFlags(spec: CommandSpec, argv: readonly string[]): ParsedFlags {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; default?: string | boolean }> = {};
  for (const [name, f] of Object.entries(spec.flags)) {
    options[name] = { type: f.type, ...(f.multiple ? { multiple: true } : {}), ...(f.default !== undefined ? { default: f.default } : {}) };
  }
  // A lenient pass first, so a flag the command lacks is named with the nearest one it has.
  const { tokens } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: false, tokens: true });
  for (const t of tokens) if (t.kind === 'option' && !Object.hasOwn(spec.flags, t.name)) throw unknownFlag(spec, t.name, t.rawName);
  let values: ParsedFlags;
  try {
    values = parseArgs({ args: [...argv], options, allowPositionals: false, strict: true }).values as ParsedFlags;
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  for (const [name, f] of Object.entries(spec.flags)) {
    if (f.required && values[name] === undefined) throw new UsageError(`missing required flag --${name}`);
  }
  return values;
}

/** Reads a numeric flag, with a clear error for non-numbers. */
export function numberFlag(values: ParsedFlags, name: string, fallback: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got ${JSON.stringify(raw)}`);
  return n;
}

/** Renders the help text of one command from its spec. */
export function helpText(spec: CommandSpec): string {
  const lines = [`confide ${spec.name}: ${spec.summary}`, '', 'Flags:'];
  for (const [name, f] of Object.entries(spec.flags)) {
    const def = f.default !== undefined ? ` (default ${String(f.default)})` : '';
    lines.push(`  --${name}${f.type === 'string' ? ' VALUE' : ''}${f.required ? ' (required)' : ''}  ${f.help}${def}`);
  }
  return lines.join('\n');
}

/**
 * Runs a stand-alone script's body with parsed flags: `--help` prints the
 * help (exit 0), a usage error prints it with the message (exit 2).
 *
 * @example
 * process.exitCode = await runWithFlags(spec, process.argv.slice(2), async (flags) => { …; return 0; });
 */
export async function runWithFlags(spec: CommandSpec, argv: readonly string[], body: (flags: ParsedFlags) => Promise<number>): Promise<number> {
  if (argv.includes('--help')) {
    console.log(helpText(spec));
    return 0;
  }
  let flags: ParsedFlags;
  try {
    flags = parseFlags(spec, argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n\n${helpText(spec)}`);
    return 2;
  }
  return body(flags);
}
