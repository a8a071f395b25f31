/**
 * The browser's spawn factory for the SQL pool: one module worker running
 * workers/sql.worker.ts. An `error` event (an uncaught failure inside the
 * worker, or a worker that could not load) counts as a crash.
 */
import { wrap } from 'comlink';
import type { SqlWorkerApi } from '../api.ts';
import type { SqlWorkerHandle } from './slot.ts';

/**
 * Starts one SQL worker.
 *
 * @example
 * const sqlPool = createSqlPool({ spawn: browserSqlSpawn });
 */
export function browserSqlSpawn(): SqlWorkerHandle {
  const worker = new Worker(new URL('../../../../workers/sql.worker.ts', import.meta.url), { type: 'module', name: 'sql' });
  let stopped = false;
  const crashCallbacks: ((reason: string) => void)[] = [];
  const crash = (reason: string): void => {
    if (stopped) return;
    stopped = true;
    worker.terminate();
    for (const cb of crashCallbacks) cb(reason);
  };
  worker.addEventListener('error', (e) => crash(e.message || 'the worker failed'));
  worker.addEventListener('messageerror', () => crash('a message could not be read'));
  return {
    api: wrap<SqlWorkerApi>(worker),
    terminate() {
      stopped = true;
      worker.terminate();
    },
    onCrash: (cb) => void crashCallbacks.push(cb),
  };
}
