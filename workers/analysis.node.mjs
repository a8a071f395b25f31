// Node worker_threads bootstrap for workers/analysis.node.ts from the sources
// (the CLI's bundle starts its own plain-JavaScript entry): registers tsx's
// loader in the worker, as workers/sql.node.mjs does, then loads the entry.
import { register } from 'tsx/esm/api';

register();
await import('./analysis.node.ts');
