/**
 * One pool call as a scheduler job: queued, raced against its limit and the
 * caller's AbortSignal by the scheduler, and settled exactly once into the
 * caller's promise (a value, a failure turned into the call's own outcome
 * type, or a rejection for an abort or a bug).
 */
import type { Remote } from 'comlink';
import type { ExecError } from '../../../core/exec/types.ts';
import type { SqlWorkerApi } from '../api.ts';
import { failureOf, type CallContext } from './pool-failures.ts';
import type { Job, Scheduler } from './scheduler.ts';
import type { CallResult, ReportLane, WorkerSlot } from './slot.ts';

/** What one call is: where it runs, what it does, and how a failure reads as its outcome. */
export interface CallSpec<T> {
  /** The database the call needs loaded first, if any. */
  readonly key: string | null;
  readonly ctx: CallContext;
  readonly call: (api: Remote<SqlWorkerApi>, rearm: () => void, lane: ReportLane) => Promise<T>;
  /** The outcome a timeout, crash or pool-level failure gives. */
  readonly onFailure: (error: ExecError, ms: number | undefined) => T;
  readonly signal?: AbortSignal | undefined;
  /** Called first when it settles, with the worker that ran it (an open records its copy). */
  readonly onSettled?: ((r: CallResult<unknown>, slot: WorkerSlot | null) => void) | undefined;
  /** Whether the worker is replaced after answering `value` (a memory bomb). */
  readonly retire?: ((value: T) => boolean) | undefined;
}

/**
 * Queues one call; resolves with its value or `onFailure(error)`, rejects on abort or a thrown bug.
 *
 * @example
 * const out = await submitCall(scheduler, { key: 'db', ctx, call: (api) => api.exec('db', sql), onFailure: (error) => ({ ok: false, error, ms: 0 }) });
 */
export function submitCall<T>(scheduler: Scheduler, spec: CallSpec<T>): Promise<T> {
  const { key, ctx, call, onFailure, signal, onSettled, retire } = spec;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = (): void => {
      if (scheduler.withdraw(job)) job.settle({ kind: 'aborted', reason: signal?.reason }, null);
    };
    const job: Job = {
      key,
      ...(ctx.opens === undefined ? {} : { opens: ctx.opens }),
      timeoutMs: ctx.timeoutMs,
      ...(signal === undefined ? {} : { signal }),
      ...(retire === undefined ? {} : { retire: (v: unknown) => retire(v as T) }),
      call,
      settle(r, slot) {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        onSettled?.(r, slot);
        if (r.kind === 'ok') resolve(r.value as T);
        else if (r.kind === 'aborted') reject(r.reason);
        else if (r.kind === 'threw') reject(r.error);
        else resolve(onFailure(failureOf(r, ctx), 'ms' in r ? r.ms : undefined));
      },
    };
    if (signal?.aborted) return job.settle({ kind: 'aborted', reason: signal.reason }, null);
    signal?.addEventListener('abort', onAbort, { once: true });
    scheduler.submit(job);
  });
}
