/**
 * One worker of the pool, and the only place a worker call is awaited: every
 * call is raced against its timer, the worker's death, the caller's
 * AbortSignal and the pool's shutdown. A call on a worker that was
 * terminated never settles, so nothing here awaits one without that race.
 */
import { transfer, type Remote } from 'comlink';
import type { ExecError } from '../../../core/exec/types.ts';
import { batchProgress, type BatchMessage, type BatchProgress, type BatchReport, type SqlWorkerApi } from '../api.ts';
import type { DbSource } from '../source.ts';

/** A started worker, as a spawn factory hands it to the pool. */
export interface SqlWorkerHandle {
  readonly api: Remote<SqlWorkerApi>;
  /** Stops the worker at once; `onCrash` is not called for this. */
  terminate(): void;
  /** Called once if the worker dies on its own (error or exit event). */
  onCrash(cb: (reason: string) => void): void;
}

/**
 * A database source as one call sends it to a worker: bytes as a fresh copy
 * whose buffer is transferred, not cloned (cloning a few hundred KB through
 * postMessage costs Node about 1 ms; copying them first, some microseconds),
 * so the pool's own copy stays whole for the next worker; a file read on
 * demand as it is.
 *
 * @example
 * slot.call((api) => api.open(key, sent(bytes), 'header'), limit);
 */
export function sent(source: DbSource): DbSource {
  if (!(source instanceof Uint8Array)) return source;
  const copy = source.slice();
  return transfer(copy, [copy.buffer]);
}

/** Starts one worker (browser: browserSqlSpawn; Node: nodeSqlSpawn). */
export type SqlSpawn = () => SqlWorkerHandle;

/**
 * How one raced call ended. `failed` is a failure the pool made up (e.g. a
 * load that failed). `ms` is the time from posting the call to its end.
 */
export type CallResult<T> =
  | { readonly kind: 'ok'; readonly value: T }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'crash'; readonly reason: string; readonly ms?: number }
  | { readonly kind: 'aborted'; readonly reason: unknown }
  | { readonly kind: 'stopped'; readonly ms?: number }
  | { readonly kind: 'threw'; readonly error: unknown }
  | { readonly kind: 'failed'; readonly error: ExecError };

/**
 * The pool's end of a worker's report lane (SqlWorkerApi.reportTo), as the
 * one batch running on it sees it.
 */
export interface ReportLane {
  /** The shared record the worker writes each query's start to (undefined without shared memory). */
  readonly progress: BatchProgress | undefined;
  /** Numbers a new batch and sends its posted outcomes to `listener`; a previous batch's late ones are dropped. */
  begin(listener: (reports: readonly BatchReport[]) => void): number;
}

/**
 * A worker plus the pool's bookkeeping about it, and its report lane.
 *
 * @example
 * const slot = new WorkerSlot(spawn, (s) => pool.replace(s));
 * const r = await slot.call((api) => api.exec('db', 'SELECT 1'), 5000);
 */
export class WorkerSlot implements ReportLane {
  readonly handle: SqlWorkerHandle;
  readonly progress: BatchProgress | undefined = batchProgress();
  private readonly reports = new MessageChannel();
  private batch = 0;
  private listener: ((reports: readonly BatchReport[]) => void) | null = null;
  /** Database key → version this worker has loaded. */
  readonly loaded = new Map<string, number>();
  /** Database key → version this worker preloaded while its open still runs elsewhere (Scheduler.preload). */
  readonly early = new Map<string, number>();
  busy = false;
  dead = false;
  /** Whether any call has come back from this worker (a worker that dies before that failed to start). */
  answered = false;
  private crashReason = '';
  private waiter: ((r: CallResult<never>) => void) | null = null;
  /** Keys closed in the pool whose close is not posted to the worker yet (closeLater). */
  private readonly closing = new Set<string>();
  private closeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(spawn: SqlSpawn, onIdleCrash: (slot: WorkerSlot, reason: string) => void) {
    this.handle = spawn();
    this.handle.onCrash((reason) => {
      if (this.dead) return;
      this.dead = true;
      this.crashReason = reason;
      if (this.waiter !== null) this.waiter({ kind: 'crash', reason });
      else onIdleCrash(this, reason);
    });
    const { port1, port2 } = this.reports;
    port1.onmessage = (e: MessageEvent<BatchMessage>): void => {
      if (e.data.batch === this.batch) this.listener?.(e.data.reports);
    };
    (port1 as { unref?(): void }).unref?.(); // in Node: the port alone does not keep the process alive
    this.handle.api.reportTo(transfer(port2, [port2]), this.progress).catch(() => undefined); // a dead worker fails its calls anyway
  }

  /** Records that this worker now holds `version` of `key`, in place of any copy it held before. */
  hold(key: string, version: number): void {
    this.loaded.set(key, version);
    this.early.delete(key);
  }

  /** Records that this worker holds no copy of `key` the pool knows of (closed, failed, or superseded). */
  drop(key: string): void {
    this.loaded.delete(key);
    this.early.delete(key);
  }

  /**
   * Closes `key` in the worker, no answer awaited, right after the next call
   * is posted (or in a moment when none comes), so that a close never holds
   * up the work that follows it: the worker runs that call first. A call that
   * loads `key` again must post it first (`postCloses`), or the worker would
   * close the new copy.
   */
  closeLater(key: string): void {
    this.drop(key);
    if (this.dead) return;
    this.closing.add(key);
    this.closeTimer ??= setTimeout(() => this.postCloses(), 0);
  }

  /** Whether a close of `key` waits to be posted (closeLater). */
  closes(key: string): boolean {
    return this.closing.has(key);
  }

  /** Posts the closes waiting (closeLater) now. */
  postCloses(): void {
    clearTimeout(this.closeTimer);
    this.closeTimer = undefined;
    if (!this.dead) for (const key of this.closing) this.handle.api.close(key).catch(() => undefined);
    this.closing.clear();
  }

  begin(listener: (reports: readonly BatchReport[]) => void): number {
    this.listener = listener;
    if (this.progress !== undefined) {
      Atomics.store(this.progress.index, 0, 0); // not the last batch's position: this one has not started
      Atomics.store(this.progress.since, 0, 0n);
    }
    return ++this.batch;
  }

  /**
   * Runs one call, raced; resolves exactly once and never rejects. On a
   * worker that has already died it ends at once as `crash`. A call that
   * runs several queries calls `rearm()` as each one starts: the limit then
   * counts from there, and `ms` of a timeout or crash too. `probe`, when given,
   * tells when the query now running started (performance.now() of this
   * thread; null when unknown), for a worker that reports progress through
   * shared memory rather than a message per query: the later of the two counts.
   */
  call<T>(
    fn: (api: Remote<SqlWorkerApi>, rearm: () => void, lane: ReportLane) => Promise<T>,
    timeoutMs: number,
    signal?: AbortSignal,
    probe?: () => number | null,
  ): Promise<CallResult<T>> {
    if (this.waiter !== null) throw new RangeError('a worker slot runs one call at a time');
    if (this.dead) return Promise.resolve({ kind: 'crash', reason: this.crashReason || 'the worker had stopped', ms: 0 });
    let started = performance.now();
    const since = (): number => {
      const at = probe?.() ?? null;
      if (at !== null && at > started) started = at;
      return started;
    };
    return new Promise<CallResult<T>>((resolve) => {
      let settled = false;
      const finish = (r: CallResult<T>): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiter = null;
        if (r.kind === 'ok' || r.kind === 'threw') this.answered = true;
        resolve(r.kind === 'crash' || r.kind === 'stopped' ? { ...r, ms: performance.now() - since() } : r);
      };
      const onAbort = (): void => finish({ kind: 'aborted', reason: signal?.reason });
      const expire = (): void => {
        const left = since() + timeoutMs - performance.now();
        if (left > 0)
          timer = setTimeout(expire, left); // rearmed since: wait out the rest
        else finish({ kind: 'timeout', ms: performance.now() - started });
      };
      let timer = setTimeout(expire, timeoutMs);
      const rearm = (): void => {
        started = performance.now();
        this.answered = true;
      };
      this.waiter = finish;
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      fn(this.handle.api, rearm, this).then(
        (value) => finish({ kind: 'ok', value }),
        (error: unknown) => finish({ kind: 'threw', error }),
      );
      this.postCloses(); // after the call: the worker runs it first
    });
  }

  /** Terminates the worker; a call in flight ends as `stopped`. */
  kill(): void {
    this.dead = true;
    this.postCloses(); // posts nothing now: clears the list and its timer
    this.listener = null;
    this.reports.port1.close();
    this.handle.terminate();
    this.waiter?.({ kind: 'stopped' });
  }
}
