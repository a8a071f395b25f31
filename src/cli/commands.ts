/**
 * Every `confide` subcommand, in the order `confide --help` lists them: its
 * flags (specs.ts) at once, its code loaded only when it runs, so help and
 * usage errors load none of the engines.
 */
import type { CommandSpec } from './args.ts';
import type { Command } from './command.ts';
import { ASK_SPEC, CURATE_SPEC, EVAL_SPEC, LABEL_SPEC, SCHEMA_SPEC, SYNTH_SPEC } from './specs.ts';

/** A command whose `run` loads its module on first use. */
const loadedOnRun = (spec: CommandSpec, load: () => Promise<Command>): Command => ({ spec, run: async (argv) => (await load()).run(argv) });

export const COMMANDS: readonly Command[] = [
  loadedOnRun(SCHEMA_SPEC, async () => (await import('./commands/schema.ts')).schemaCommand),
  loadedOnRun(LABEL_SPEC, async () => (await import('./commands/label.ts')).labelCommand),
  loadedOnRun(EVAL_SPEC, async () => (await import('./commands/eval.ts')).evalCommand),
  loadedOnRun(ASK_SPEC, async () => (await import('./commands/ask.ts')).askCommand),
  loadedOnRun(SYNTH_SPEC, async () => (await import('./commands/synth.ts')).synthCommand),
  loadedOnRun(CURATE_SPEC, async () => (await import('./commands/curate.ts')).curateCommand),
];
