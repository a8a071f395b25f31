/**
 * `confide`: the command line over the same core and engines as the app.
 * Each subcommand is a thin shell in its own file; this file only dispatches.
 */
import { helpText, UsageError, type CommandSpec } from './args.ts';
import { COMMANDS } from './commands.ts';

export interface Command {
  readonly spec: CommandSpec;
  run(argv: readonly string[]): Promise<number>;
}

function usage(): string {
  const rows = COMMANDS.map((c) => `  ${c.spec.name.padEnd(10)} ${c.spec.summary}`);
  return ['Usage: confide <command> [flags]', '', 'Commands:', ...rows, '', 'Run `confide <command> --help` for its flags.'].join('\n');
}

/** Runs the CLI with the given arguments and returns the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.spec.name === name);
  if (!command) {
    process.stderr.write(`confide: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(helpText(command.spec) + '\n');
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`confide ${name}: ${e.message}\n\n${helpText(command.spec)}\n`);
      return 2;
    }
    const err = e as { code?: unknown; message?: unknown };
    if (typeof err?.code === 'string' && typeof err.message === 'string') {
      process.stderr.write(`confide ${name}: ${err.code}: ${err.message}\n`);
      return 1;
    }
    throw e;
  }
}
