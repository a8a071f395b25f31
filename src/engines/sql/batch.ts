/**
 * runMany's pipelining. Where threads share memory the workers claim the
 * queries of one shared list (lanes.ts); elsewhere, and with `share:
 * 'deal'`, the queries go to the workers in batches of neighbours, one
 * message per batch, and each query's outcome comes back the moment it finishes (or, where
 * threads share memory, every few milliseconds, the last few with the
 * batch's answer: the worker writes which query runs and since when into a
 * shared record, so the pool knows without a message per query), so a
 * worker never waits for its next query. The outcomes travel on the
 * worker's one report port (WorkerSlot), tagged with the batch's number.
 * Each query keeps the guarantees of a single call: its limit counts from
 * its own start (the end of the one before); when it times out or its
 * worker dies, it alone gets TIMEOUT or WORKER_CRASHED, the batch's
 * reported queries keep their outcomes, and the rest are queued again,
 * first (the ones not started run exactly once; ones that finished in the
 * last few milliseconds but were not reported yet run again). An abort
 * withdraws every batch and rejects with the reason.
 */
import type { ExecOutcome } from '../../core/exec/types.ts';
import { startedAt, type BatchProgress, type BatchReport } from './api.ts';
import { shareByClaims } from './lanes.ts';
import { failureOf, type CallFailure } from './pool-failures.ts';
import type { ExecExtras } from './runner.ts';
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

/**
 * How many batches a list is cut into: about `perWorker` for each worker
 * (one by default: a batch costs a round trip, during which its worker
 * waits; more even out workers whose batches take unequal time), more when
 * that would put over `max` queries in one, so a runaway holds back few, and
 * never more than there are queries.
 *
 * @example
 * batchCount(51, 2) // 2: 26 and 25 queries
 * batchCount(51, 2, 2) // 4
 * batchCount(120, 2) // 4: at most 32 in one
 * batchCount(3, 4) // 3: one query each
 */
export function batchCount(queries: number, workers: number, perWorker = 1, max = 32): number {
  if (!(queries >= 0 && workers >= 1 && perWorker >= 1 && max >= 1)) throw new RangeError('batchCount needs queries >= 0 and workers, perWorker, max >= 1');
  return Math.min(queries, Math.max(workers * perWorker, Math.ceil(queries / max)));
}

/**
 * The positions of a list cut into `count` runs of neighbours whose sizes
 * differ by at most one, the longer ones first. (Dealing positions out like
 * cards, b, b + count, …, to spread a costly stretch over the workers,
 * measured no faster on Spider dev: neighbouring queries tend to read the
 * same tables, whose pages a worker then has at hand.)
 *
 * @example
 * batchesOf(5, 2) // [[0, 1, 2], [3, 4]]
 */
export function batchesOf(length: number, count: number): number[][] {
  const base = Math.floor(length / count);
  const longer = length % count;
  const out: number[][] = [];
  for (let b = 0, at = 0; b < count; b++) {
    const size = base + (b < longer ? 1 : 0);
    out.push(Array.from({ length: size }, (_, k) => at + k));
    at += size;
  }
  return out;
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
 * Runs `sqls` on `key` in batches through the scheduler; one outcome per
 * input, in input order. Rejects only on an abort (with its reason) or a
 * broken contract (a thrown error).
 *
 * @example
 * const outs = await runBatched(scheduler, 'db', sqls, { timeoutMs: 5000, rowCap: 10_000, share: 'claim', batches: 2 });
 */
export function runBatched(scheduler: Scheduler, key: string, sqls: readonly string[], o: BatchOptions): Promise<ExecOutcome[]> {
  const outs = new Array<ExecOutcome | undefined>(sqls.length);
  const waiting = new Set<Job>();
  let done = 0;
  let over = false;
  return new Promise<ExecOutcome[]>((resolve, reject) => {
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

    const extras = { fingerprint: o.fingerprint ?? false, normalize: o.normalize ?? false };
    const recordFailure = (i: number, r: CallFailure, started: number): void => {
      const ms = 'ms' in r && r.ms !== undefined ? r.ms : performance.now() - started;
      record(i, { ok: false, error: failureOf(r, { what: 'the query', timeoutMs: o.timeoutMs, sql: sqls[i]! }), ms });
    };
    const run: RunState = {
      scheduler, key, sqls, o, extras, waiting, record, recordFailure, fail,
      has: (i) => outs[i] !== undefined,
      get over() {
        return over;
      },
    };

    const submit = (indices: readonly number[], first: boolean): void => {
      let next = 0; // position in `indices` of the query running, or to run next
      let started = performance.now();
      let ended = false;
      let grew = false;
      let progress: BatchProgress | undefined;
      /** The position in `indices` of the query running now, as far as the pool knows. */
      const running = (): number => (progress === undefined ? next : Math.max(next, Math.min(Atomics.load(progress.index, 0), indices.length - 1)));
      const job: Job = {
        key,
        timeoutMs: o.timeoutMs,
        size: indices.length,
        ...(o.signal === undefined ? {} : { signal: o.signal }),
        retire: () => grew,
        probe: () => (progress === undefined ? null : startedAt(progress)),
        async call(api, rearm, lane) {
          waiting.delete(job);
          started = performance.now();
          let allIn = (): void => undefined;
          const all = new Promise<void>((r) => (allIn = r));
          // The answer's outcomes may overtake the last ones posted on the report port (another channel):
          // they are held until those are in, so outcomes are always taken in order.
          let held: readonly BatchReport[] = [];
          const take = (reports: readonly BatchReport[]): void => {
            if (ended) return; // late outcomes of a batch already given up
            for (const [j, out] of reports) {
              record(indices[j]!, out);
              if (o.retire?.(out) === true) grew = true;
              next = j + 1;
            }
            if (held.length > 0 && held[0]![0] === next) {
              const now = held;
              held = [];
              return take(now);
            }
            if (reports.length > 0) {
              started = performance.now();
              rearm();
            }
            if (next === indices.length) allIn();
          };
          progress = lane.progress;
          const batch = lane.begin(take);
          const answer = await api.execBatch(key, indices.map((i) => sqls[i]!), o.rowCap, batch, extras);
          held = answer.reports;
          take([]);
          if (next < indices.length) await all;
        },
        settle(r) {
          ended = true;
          waiting.delete(job);
          if (r.kind === 'ok') return;
          if (r.kind === 'aborted') return fail(r.reason);
          if (r.kind === 'threw') return fail(r.error);
          // A stopped pool ends them all; otherwise only the running query failed.
          const at = r.kind === 'stopped' || next >= indices.length ? next : running();
          const hit = indices.slice(at, r.kind === 'stopped' ? undefined : at + 1);
          for (const i of hit) recordFailure(i, r, started);
          const rest = [...indices.slice(next, at), ...indices.slice(at + hit.length)];
          if (rest.length > 0 && !over) submit(rest, true);
        },
      };
      waiting.add(job);
      scheduler.submit(job, first);
    };

    if (sqls.length === 0) return resolve([]);
    if (o.signal?.aborted) return reject(o.signal.reason);
    o.signal?.addEventListener('abort', onAbort, { once: true });
    if (o.share === 'claim') shareByClaims(run, Math.min(o.batches, sqls.length));
    else for (const batch of batchesOf(sqls.length, o.batches)) if (!over) submit(batch, false);
  });
}
