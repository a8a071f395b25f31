/**
 * The pool's machinery: `size` worker slots, the databases they must hold,
 * and one FIFO queue of calls. An idle worker first loads any open database
 * it lacks (from the pool's own copy of the bytes, or the file it reads on
 * demand), then takes the oldest queued call; with nothing queued, it loads
 * a database whose open still runs in another worker (`preload`), so it is
 * ready when the open answers rather than starting then (a copy whose open
 * fails is closed again). A worker that times out, crashes or is aborted is
 * terminated and replaced at once, and so is one whose answer the job says should
 * retire it (a memory bomb: WebAssembly memory never shrinks, so only a fresh
 * worker gives it back). The queue lives here, not in the workers, so a
 * respawn neither loses nor repeats queued work. Its parts: the worker
 * positions (worker-set.ts), the databases they hold (holdings.ts), and here
 * the queue and the hand-out.
 */
import type { Remote } from 'comlink';
import type { SqlWorkerApi } from '../api.ts';
import type { DbSource } from '../source.ts';
import { createHoldings, type Holdings } from './holdings.ts';
import type { CallResult, ReportLane, SqlSpawn, WorkerSlot } from './slot.ts';
import { createWorkerSet, type WorkerSet } from './worker-set.ts';

/** One queued call. `settle` is called exactly once. */
export interface Job {
  /** The database the call needs loaded first, if any. */
  readonly key: string | null;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Queries the job runs (a batch runs several; default 1), for `stats().queued`. */
  readonly size?: number;
  /** The database the call loads into its worker (an open), if any: a close of it still waiting there is posted first. */
  readonly opens?: string;
  /** The work; a batch calls `rearm()` as each query starts (see WorkerSlot.call) and reports on the worker's `lane`. */
  call(api: Remote<SqlWorkerApi>, rearm: () => void, lane: ReportLane): Promise<unknown>;
  settle(r: CallResult<unknown>, slot: WorkerSlot | null): void;
  /** Whether the worker should be replaced after answering `value` (e.g. it grew its memory for a memory bomb). */
  retire?(value: unknown): boolean;
  /** When the query now running started, if the worker tells through shared memory (see WorkerSlot.call). */
  probe?(): number | null;
}

/** What the scheduler holds: the queue, whether it is shut, the workers and the databases they hold. */
interface SchedulerState {
  readonly queue: Job[];
  closed: boolean;
  readonly workers: WorkerSet;
  readonly holdings: Holdings;
}

/**
 * Starts `size` workers and serves queued jobs.
 *
 * @example
 * const s = createScheduler(spawn, 2, 30_000);
 * s.submit({ key: null, timeoutMs: 5000, call: (api) => api.close('x'), settle: console.log });
 */
export function createScheduler(spawn: SqlSpawn, size: number, loadTimeoutMs: number) {
  const queue: Job[] = [];
  const state: SchedulerState = {
    queue,
    closed: false,
    workers: createWorkerSet(spawn, size, {
      onReplaced: () => pump(state),
      onNone: () => {
        for (const job of queue.splice(0)) job.settle(state.workers.noWorkers(), null);
      },
    }),
    holdings: createHoldings(
      () => state.workers.slots,
      (slot, reason) => state.workers.replace(slot, reason),
      loadTimeoutMs,
    ),
  };
  const { holdings } = state;
  return {
    /** Queues a job, last or (for the rest of a batch cut short) `first` (settled at once as `stopped` after shutdown). */
    submit: (job: Job, first = false): void => submitJob(state, job, first),
    /** Takes a job out of the queue if it has not started; true when it was there. */
    withdraw: (job: Job): boolean => withdrawJob(queue, job),
    /**
     * Has idle workers (with nothing queued) load `source` under `key` while its open (`version`,
     * just submitted) runs elsewhere; `remember` then finds them loaded, `abandon` closes them again.
     */
    preload(key: string, source: DbSource, version: number): void {
      holdings.preload(key, source, version);
      pump(state);
    },
    /** Records the database under `key` (a new version); `holder` already has it loaded, and so have the workers that preloaded it. */
    remember(key: string, source: DbSource, version: number, holder: WorkerSlot | null): void {
      holdings.remember(key, source, version, holder);
      pump(state);
    },
    abandon: holdings.abandon,
    forget: holdings.forget,
    has: holdings.has,
    terminate: (): void => terminate(state),
    get closed(): boolean {
      return state.closed;
    },
    stats: () => statsOf(state, size),
  };
}

/** The pool's machinery, as createScheduler returns it. */
export type Scheduler = ReturnType<typeof createScheduler>;

/** Hands each idle worker its next task: a database it lacks, else the oldest queued job, else an open to load ahead. */
function pump(state: SchedulerState): void {
  if (state.closed) return;
  const { holdings, queue } = state;
  for (const slot of state.workers.slots) {
    if (slot === null || slot.busy || slot.dead) continue;
    const missing = holdings.missing(slot);
    if (missing !== null) void occupy(state, slot, missing);
    else if (queue.length > 0) {
      const job = queue.shift()!;
      void occupy(state, slot, () => runJob(state, slot, job));
    } else {
      const ahead = holdings.preloadFor(slot);
      if (ahead !== null) void occupy(state, slot, ahead);
    }
  }
}

/** Marks a slot busy for one task, then hands out the next. */
async function occupy(state: SchedulerState, slot: WorkerSlot, task: () => Promise<void>): Promise<void> {
  slot.busy = true;
  try {
    await task();
  } finally {
    slot.busy = false;
    pump(state);
  }
}

/** Runs one job on `slot` after loading its database; a worker that timed out, crashed, was aborted or is to retire is replaced. */
async function runJob(state: SchedulerState, slot: WorkerSlot, job: Job): Promise<void> {
  const failedLoad = job.key === null ? null : await state.holdings.ensureLoaded(slot, job.key);
  if (failedLoad !== null) return job.settle(failedLoad, slot);
  if (job.opens !== undefined && slot.closes(job.opens)) slot.postCloses();
  const r = await slot.call(
    (api, rearm, lane) => job.call(api, rearm, lane),
    job.timeoutMs,
    job.signal,
    job.probe === undefined ? undefined : () => job.probe!(),
  );
  if (r.kind === 'timeout' || r.kind === 'crash' || r.kind === 'aborted') state.workers.replace(slot, r.kind === 'crash' ? r.reason : undefined);
  else if (r.kind === 'ok' && job.retire?.(r.value) === true) state.workers.replace(slot);
  job.settle(r, slot);
}

/** Queues a job, last or `first`; settled at once when shut or with no worker. */
function submitJob(state: SchedulerState, job: Job, first: boolean): void {
  if (state.closed) return job.settle({ kind: 'stopped' }, null);
  if (state.workers.none()) return job.settle(state.workers.noWorkers(), null);
  if (first) state.queue.unshift(job);
  else state.queue.push(job);
  pump(state);
}

/** Takes a job out of the queue if it has not started; true when it was there. */
function withdrawJob(queue: Job[], job: Job): boolean {
  const at = queue.indexOf(job);
  if (at < 0) return false;
  queue.splice(at, 1);
  return true;
}

/** Shuts the scheduler: queued jobs settle as `stopped`, the workers are killed. */
function terminate(state: SchedulerState): void {
  if (state.closed) return;
  state.closed = true;
  for (const job of state.queue.splice(0)) job.settle({ kind: 'stopped' }, null);
  state.workers.kill();
}

/** The workers alive and busy, the queries queued, the respawns so far. */
function statsOf(state: SchedulerState, size: number) {
  const { slots } = state.workers;
  return {
    size,
    alive: slots.filter((s) => s !== null && !s.dead).length,
    busy: slots.filter((s) => s?.busy).length,
    queued: state.queue.reduce((n, job) => n + (job.size ?? 1), 0),
    respawns: state.workers.respawns,
  };
}
