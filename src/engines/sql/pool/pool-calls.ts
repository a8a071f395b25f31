/**
 * The pool's calls on an open database (pool.ts): each turned into one
 * scheduler job (submit.ts) with what a failure answers, or, for runMany,
 * into batches (batch.ts). Each takes the pool's state and plain data.
 */
import type { Remote } from 'comlink';
import type { Cell, ExecError, ExecOutcome } from '../../../core/exec/types.ts';
import type { SqlWorkerApi } from '../api.ts';
import type { CheckOutcome, MemoryReport, SchemaOutcome } from '../types.ts';
import { batchCount, runBatched } from './batch.ts';
import type { OpenKeys } from './open-keys.ts';
import type { CallContext } from './pool-failures.ts';
import type { SqlProgress, SqlRunOptions, SqlStreamOptions, StreamOutcome } from './pool-types.ts';
import type { Scheduler } from './scheduler.ts';
import { streamCall } from './stream.ts';
import { submitCall, type CallSpec } from './submit.ts';

/** Rows per chunk of SqlPool.stream by default. */
const DEFAULT_CHUNK_ROWS = 5000;

/** The pool's settings once its options are read (pool.ts). */
export interface PoolSettings {
  readonly size: number;
  readonly timeoutMs: number;
  readonly rowCap: number;
  readonly openTimeoutMs: number;
  readonly checkTimeoutMs: number;
  readonly maxOpen: number;
  readonly batchesPerWorker: number;
  readonly share: 'claim' | 'deal';
}

/** What the pool's calls work with. */
export interface PoolState {
  readonly settings: PoolSettings;
  readonly scheduler: Scheduler;
  readonly keys: OpenKeys;
}

/** A TOO_LARGE answer means the worker's WebAssembly memory may have grown by hundreds of MB, for good. */
const grewMemory = (out: ExecOutcome | StreamOutcome): boolean => !out.ok && out.error.code === 'TOO_LARGE';

/** A failure's outcome with the time it took (or the time since `started`). */
const failedSince =
  (started: number) =>
  (error: ExecError, ms?: number): { ok: false; error: ExecError; ms: number } => ({ ok: false, error, ms: ms ?? performance.now() - started });

/** Queues one call on an open database (or none: `key` null). */
function submit<T>(
  state: PoolState,
  key: string | null,
  ctx: CallContext,
  call: CallSpec<T>['call'],
  onFailure: CallSpec<T>['onFailure'],
  signal?: AbortSignal,
  retire?: (value: T) => boolean,
): Promise<T> {
  const { scheduler } = state;
  if (scheduler.closed) return Promise.reject(new Error('the SQL pool was terminated; create a new one'));
  if (key !== null) {
    if (!scheduler.has(key)) return Promise.reject(new RangeError(`no database is open under key "${key}"; call open first`));
    state.keys.touch(key);
  }
  return submitCall(scheduler, { key, ctx, call, onFailure, signal, retire });
}

/** The whole-file integrity check of `key`. */
export function checkCall(state: PoolState, key: string, signal?: AbortSignal): Promise<CheckOutcome> {
  const ctx = { what: `checking the whole file of "${key}"`, timeoutMs: state.settings.checkTimeoutMs };
  return submit<CheckOutcome>(state, key, ctx, (api) => api.check(key), failedSince(performance.now()), signal);
}

/** What one worker holds for `key`; null if it could not answer. */
export function memoryCall(state: PoolState, key: string): Promise<MemoryReport | null> {
  return submit<MemoryReport | null>(
    state,
    key,
    { what: 'reading memory use', timeoutMs: state.settings.timeoutMs },
    (api) => api.memory(key),
    () => null,
  );
}

/** The schema of `key`. */
export function schemaCall(state: PoolState, key: string): Promise<SchemaOutcome> {
  const ctx = { what: `reading the schema of "${key}"`, timeoutMs: state.settings.openTimeoutMs };
  return submit<SchemaOutcome>(
    state,
    key,
    ctx,
    (api) => api.schema(key),
    (error) => ({ ok: false, error }),
  );
}

/** One query on `key`; a worker whose answer is TOO_LARGE is retired. */
export function runCall(state: PoolState, key: string, sql: string, opts: SqlRunOptions = {}): Promise<ExecOutcome> {
  const { settings } = state;
  const onFailure = failedSince(performance.now());
  const ctx = { what: 'the query', timeoutMs: opts.timeoutMs ?? settings.timeoutMs, sql };
  const call = (api: Remote<SqlWorkerApi>): Promise<ExecOutcome> =>
    api.exec(key, sql, opts.rowCap ?? settings.rowCap, opts.fingerprint ?? false, opts.normalize ?? false);
  return submit<ExecOutcome>(state, key, ctx, call, onFailure, opts.signal, grewMemory);
}

/** Many queries on `key`, in batches dealt to the workers or claimed from one shared lane (batch.ts). */
export async function runManyCall(
  state: PoolState,
  key: string,
  sqls: readonly string[],
  opts: SqlRunOptions = {},
  onProgress?: (p: SqlProgress) => void,
): Promise<ExecOutcome[]> {
  const { scheduler, settings } = state;
  if (scheduler.closed) throw new Error('the SQL pool was terminated; create a new one');
  if (!scheduler.has(key)) throw new RangeError(`no database is open under key "${key}"; call open first`);
  state.keys.touch(key);
  const total = sqls.length;
  return runBatched(scheduler, key, sqls, {
    timeoutMs: opts.timeoutMs ?? settings.timeoutMs,
    rowCap: opts.rowCap ?? settings.rowCap,
    ...(opts.fingerprint === undefined ? {} : { fingerprint: opts.fingerprint }),
    ...(opts.normalize === undefined ? {} : { normalize: opts.normalize }),
    share: settings.share,
    batches: settings.share === 'claim' ? settings.size : batchCount(total, settings.size, settings.batchesPerWorker),
    ...(opts.signal === undefined ? {} : { signal: opts.signal }),
    retire: grewMemory,
    onOutcome: (done) => onProgress?.({ progress: done / total, text: `${done} of ${total} queries run`, done, total }),
  });
}

/** One statement's rows a chunk at a time (stream.ts). */
export function streamRows(
  state: PoolState,
  key: string,
  sql: string,
  opts: SqlStreamOptions,
  onChunk: (rows: readonly (readonly Cell[])[], columns: readonly string[]) => void,
): Promise<StreamOutcome> {
  const onFailure = failedSince(performance.now());
  const ctx = { what: 'reading the rows', timeoutMs: opts.timeoutMs ?? state.settings.timeoutMs, sql };
  const call = streamCall(key, sql, opts.chunkRows ?? DEFAULT_CHUNK_ROWS, opts.rowCap ?? Number.POSITIVE_INFINITY, onChunk);
  return submit<StreamOutcome>(state, key, ctx, call, onFailure, opts.signal, grewMemory);
}

/** SQLite's normalized form of `sql` on `key`; null when it does not prepare or the call fails. */
export function normalizedCall(state: PoolState, key: string, sql: string): Promise<string | null> {
  return submit<string | null>(
    state,
    key,
    { what: 'normalizing', timeoutMs: state.settings.timeoutMs, sql },
    (api) => api.normalizedSql(key, sql),
    () => null,
  );
}
