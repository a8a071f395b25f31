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
 * respawn neither loses nor repeats queued work.
 */
import type { Remote } from 'comlink';
import { execError } from '../../core/exec/types.ts';
import type { SqlWorkerApi } from './api.ts';
import type { DbSource } from './lazy-file.ts';
import type { OpenOutcome } from './runner.ts';
import { WorkerSlot, sent, type CallResult, type ReportLane, type SqlSpawn } from './slot.ts';

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

/** An open in flight, as idle workers preload it. */
interface Opening {
  readonly version: number;
  readonly source: DbSource;
  /** The workers that have preloaded it or are doing so (or failed to). */
  readonly tried: Set<WorkerSlot>;
}

interface Entry {
  /** The pool's copy of the bytes, or the file every worker reads on demand (a File or a path: nothing to copy). */
  readonly source: DbSource;
  readonly version: number;
  failures: number;
}

/** Consecutive deaths before a first answer after which a worker position is given up. */
const MAX_START_FAILURES = 3;
/** Failed loads of one database after which idle workers stop preloading it. */
const MAX_LOAD_FAILURES = 3;

/**
 * Starts `size` workers and serves queued jobs.
 *
 * @example
 * const s = createScheduler(spawn, 2, 30_000);
 * s.submit({ key: null, timeoutMs: 5000, call: (api) => api.close('x'), settle: console.log });
 */
export function createScheduler(spawn: SqlSpawn, size: number, loadTimeoutMs: number) {
  const slots: (WorkerSlot | null)[] = [];
  const startFailures = new Array<number>(size).fill(0);
  const store = new Map<string, Entry>();
  const queue: Job[] = [];
  /** Opens in flight by key, which idle workers preload (each worker tries once). */
  const opening = new Map<string, Opening>();
  let respawns = 0;
  let closed = false;

  let startFailure = '';
  const noWorkers = (): CallResult<never> => ({
    kind: 'failed',
    error: execError('WORKER_CRASHED', `no SQL worker could start (${startFailure}); reload the page or check that workers are allowed.`),
  });

  /** Fails every queued job once no worker is left. */
  const failAllIfNoWorkers = (reason: string): void => {
    startFailure = reason;
    if (!slots.every((s) => s === null)) return;
    for (const job of queue.splice(0)) job.settle(noWorkers(), null);
  };

  const start = (i: number): void => {
    try {
      slots[i] = new WorkerSlot(spawn, (slot, reason) => replace(slot, reason));
    } catch (e) {
      slots[i] = null; // the spawn itself threw (e.g. workers are not allowed here)
      failAllIfNoWorkers(e instanceof Error ? e.message : String(e));
    }
  };

  /** Terminates a slot's worker and starts a fresh one in its place. */
  function replace(slot: WorkerSlot, crashReason?: string): void {
    const i = slots.indexOf(slot);
    slot.kill();
    if (i < 0 || closed) return;
    respawns += 1;
    startFailures[i] = crashReason !== undefined && !slot.answered ? startFailures[i]! + 1 : 0;
    if (startFailures[i]! < MAX_START_FAILURES) start(i);
    else {
      slots[i] = null;
      failAllIfNoWorkers(crashReason ?? 'unknown');
    }
    pump();
  }

  /** Loads `source` under `key` into `slot`; a worker that times out or dies doing so is replaced. */
  async function load(slot: WorkerSlot, key: string, source: DbSource): Promise<CallResult<OpenOutcome>> {
    if (slot.closes(key)) slot.postCloses();
    const r = await slot.call<OpenOutcome>((api) => api.open(key, sent(source), 'header'), loadTimeoutMs);
    if (r.kind === 'timeout' || r.kind === 'crash') replace(slot, r.kind === 'crash' ? r.reason : undefined);
    return r;
  }

  /** Loads `key` into `slot` unless it has the stored version already; null when nothing failed. */
  async function ensureLoaded(slot: WorkerSlot, key: string): Promise<CallResult<unknown> | null> {
    const entry = store.get(key);
    if (entry === undefined) return { kind: 'threw', error: new RangeError(`no database is open under key "${key}"; call open first`) };
    if (slot.loaded.get(key) === entry.version) return null;
    const r = await load(slot, key, entry.source);
    if (r.kind === 'ok' && r.value.ok) {
      if (store.get(key) === entry) slot.hold(key, entry.version);
      else slot.drop(key); // superseded while it loaded
      entry.failures = 0;
      return null;
    }
    entry.failures += 1;
    if (r.kind !== 'ok') return r;
    return r.value.ok ? null : { kind: 'failed', error: r.value.error };
  }

  /**
   * Where a finished preload of `key` at `version` leaves its worker: loaded
   * when that version is open by now, held early while its open still runs,
   * or closed when the open failed or was superseded.
   */
  function settlePreload(slot: WorkerSlot, key: string, version: number): void {
    if (store.get(key)?.version === version) slot.hold(key, version);
    else if (opening.get(key)?.version === version) slot.early.set(key, version);
    else slot.closeLater(key);
  }

  /** Loads an open in flight into an idle worker (see settlePreload). */
  function preloadInto(slot: WorkerSlot, key: string, o: Opening): void {
    o.tried.add(slot);
    void occupy(slot, async () => {
      const r = await load(slot, key, o.source);
      if (r.kind === 'ok' && r.value.ok) settlePreload(slot, key, o.version);
    });
  }

  /** Marks a slot busy for one task, then hands out the next. */
  async function occupy(slot: WorkerSlot, task: () => Promise<void>): Promise<void> {
    slot.busy = true;
    try {
      await task();
    } finally {
      slot.busy = false;
      pump();
    }
  }

  async function runJob(slot: WorkerSlot, job: Job): Promise<void> {
    const failedLoad = job.key === null ? null : await ensureLoaded(slot, job.key);
    if (failedLoad !== null) return job.settle(failedLoad, slot);
    if (job.opens !== undefined && slot.closes(job.opens)) slot.postCloses();
    const r = await slot.call((api, rearm, lane) => job.call(api, rearm, lane), job.timeoutMs, job.signal, job.probe === undefined ? undefined : () => job.probe!());
    if (r.kind === 'timeout' || r.kind === 'crash' || r.kind === 'aborted') replace(slot, r.kind === 'crash' ? r.reason : undefined);
    else if (r.kind === 'ok' && job.retire?.(r.value) === true) replace(slot);
    job.settle(r, slot);
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (slot === null || slot.busy || slot.dead) continue;
      const missing = [...store].find(([k, e]) => slot.loaded.get(k) !== e.version && e.failures < MAX_LOAD_FAILURES);
      if (missing !== undefined) void occupy(slot, async () => void (await ensureLoaded(slot, missing[0])));
      else if (queue.length > 0) {
        const job = queue.shift()!;
        void occupy(slot, () => runJob(slot, job));
      } else {
        // Not into a worker holding an older copy: its queued calls run on that copy until the open answers.
        const next = [...opening].find(([key, o]) => !o.tried.has(slot) && !slot.loaded.has(key));
        if (next !== undefined) preloadInto(slot, next[0], next[1]);
      }
    }
  }

  for (let i = 0; i < size; i += 1) start(i);
  return {
    /** Queues a job, last or (for the rest of a batch cut short) `first` (settled at once as `stopped` after shutdown). */
    submit(job: Job, first = false): void {
      if (closed) return job.settle({ kind: 'stopped' }, null);
      if (slots.every((s) => s === null)) return job.settle(noWorkers(), null);
      if (first) queue.unshift(job);
      else queue.push(job);
      pump();
    },
    /** Takes a job out of the queue if it has not started; true when it was there. */
    withdraw(job: Job): boolean {
      const at = queue.indexOf(job);
      if (at < 0) return false;
      queue.splice(at, 1);
      return true;
    },
    /**
     * Has idle workers (with nothing queued) load `source` under `key` while its open (`version`,
     * just submitted) runs elsewhere; `remember` then finds them loaded, `abandon` closes them again.
     */
    preload(key: string, source: DbSource, version: number): void {
      opening.set(key, { version, source, tried: new Set() });
      pump();
    },
    /** Records the database under `key` (a new version); `holder` already has it loaded, and so have the workers that preloaded it. */
    remember(key: string, source: DbSource, version: number, holder: WorkerSlot | null): void {
      store.set(key, { source, version, failures: 0 });
      if (opening.get(key)?.version === version) opening.delete(key);
      holder?.hold(key, version);
      for (const slot of slots) if (slot !== null && slot.early.get(key) === version) slot.hold(key, version);
      pump();
    },
    /** The open of `key` at `version` failed or was superseded: the copies preloaded for it are closed. */
    abandon(key: string, version: number): void {
      if (opening.get(key)?.version === version) opening.delete(key);
      for (const slot of slots) if (slot !== null && slot.early.get(key) === version) slot.closeLater(key);
    },
    /** Forgets `key` and closes it in every worker (posted after the next call there, before one that loads `key`: WorkerSlot.closeLater). */
    forget(key: string): void {
      store.delete(key);
      opening.delete(key);
      for (const slot of slots) if (slot !== null) slot.closeLater(key);
    },
    has: (key: string): boolean => store.has(key),
    terminate(): void {
      if (closed) return;
      closed = true;
      for (const job of queue.splice(0)) job.settle({ kind: 'stopped' }, null);
      for (const slot of slots) slot?.kill();
    },
    get closed(): boolean {
      return closed;
    },
    stats: () => ({
      size,
      alive: slots.filter((s) => s !== null && !s.dead).length,
      busy: slots.filter((s) => s !== null && s.busy).length,
      queued: queue.reduce((n, job) => n + (job.size ?? 1), 0),
      respawns,
    }),
  };
}

/** The pool's machinery, as createScheduler returns it. */
export type Scheduler = ReturnType<typeof createScheduler>;
