/** Every `confide` subcommand, in the order `confide --help` lists them. */
import type { Command } from './main.ts';
import { labelCommand } from './commands/label.ts';
import { schemaCommand } from './commands/schema.ts';

export const COMMANDS: readonly Command[] = [schemaCommand, labelCommand];
