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
import type { Remote } from 'comlink';
import { claimNext, startedAt, type BatchProgress, type BatchReport, type Claim, type SqlWorkerApi } from '../api.ts';
import type { RunState } from './run-state.ts';
import type { Job } from './scheduler.ts';
import type { CallResult, ReportLane } from './slot.ts';

/** The lanes of one run: the shared array of owners (0 free, else the lane that took the position) and the lanes queued or running. */
interface Claims {
  readonly run: RunState;
  readonly owners: Int32Array;
  /** Lanes queued or running. */
  readonly live: Set<Job>;
  /** Lanes numbered so far (a lane's number is its mark in `owners`). */
  numbered: number;
}

/** One lane as it runs: its claim, when its current query started, the outcomes in and expected, and how it ended. */
interface Lane {
  readonly claim: Claim;
  started: number;
  received: number;
  expected: number;
  ended: boolean;
  /** Whether an outcome means its worker is to be replaced (a memory bomb). */
  grew: boolean;
  progress: BatchProgress | undefined;
}

/**
 * Queues `lanes` lanes over the run's whole list.
 *
 * @example
 * shareByClaims(run, 2); // two workers take turns at one list
 */
export function shareByClaims(run: RunState, lanes: number): void {
  const claims: Claims = { run, owners: new Int32Array(new SharedArrayBuffer(4 * run.sqls.length)), live: new Set(), numbered: 0 };
  for (let k = 0; k < lanes; k++) submitLane(claims, false);
}

/** How many positions no lane has taken. */
function freeCount({ owners }: Claims): number {
  let k = 0;
  for (let p = 0; p < owners.length; p++) if (Atomics.load(owners, p) === 0) k++;
  return k;
}

/** Frees the positions without an outcome taken by a lane `of` accepts (but `except`); how many. */
function release({ owners, run }: Claims, of: (lane: number) => boolean, except = -1): number {
  let k = 0;
  for (let p = 0; p < owners.length; p++) {
    const lane = Atomics.load(owners, p);
    if (lane === 0 || p === except || run.has(p) || !of(lane)) continue;
    Atomics.store(owners, p, 0);
    k++;
  }
  return k;
}

/** Queues one more lane, last or `first`. */
function submitLane(claims: Claims, first: boolean): void {
  const { run } = claims;
  const { o } = run;
  const lane: Lane = {
    claim: { owners: claims.owners, lane: (claims.numbered += 1) },
    started: performance.now(),
    received: 0,
    expected: Number.POSITIVE_INFINITY,
    ended: false,
    grew: false,
    progress: undefined,
  };
  const job: Job = {
    key: run.key,
    timeoutMs: o.timeoutMs,
    get size() {
      return freeCount(claims);
    },
    ...(o.signal === undefined ? {} : { signal: o.signal }),
    retire: () => lane.grew,
    probe: () => (lane.progress === undefined ? null : startedAt(lane.progress)),
    call: (api, rearm, port) => runLane(claims, lane, job, api, rearm, port),
    settle: (r) => settleLane(claims, lane, job, r),
  };
  run.waiting.add(job);
  claims.live.add(job);
  run.scheduler.submit(job, first);
}

/**
 * Runs the lane on its worker: outcomes are taken in any order (each names
 * its position); the lane is done once as many have come, on the port or
 * with the answer, as the answer says it ran.
 */
async function runLane(claims: Claims, lane: Lane, job: Job, api: Remote<SqlWorkerApi>, rearm: () => void, port: ReportLane): Promise<void> {
  const { run } = claims;
  run.waiting.delete(job);
  lane.started = performance.now();
  let allIn = (): void => undefined;
  const all = new Promise<void>((r) => (allIn = r));
  const take = (reports: readonly BatchReport[]): void => {
    if (lane.ended) return; // late outcomes of a lane already given up
    for (const [p, out] of reports) {
      run.record(p, out);
      if (run.o.retire?.(out) === true) lane.grew = true;
    }
    lane.received += reports.length;
    if (reports.length > 0) {
      lane.started = performance.now();
      rearm();
    }
    if (lane.received >= lane.expected) allIn();
  };
  lane.progress = port.progress;
  const batch = port.begin(take);
  const answer = await api.execBatch(run.key, run.sqls, run.o.rowCap, batch, run.extras, lane.claim);
  lane.expected = answer.count;
  take(answer.reports);
  if (lane.received < lane.expected) await all;
}

/**
 * Where a lane's end leaves the run: the query it was running fails with
 * it, the ones it took without an outcome are freed, and a new lane is
 * queued first when some lane must run them.
 */
function settleLane(claims: Claims, lane: Lane, job: Job, r: CallResult<unknown>): void {
  const { run, owners, live } = claims;
  const n = owners.length;
  lane.ended = true;
  run.waiting.delete(job);
  live.delete(job);
  if (r.kind === 'aborted') return run.fail(r.reason);
  if (r.kind === 'threw') return run.fail(r.error);
  let lost = 0;
  if (r.kind !== 'ok') {
    const failure = (p: number): void => run.recordFailure(p, r, lane.started);
    if (r.kind === 'stopped') {
      // A stopped pool ends them all.
      for (let p = 0; p < n; p++) failure(p);
      return;
    }
    const { progress, claim } = lane;
    const at = progress === undefined ? -1 : Atomics.load(progress.index, 0);
    const running = at >= 0 && at < n && Atomics.load(owners, at) === claim.lane && !run.has(at) ? at : claimNext(claim, 0);
    lost = release(claims, (l) => l === claim.lane, running);
    if (running < n) failure(running);
  }
  if (run.over) return;
  if (live.size === 0) lost += release(claims, () => true);
  if ((lost > 0 || live.size === 0) && freeCount(claims) > 0) submitLane(claims, true);
}
