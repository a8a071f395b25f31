/** Every `confide` subcommand, in the order `confide --help` lists them. */
import type { Command } from './main.ts';
import { askCommand } from './commands/ask.ts';
import { curateCommand } from './commands/curate.ts';
import { evalCommand } from './commands/eval.ts';
import { labelCommand } from './commands/label.ts';
import { schemaCommand } from './commands/schema.ts';
import { synthCommand } from './commands/synth.ts';

export const COMMANDS: readonly Command[] = [schemaCommand, labelCommand, evalCommand, askCommand, synthCommand, curateCommand];
