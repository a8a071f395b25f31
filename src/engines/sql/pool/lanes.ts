/**
 * runMany's sharing where threads share memory: every worker gets the whole
 * list as one lane (a job), and takes the next query no other lane has taken
 * (claimNext, over one shared array of owners), so a worker that is slower,
 * busier or started later simply takes fewer, and no worker waits for
 * another's batch. A lane reports like a batch (batch.ts): outcomes on
 * its worker's report port as they finish, each query's limit counted from
 * its own start (the worker writes which query runs, and since when, into its
 * shared progress record).
 *
 * When a lane's worker times out or dies, the query it was running alone
 * gets TIMEOUT or WORKER_CRASHED (when none was running, e.g. a load failed,
 * the next free query takes the failure, so repeated failures end). The
 * queries it took whose outcomes never came (finished in its last few
 * milliseconds, not yet posted) are freed, and a new lane is queued, first,
 * when some lane must run them: they were freed (the others may have passed
 * them by) or no lane is left. When the last lane ends and a query still has
 * no outcome (one taken by a worker as it was being stopped), it is freed
 * and a new lane runs it.
 */
import { claimNext, startedAt, type BatchProgress, type BatchReport, type Claim } from '../api.ts';
import type { RunState } from './run-state.ts';
import type { Job } from './scheduler.ts';

/**
 * Queues `lanes` lanes over the run's whole list.
 *
 * @example
 * shareByClaims(run, 2); // two workers take turns at one list
 */
export function shareByClaims(run: RunState, lanes: number): void {
  const { sqls, o } = run;
  const n = sqls.length;
  const owners = new Int32Array(new SharedArrayBuffer(4 * n));
  /** Lanes queued or running. */
  const live = new Set<Job>();
  let numbered = 0;

  const freeCount = (): number => {
    let k = 0;
    for (let p = 0; p < n; p++) if (Atomics.load(owners, p) === 0) k++;
    return k;
  };
  /** Frees the positions without an outcome taken by a lane `of` accepts (but `except`); how many. */
  const release = (of: (lane: number) => boolean, except = -1): number => {
    let k = 0;
    for (let p = 0; p < n; p++) {
      const lane = Atomics.load(owners, p);
      if (lane === 0 || p === except || run.has(p) || !of(lane)) continue;
      Atomics.store(owners, p, 0);
      k++;
    }
    return k;
  };

  const submitLane = (first: boolean): void => {
    const claim: Claim = { owners, lane: (numbered += 1) };
    let started = performance.now();
    let received = 0;
    let expected = Number.POSITIVE_INFINITY;
    let ended = false;
    let grew = false;
    let progress: BatchProgress | undefined;
    const job: Job = {
      key: run.key,
      timeoutMs: o.timeoutMs,
      get size() {
        return freeCount();
      },
      ...(o.signal === undefined ? {} : { signal: o.signal }),
      retire: () => grew,
      probe: () => (progress === undefined ? null : startedAt(progress)),
      async call(api, rearm, lane) {
        run.waiting.delete(job);
        started = performance.now();
        let allIn = (): void => undefined;
        const all = new Promise<void>((r) => (allIn = r));
        // Outcomes are taken in any order (each names its position); the lane is done once as many
        // have come, on the port or with the answer, as the answer says it ran.
        const take = (reports: readonly BatchReport[]): void => {
          if (ended) return; // late outcomes of a lane already given up
          for (const [p, out] of reports) {
            run.record(p, out);
            if (o.retire?.(out) === true) grew = true;
          }
          received += reports.length;
          if (reports.length > 0) {
            started = performance.now();
            rearm();
          }
          if (received >= expected) allIn();
        };
        progress = lane.progress;
        const batch = lane.begin(take);
        const answer = await api.execBatch(run.key, sqls, o.rowCap, batch, run.extras, claim);
        expected = answer.count;
        take(answer.reports);
        if (received < expected) await all;
      },
      settle(r) {
        ended = true;
        run.waiting.delete(job);
        live.delete(job);
        if (r.kind === 'aborted') return run.fail(r.reason);
        if (r.kind === 'threw') return run.fail(r.error);
        let lost = 0;
        if (r.kind !== 'ok') {
          const failure = (p: number): void => run.recordFailure(p, r, started);
          if (r.kind === 'stopped') {
            // A stopped pool ends them all.
            for (let p = 0; p < n; p++) failure(p);
            return;
          }
          const at = progress === undefined ? -1 : Atomics.load(progress.index, 0);
          const running = at >= 0 && at < n && Atomics.load(owners, at) === claim.lane && !run.has(at) ? at : claimNext(claim, 0);
          lost = release((lane) => lane === claim.lane, running);
          if (running < n) failure(running);
        }
        if (run.over) return;
        if (live.size === 0) lost += release(() => true);
        if ((lost > 0 || live.size === 0) && freeCount() > 0) submitLane(true);
      },
    };
    run.waiting.add(job);
    live.add(job);
    run.scheduler.submit(job, first);
  };

  for (let k = 0; k < lanes; k++) submitLane(false);
}
