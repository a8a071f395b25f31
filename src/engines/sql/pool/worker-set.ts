/**
 * The pool's worker positions: `size` slots, each a started worker or null
 * once given up. A worker that times out, crashes or must retire is
 * terminated and a fresh one started in its place; a position whose worker
 * dies MAX_START_FAILURES times in a row before its first answer is given up,
 * and once every position is, every call fails WORKER_CRASHED with why.
 */
import { execError } from '../../../core/exec/outcomes.ts';
import { WorkerSlot, type CallResult, type SqlSpawn } from './slot.ts';

/** Consecutive deaths before a first answer after which a worker position is given up. */
const MAX_START_FAILURES = 3;

export interface WorkerSet {
  /** One entry per position: its worker, or null once given up. */
  readonly slots: readonly (WorkerSlot | null)[];
  /** Terminates a slot's worker and starts a fresh one in its place (a crash before its first answer counts against the position). */
  replace(slot: WorkerSlot, crashReason?: string): void;
  /** True when every position is given up. */
  none(): boolean;
  /** The failure every call gets when no worker is left. */
  noWorkers(): CallResult<never>;
  /** Workers started in place of others. */
  readonly respawns: number;
  /** Terminates every worker (no more are started). */
  kill(): void;
}

export interface WorkerSetHooks {
  /** A worker was replaced (or a position given up): there may be work to hand out. */
  onReplaced(): void;
  /** The last position was given up: fail what waits. */
  onNone(): void;
}

/**
 * Starts `size` workers.
 *
 * @example
 * const workers = createWorkerSet(spawn, 2, { onReplaced: pump, onNone: failQueued });
 */
export function createWorkerSet(spawn: SqlSpawn, size: number, hooks: WorkerSetHooks): WorkerSet {
  const slots: (WorkerSlot | null)[] = [];
  const startFailures = new Array<number>(size).fill(0);
  let respawns = 0;
  let killed = false;
  let startFailure = '';

  const none = (): boolean => slots.every((s) => s === null);
  const givenUp = (reason: string): void => {
    startFailure = reason;
    if (none()) hooks.onNone();
  };
  const start = (i: number): void => {
    try {
      slots[i] = new WorkerSlot(spawn, (slot, reason) => replace(slot, reason));
    } catch (e) {
      slots[i] = null; // the spawn itself threw (e.g. workers are not allowed here)
      givenUp(e instanceof Error ? e.message : String(e));
    }
  };
  function replace(slot: WorkerSlot, crashReason?: string): void {
    const i = slots.indexOf(slot);
    slot.kill();
    if (i < 0 || killed) return;
    respawns += 1;
    startFailures[i] = crashReason !== undefined && !slot.answered ? startFailures[i]! + 1 : 0;
    if (startFailures[i]! < MAX_START_FAILURES) start(i);
    else {
      slots[i] = null;
      givenUp(crashReason ?? 'unknown');
    }
    hooks.onReplaced();
  }

  for (let i = 0; i < size; i += 1) start(i);
  return {
    slots,
    replace,
    none,
    noWorkers: () => ({
      kind: 'failed',
      error: execError('WORKER_CRASHED', `no SQL worker could start (${startFailure}); reload the page or check that workers are allowed.`),
    }),
    get respawns() {
      return respawns;
    },
    kill() {
      killed = true;
      for (const slot of slots) slot?.kill();
    },
  };
}
