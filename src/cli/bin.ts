/**
 * The `confide` process: runs main with the command line and sets the exit
 * code; a failure that escapes main (a stray rejection) is said in one line,
 * never as a stack. bin/confide.mjs starts this module, from the CLI's bundle
 * (build/cli/confide.mjs) or from the TypeScript sources.
 */
import { failureText, main } from './main.ts';

const stray = (e: unknown): void => {
  process.stderr.write(failureText(process.argv[2] ?? '', e).text + '\n');
  process.exit(1);
};
process.on('uncaughtException', stray);
process.on('unhandledRejection', stray);
process.exitCode = await main(process.argv.slice(2));
