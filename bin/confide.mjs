#!/usr/bin/env node
// The `confide` command: runs the TypeScript CLI through tsx's loader, so the
// CLI, its worker threads and the browser app share one source tree. A failure
// that escapes main (a stray rejection) is said in one line, never as a stack.
import { register } from 'tsx/esm/api';

register();
const { main, failureText } = await import('../src/cli/main.ts');
const stray = (e) => {
  process.stderr.write(failureText(process.argv[2] ?? '', e).text + '\n');
  process.exit(1);
};
process.on('uncaughtException', stray);
process.on('unhandledRejection', stray);
process.exitCode = await main(process.argv.slice(2));
