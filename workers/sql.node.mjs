// Node worker_threads bootstrap for workers/sql.node.ts. Node 20 ignores
// `--import tsx` in a Worker's execArgv (nodejs/node#47747), so the worker
// registers tsx's loader itself, then loads the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./sql.node.ts');
