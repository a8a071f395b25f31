/**
 * Which databases the pool's workers must hold: every open database (the
 * pool's own copy of the bytes, or the file every worker reads on demand)
 * with its version, and the opens still in flight that idle workers load
 * ahead (`preload`), so a worker is ready when the open answers. A worker
 * loads what it lacks before it takes a call; a copy preloaded for an open
 * that then fails or is superseded is closed again.
 */
import type { DbSource } from '../source.ts';
import type { OpenOutcome } from '../types.ts';
import { sent, type CallResult, type WorkerSlot } from './slot.ts';

/** Failed loads of one database after which idle workers stop preloading it. */
const MAX_LOAD_FAILURES = 3;

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

/** What a slot should load next while idle, as `nextLoad` finds it. */
export type LoadTask = () => Promise<void>;

/** What the holdings keep: the open databases, the opens in flight, and how to reach and replace the workers. */
interface HoldingsState {
  readonly store: Map<string, Entry>;
  /** Opens in flight by key, which idle workers preload (each worker tries once). */
  readonly opening: Map<string, Opening>;
  readonly slots: () => readonly (WorkerSlot | null)[];
  readonly replace: (slot: WorkerSlot, crashReason?: string) => void;
  readonly loadTimeoutMs: number;
}

/**
 * The databases of one pool over its workers (`slots`); `replace` is called
 * for a worker that times out or dies while loading.
 *
 * @example
 * const holdings = createHoldings(() => workers.slots, workers.replace, 30_000);
 */
export function createHoldings(slots: () => readonly (WorkerSlot | null)[], replace: (slot: WorkerSlot, crashReason?: string) => void, loadTimeoutMs: number) {
  const state: HoldingsState = { store: new Map(), opening: new Map(), slots, replace, loadTimeoutMs };
  return {
    /** Loads `key` into `slot` unless it has the stored version already; null when nothing failed. */
    ensureLoaded: (slot: WorkerSlot, key: string): Promise<CallResult<unknown> | null> => ensureLoaded(state, slot, key),
    /** An open database `slot` lacks (and may still load), as a task loading it; null when it holds them all. */
    missing: (slot: WorkerSlot): LoadTask | null => missingTask(state, slot),
    /** An open in flight an idle `slot` may load ahead, as a task; null when there is none. */
    preloadFor: (slot: WorkerSlot): LoadTask | null => preloadTask(state, slot),
    /** An open of `key` at `version` has just been submitted: idle workers may load it ahead. */
    preload(key: string, source: DbSource, version: number): void {
      state.opening.set(key, { version, source, tried: new Set() });
    },
    /** Records the database under `key` (a new version); `holder` already has it loaded, and so have the workers that preloaded it. */
    remember: (key: string, source: DbSource, version: number, holder: WorkerSlot | null): void => remember(state, key, source, version, holder),
    /** The open of `key` at `version` failed or was superseded: the copies preloaded for it are closed. */
    abandon: (key: string, version: number): void => abandon(state, key, version),
    /** Forgets `key` and closes it in every worker (posted after the next call there, before one that loads `key`: WorkerSlot.closeLater). */
    forget: (key: string): void => forget(state, key),
    has: (key: string): boolean => state.store.has(key),
  };
}

/** The pool's databases, as createHoldings returns them. */
export type Holdings = ReturnType<typeof createHoldings>;

/** Loads `source` under `key` into `slot`; a worker that times out or dies doing so is replaced. */
async function load(state: HoldingsState, slot: WorkerSlot, key: string, source: DbSource): Promise<CallResult<OpenOutcome>> {
  if (slot.closes(key)) slot.postCloses();
  const r = await slot.call<OpenOutcome>((api) => api.open(key, sent(source), 'header'), state.loadTimeoutMs);
  if (r.kind === 'timeout' || r.kind === 'crash') state.replace(slot, r.kind === 'crash' ? r.reason : undefined);
  return r;
}

/** Loads `key` into `slot` unless it has the stored version already; null when nothing failed. */
async function ensureLoaded(state: HoldingsState, slot: WorkerSlot, key: string): Promise<CallResult<unknown> | null> {
  const { store } = state;
  const entry = store.get(key);
  if (entry === undefined) return { kind: 'threw', error: new RangeError(`no database is open under key "${key}"; call open first`) };
  if (slot.loaded.get(key) === entry.version) return null;
  const r = await load(state, slot, key, entry.source);
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

/** An open database `slot` lacks (and may still load), as a task loading it; null when it holds them all. */
function missingTask(state: HoldingsState, slot: WorkerSlot): LoadTask | null {
  const missing = [...state.store].find(([k, e]) => slot.loaded.get(k) !== e.version && e.failures < MAX_LOAD_FAILURES);
  return missing === undefined ? null : async () => void (await ensureLoaded(state, slot, missing[0]));
}

/** An open in flight an idle `slot` may load ahead, as a task; null when there is none. */
function preloadTask(state: HoldingsState, slot: WorkerSlot): LoadTask | null {
  // Not into a worker holding an older copy: its queued calls run on that copy until the open answers.
  const next = [...state.opening].find(([key, o]) => !o.tried.has(slot) && !slot.loaded.has(key));
  if (next === undefined) return null;
  const [key, o] = next;
  o.tried.add(slot);
  return async () => {
    const r = await load(state, slot, key, o.source);
    if (r.kind === 'ok' && r.value.ok) settlePreload(state, slot, key, o.version);
  };
}

/**
 * Where a finished preload of `key` at `version` leaves its worker: loaded
 * when that version is open by now, held early while its open still runs,
 * or closed when the open failed or was superseded.
 */
function settlePreload(state: HoldingsState, slot: WorkerSlot, key: string, version: number): void {
  if (state.store.get(key)?.version === version) slot.hold(key, version);
  else if (state.opening.get(key)?.version === version) slot.early.set(key, version);
  else slot.closeLater(key);
}

/** Records the database under `key` (a new version); `holder` already has it loaded, and so have the workers that preloaded it. */
function remember(state: HoldingsState, key: string, source: DbSource, version: number, holder: WorkerSlot | null): void {
  state.store.set(key, { source, version, failures: 0 });
  if (state.opening.get(key)?.version === version) state.opening.delete(key);
  holder?.hold(key, version);
  for (const slot of state.slots()) if (slot !== null && slot.early.get(key) === version) slot.hold(key, version);
}

/** The open of `key` at `version` failed or was superseded: the copies preloaded for it are closed. */
function abandon(state: HoldingsState, key: string, version: number): void {
  if (state.opening.get(key)?.version === version) state.opening.delete(key);
  for (const slot of state.slots()) if (slot !== null && slot.early.get(key) === version) slot.closeLater(key);
}

/** Forgets `key` and closes it in every worker. */
function forget(state: HoldingsState, key: string): void {
  state.store.delete(key);
  state.opening.delete(key);
  for (const slot of state.slots()) if (slot !== null) slot.closeLater(key);
}
