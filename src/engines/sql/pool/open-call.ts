/**
 * SqlPool.open: the database loaded, its header checked and (unless
 * `schema: false`) its schema read in one round trip, while the other idle
 * workers load the same copy (Scheduler.preload). The pool keeps its own
 * copy of bytes (a file read on demand is never copied); an open that fails,
 * or that a newer open or a close of its key overtook, is not recorded.
 */
import type { Remote } from 'comlink';
import type { SqlWorkerApi } from '../api.ts';
import { describeSource, hasWal, isLazySource, type DbSource } from '../source.ts';
import type { OpenOutcome, SchemaOutcome } from '../types.ts';
import type { OpenKeys } from './open-keys.ts';
import type { SqlOpenOptions } from './pool-types.ts';
import type { Scheduler } from './scheduler.ts';
import { sent, type CallResult, type WorkerSlot } from './slot.ts';
import { submitCall } from './submit.ts';

const isBlob = (x: unknown): x is Blob => typeof Blob !== 'undefined' && x instanceof Blob;

/** What an open needs from its pool. */
export interface OpenDeps {
  readonly scheduler: Scheduler;
  readonly keys: OpenKeys;
  readonly maxOpen: number;
  readonly openTimeoutMs: number;
}

/** SqlPool.open over a pool's parts. */
export interface OpenCall {
  (key: string, source: DbSource, options: SqlOpenOptions & { readonly schema: false }): Promise<OpenOutcome>;
  (key: string, source: DbSource, options?: SqlOpenOptions): Promise<SchemaOutcome>;
}

/**
 * The pool's open.
 *
 * @example
 * const open = openCall({ scheduler, keys, maxOpen: 4, openTimeoutMs: 30_000 });
 * await open('demo', bytes); // { ok: true, schema }
 */
export function openCall(deps: OpenDeps): OpenCall {
  const { scheduler, keys, maxOpen, openTimeoutMs } = deps;
  function open(key: string, source: DbSource, options: SqlOpenOptions & { readonly schema: false }): Promise<OpenOutcome>;
  function open(key: string, source: DbSource, options?: SqlOpenOptions): Promise<SchemaOutcome>;
  function open(key: string, source: DbSource, openOptions: SqlOpenOptions = {}): Promise<SchemaOutcome | OpenOutcome> {
    const isFile = (f: unknown): boolean => isBlob(f) || (typeof f === 'object' && f !== null && typeof (f as { path?: unknown }).path === 'string');
    const lazy = source instanceof Uint8Array ? false : isLazySource(source) && (hasWal(source) ? isFile(source.main) && isFile(source.wal) : isFile(source));
    if (!(source instanceof Uint8Array) && !lazy)
      return Promise.reject(new RangeError('open needs the file as a Uint8Array, a File/Blob, { path }, or { main, wal } of those'));
    const held = source instanceof Uint8Array ? source.slice() : source; // a file read on demand is never copied
    const { gen, version } = keys.begin(key);
    // Loaded, header checked and schema read (unless `schema: false`), in one round trip; damage met later is
    // CORRUPT then (`check` for the whole file).
    const started = performance.now();
    const withSchema = openOptions.schema !== false;
    const call = (api: Remote<SqlWorkerApi>): Promise<SchemaOutcome | OpenOutcome> =>
      withSchema ? api.openRead(key, sent(held), 'header') : api.open(key, sent(held), 'header');
    let answered = false;
    const record = (r: CallResult<unknown>, slot: WorkerSlot | null): void => {
      answered = true;
      if (r.kind !== 'ok' || !(r.value as SchemaOutcome | OpenOutcome).ok || !keys.current(key, gen)) {
        slot?.drop(key); // its worker may hold a superseded copy
        scheduler.abandon(key, version);
        return;
      }
      if (!scheduler.has(key) && keys.count() >= maxOpen) keys.forget(keys.oldest()!);
      keys.touch(key);
      scheduler.remember(key, held, version, slot);
    };
    const name = openOptions.name ?? (source instanceof Uint8Array ? key : describeSource(source));
    const ctx = { what: `opening "${name}"`, timeoutMs: openTimeoutMs, opens: key };
    if (scheduler.closed) return Promise.reject(new Error('the SQL pool was terminated; create a new one'));
    const opened = submitCall<SchemaOutcome | OpenOutcome>(scheduler, {
      key: null,
      ctx,
      call,
      onFailure: (error, ms) => ({ ok: false, error, ms: ms ?? performance.now() - started }),
      signal: openOptions.signal,
      onSettled: record,
    });
    if (!answered) scheduler.preload(key, held, version); // the other idle workers load it meanwhile
    return opened;
  }
  return open;
}
