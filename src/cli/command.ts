/**
 * What every `confide` subcommand is: its flags (a spec from specs.ts) and
 * the function that runs it, returning the process exit code. main.ts
 * dispatches over the list in commands.ts; each command's file exports one.
 */
import type { CommandSpec } from './args.ts';

export interface Command {
  readonly spec: CommandSpec;
  run(argv: readonly string[]): Promise<number>;
}
