/**
 * `confide`: the command line over the same core and engines as the app.
 * Each subcommand is a thin shell in its own file; this file only dispatches
 * and says what went wrong: a usage error in one line with where to find the
 * flags (exit 2; a mistyped command or flag names the nearest one); a typed
 * failure as `code: message`, once (exit 1); anything else as one line too,
 * never a stack trace (set CONFIDE_DEBUG=1 to see it).
 */
import { helpText, nearestName, UsageError } from './args.ts';
import { COMMANDS } from './commands.ts';
import { errnoWords } from '../node/input-file.ts';
import { versionLine } from './version.ts';

function usage(): string {
  const rows = COMMANDS.map((c) => `  ${c.spec.name.padEnd(10)} ${c.spec.summary}`);
  return [
    'Usage: confide <command> [flags]',
    '',
    'Commands:',
    ...rows,
    '',
    'Run `confide <command> --help` for its flags, `confide --version` for the version.',
  ].join('\n');
}

/** A Node file-system error (ENOENT, EISDIR …): its code is the errno's, its message repeats it. */
const isSystemError = (e: NodeJS.ErrnoException): boolean => typeof e.errno === 'number' || typeof e.syscall === 'string';

/**
 * What to print for a failure of `confide <name>`, and the exit code.
 *
 * @example
 * failureText('ask', new UsageError('unknown flag --candidate; did you mean --candidates?')); // { text: 'confide ask: unknown flag …\nRun `confide ask --help` for its flags.', code: 2 }
 */
export function failureText(name: string, e: unknown): { text: string; code: number } {
  if (e instanceof UsageError) return { text: `confide ${name}: ${e.message}\nRun \`confide ${name} --help\` for its flags.`, code: 2 };
  const err = (typeof e === 'object' && e !== null ? e : {}) as NodeJS.ErrnoException;
  if (isSystemError(err)) {
    const where = typeof err.path === 'string' ? ` ${err.path}` : '';
    return { text: `confide ${name}: cannot ${err.syscall ?? 'use'}${where}: ${errnoWords(err)}`, code: 1 };
  }
  if (typeof err.code === 'string' && typeof err.message === 'string') return { text: `confide ${name}: ${err.code}: ${err.message}`, code: 1 };
  const message = e instanceof Error ? e.message : String(e);
  const debug = process.env.CONFIDE_DEBUG === '1' && e instanceof Error && e.stack !== undefined ? `\n${e.stack}` : '';
  return { text: `confide ${name}: an internal error stopped the command: ${message}${debug}\n(set CONFIDE_DEBUG=1 to see where; please report it)`, code: 1 };
}

/** Runs the CLI with the given arguments and returns the process exit code; never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    process.stdout.write(versionLine() + '\n');
    return 0;
  }
  const command = COMMANDS.find((c) => c.spec.name === name);
  if (!command) {
    const near = nearestName(
      COMMANDS.map((c) => c.spec.name),
      name,
    );
    process.stderr.write(`confide: unknown command "${name}"${near === null ? '' : `; did you mean "${near}"?`}\n\n${usage()}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(helpText(command.spec) + '\n');
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    const { text, code } = failureText(name, e);
    process.stderr.write(text + '\n');
    return code;
  }
}
