#!/usr/bin/env node
// The `confide` command: runs the TypeScript CLI through tsx's loader, so the
// CLI, its worker threads and the browser app share one source tree.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
