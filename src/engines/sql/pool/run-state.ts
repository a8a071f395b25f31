/**
 * One runMany in progress, as the ways of sharing it see it (batches dealt
 * out, batch.ts; lanes claiming from one list, lanes.ts): its outcomes by
 * position, the jobs still queued, and how it ends: resolved once every
 * position has its outcome, rejected on an abort or a broken contract, and
 * either way every queued job withdrawn.
 */
import type { ExecOutcome } from '../../../core/exec/types.ts';
import type { ExecExtras } from '../types.ts';
import { failureOf, type CallFailure } from './pool-failures.ts';
import type { Job, Scheduler } from './scheduler.ts';

export interface BatchOptions {
  readonly timeoutMs: number;
  readonly rowCap: number;
  /** Fingerprint each success in the worker (ExecOptions.fingerprint). */
  readonly fingerprint?: boolean;
  /** Attach SQLite's normalized text to each outcome (ExecOptions.normalize). */
  readonly normalize?: boolean;
  /**
   * How the workers share the list: `claim` (where threads share memory) gives each of `batches`
   * lanes the whole list, and each takes the next query no other has taken (lanes.ts); `deal`
   * cuts it into `batches` batches (see batchCount, batchesOf) dealt out to the workers.
   */
  readonly share: 'claim' | 'deal';
  /** How many batches the list is cut into, or lanes claim from it. */
  readonly batches: number;
  readonly signal?: AbortSignal;
  /** Called after each outcome with how many are in. */
  readonly onOutcome?: (done: number) => void;
  /** Whether an outcome means its worker is replaced once its batch ends (a memory bomb). */
  readonly retire?: (out: ExecOutcome) => boolean;
}

/** One runMany in progress, as the ways of sharing it (batches here, claiming lanes in lanes.ts) see it. */
export interface RunState {
  readonly scheduler: Scheduler;
  readonly key: string;
  readonly sqls: readonly string[];
  readonly o: BatchOptions;
  readonly extras: Required<ExecExtras>;
  /** Jobs queued and not started: an abort or the end withdraws them. */
  readonly waiting: Set<Job>;
  /** Takes outcome `out` of position `i` (a second one for a position is ignored); the last one resolves the run. */
  record(i: number, out: ExecOutcome): void;
  /** Records position `i` as failed by how its batch or lane ended, `ms` after it started (its `ms` when it has one). */
  recordFailure(i: number, r: CallFailure, started: number): void;
  /** Ends the run with a rejection. */
  fail(reason: unknown): void;
  /** Whether position `i` has its outcome. */
  has(i: number): boolean;
  /** Whether the run has ended (resolved or rejected). */
  readonly over: boolean;
}

/**
 * Starts the bookkeeping of one run: `resolve` gets the outcomes in input
 * order once the last is in, `reject` the reason of an abort (the signal's)
 * or of `fail`. Nothing is queued yet: the caller shares the list out.
 *
 * @example
 * const run = startRun(scheduler, 'db', sqls, o, resolve, reject);
 * shareByClaims(run, 2);
 */
export function startRun(
  scheduler: Scheduler,
  key: string,
  sqls: readonly string[],
  o: BatchOptions,
  resolve: (outs: ExecOutcome[]) => void,
  reject: (reason: unknown) => void,
): RunState {
  const outs = new Array<ExecOutcome | undefined>(sqls.length);
  const waiting = new Set<Job>();
  let done = 0;
  let over = false;
  const end = (): void => {
    over = true;
    o.signal?.removeEventListener('abort', onAbort);
    for (const job of waiting) scheduler.withdraw(job);
    waiting.clear();
  };
  const fail = (reason: unknown): void => {
    if (over) return;
    end();
    reject(reason);
  };
  const onAbort = (): void => fail(o.signal?.reason);
  const record = (i: number, out: ExecOutcome): void => {
    if (over || outs[i] !== undefined) return;
    outs[i] = out;
    done += 1;
    o.onOutcome?.(done);
    if (done < sqls.length) return;
    end();
    resolve(outs as ExecOutcome[]);
  };
  const recordFailure = (i: number, r: CallFailure, started: number): void => {
    const ms = 'ms' in r && r.ms !== undefined ? r.ms : performance.now() - started;
    record(i, { ok: false, error: failureOf(r, { what: 'the query', timeoutMs: o.timeoutMs, sql: sqls[i]! }), ms });
  };
  o.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    scheduler,
    key,
    sqls,
    o,
    waiting,
    record,
    recordFailure,
    fail,
    extras: { fingerprint: o.fingerprint ?? false, normalize: o.normalize ?? false },
    has: (i) => outs[i] !== undefined,
    get over() {
      return over;
    },
  };
}
