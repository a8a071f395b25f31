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

/**
 * The value one flag parses to: a `multiple` flag an array, a `boolean` one a
 * boolean, a `string` one a string; for a spec whose flags are not known
 * (typed `CommandSpec`), any of them.
 */
type FlagValue<F extends FlagSpec> = F extends { readonly multiple: true }
  ? F extends { readonly type: 'boolean' }
    ? boolean[]
    : string[]
  : F extends { readonly type: 'boolean' }
    ? boolean
    : F extends { readonly type: 'string' }
      ? string
      : string | boolean | string[];

/** `undefined` when a flag may be left out: it is neither required nor has a default. */
type Absent<F extends FlagSpec> = F extends { readonly required: true } ? never : F extends { readonly default: string | boolean } ? never : undefined;

/**
 * The values of a set of flags as parseFlags gives them, one property per
 * flag, its type read off the flag's declaration.
 *
 * @example
 * const FLAGS = { out: { type: 'string', required: true, help: '' }, json: { type: 'boolean', help: '' } } as const;
 * type V = FlagValues<typeof FLAGS>; // { readonly out: string; readonly json: boolean | undefined }
 */
export type FlagValues<Flags extends CommandSpec['flags']> = { readonly [K in keyof Flags]: FlagValue<Flags[K]> | Absent<Flags[K]> };

/**
 * The flags of a command as parseFlags gives them: for a spec declared
 * `as const satisfies CommandSpec`, a flag that is `required` or has a
 * `default` is always there (string or boolean by its `type`), a `multiple`
 * one is an array, any other may be `undefined`, and a name the spec lacks
 * is a compile error. `ParsedFlags` alone (any spec) maps every name to any value.
 *
 * @example
 * const flags: ParsedFlags<typeof ASK_SPEC> = parseFlags(ASK_SPEC, argv);
 * flags.candidates; // string (required)
 * flags.db; // string | undefined
 * flags['no-orm']; // boolean (default false)
 */
export type ParsedFlags<S extends CommandSpec = CommandSpec> = FlagValues<S['flags']>;

/**
 * The names in a set of parsed flags whose value may be a string (not the
 * boolean or `multiple` ones): a misspelt name is a compile error.
 *
 * @example
 * const name: StringFlagName<ParsedFlags<typeof ASK_SPEC>> = 'risk';
 */
export type StringFlagName<T> = { [K in keyof T]-?: string extends T[K] ? K : never }[keyof T] & string;

/**
 * Parses argv against a spec; unknown flags and missing required ones throw UsageError.
 *
 * @example
 * parseFlags(spec, ['--db', 'x.sqlite']); // { db: 'x.sqlite' }
 */
export function parseFlags<S extends CommandSpec>(spec: S, argv: readonly string[]): ParsedFlags<S> {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; default?: string | boolean }> = {};
  for (const [name, f] of Object.entries(spec.flags)) {
    options[name] = { type: f.type, ...(f.multiple ? { multiple: true } : {}), ...(f.default !== undefined ? { default: f.default } : {}) };
  }
  // A lenient pass first, so a flag the command lacks is named with the nearest one it has.
  const { tokens } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: false, tokens: true });
  for (const t of tokens) if (t.kind === 'option' && !Object.hasOwn(spec.flags, t.name)) throw unknownFlag(spec, t.name, t.rawName);
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    values = parseArgs({ args: [...argv], options, allowPositionals: false, strict: true }).values;
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  for (const [name, f] of Object.entries(spec.flags)) {
    if (f.required && values[name] === undefined) throw new UsageError(`missing required flag --${name}`);
  }
  // Each value has its flag's type (node:util checked it), defaults are filled in and required flags checked above.
  return values as ParsedFlags<S>;
}

/**
 * Reads a numeric flag, with a clear error for non-numbers.
 *
 * @example
 * numberFlag(parseFlags(SYNTH_SPEC, ['--n', '4']), 'n', 8); // 4
 */
export function numberFlag<T extends Readonly<Record<string, unknown>>>(values: T, name: StringFlagName<T>, fallback: number): number {
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
export async function runWithFlags<S extends CommandSpec>(spec: S, argv: readonly string[], body: (flags: ParsedFlags<S>) => Promise<number>): Promise<number> {
  if (argv.includes('--help')) {
    console.log(helpText(spec));
    return 0;
  }
  let flags: ParsedFlags<S>;
  try {
    flags = parseFlags(spec, argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n\n${helpText(spec)}`);
    return 2;
  }
  return body(flags);
}
