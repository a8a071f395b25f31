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
import type { ExecOutcome } from '../../../core/exec/types.ts';
import { startedAt, type BatchProgress, type BatchReport } from '../api.ts';
import { shareByClaims } from './lanes.ts';
import { startRun, type BatchOptions, type RunState } from './run-state.ts';
import type { Job, Scheduler } from './scheduler.ts';

export type { BatchOptions } from './run-state.ts';

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

/**
 * Deals `sqls` out in `count` batches of neighbours (batchesOf), each one
 * scheduler job. A batch whose worker times out or dies blames the query it
 * was running and queues the rest again, first.
 *
 * @example
 * dealBatches(run, 2); // two batches, one per worker
 */
export function dealBatches(run: RunState, count: number): void {
  const { scheduler, key, sqls, o, waiting, extras } = run;
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
            run.record(indices[j]!, out);
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
        const answer = await api.execBatch(
          key,
          indices.map((i) => sqls[i]!),
          o.rowCap,
          batch,
          extras,
        );
        held = answer.reports;
        take([]);
        if (next < indices.length) await all;
      },
      settle(r) {
        ended = true;
        waiting.delete(job);
        if (r.kind === 'ok') return;
        if (r.kind === 'aborted') return run.fail(r.reason);
        if (r.kind === 'threw') return run.fail(r.error);
        // A stopped pool ends them all; otherwise only the running query failed.
        const at = r.kind === 'stopped' || next >= indices.length ? next : running();
        const hit = indices.slice(at, r.kind === 'stopped' ? undefined : at + 1);
        for (const i of hit) run.recordFailure(i, r, started);
        const rest = [...indices.slice(next, at), ...indices.slice(at + hit.length)];
        if (rest.length > 0 && !run.over) submit(rest, true);
      },
    };
    waiting.add(job);
    scheduler.submit(job, first);
  };
  for (const batch of batchesOf(sqls.length, count)) if (!run.over) submit(batch, false);
}

/**
 * Runs `sqls` on `key` through the scheduler, shared as `o.share` says; one
 * outcome per input, in input order. Rejects only on an abort (with its
 * reason) or a broken contract (a thrown error).
 *
 * @example
 * const outs = await runBatched(scheduler, 'db', sqls, { timeoutMs: 5000, rowCap: 10_000, share: 'claim', batches: 2 });
 */
export function runBatched(scheduler: Scheduler, key: string, sqls: readonly string[], o: BatchOptions): Promise<ExecOutcome[]> {
  if (sqls.length === 0) return Promise.resolve([]);
  if (o.signal?.aborted) return Promise.reject(o.signal.reason);
  return new Promise<ExecOutcome[]>((resolve, reject) => {
    const run = startRun(scheduler, key, sqls, o, resolve, reject);
    if (o.share === 'claim') shareByClaims(run, Math.min(o.batches, sqls.length));
    else dealBatches(run, o.batches);
  });
}
