/**
 * The databases a runner holds (runner.ts): open under a key, at most
 * `maxOpen` at once, the least recently used closed past that (a Map's
 * insertion order is the recency), and how a failure met while one runs
 * reads as an ExecError.
 */
import type { SqlJsStatic } from 'sql.js';
import type { ExecError } from '../../../core/exec/types.ts';
import { execError } from '../../../core/exec/outcomes.ts';
import type { DbSource } from '../source.ts';
import type { OpenCheck, OpenOutcome } from '../types.ts';
import { thrownError, type failureReader } from './errors.ts';
import { DamagedFile, openDatabase, type Opened, type OpenSettings } from './open.ts';

/** What a runner works with: sql.js, its settings, and the databases it holds. */
export interface RunnerState {
  readonly SQL: SqlJsStatic;
  /** Open databases by key; insertion order is recency. */
  readonly dbs: Map<string, Opened>;
  readonly maxOpen: number;
  readonly heapLimit: number;
  readonly maxResultBytes: number;
  readonly lazyCacheBytes: number;
  readonly failureOf: ReturnType<typeof failureReader>;
  readonly settings: OpenSettings;
}

/** The database open under `key`, now the most recently used; throws a RangeError when none is. */
export function held(state: RunnerState, key: string): Opened {
  const opened = state.dbs.get(key);
  if (opened === undefined) throw new RangeError(`no database is open under key "${key}"; call open first`);
  state.dbs.delete(key);
  state.dbs.set(key, opened);
  return opened;
}

/** Closes the database under `key` (and its file read on demand); false when none was open. */
export function closeHeld(state: RunnerState, key: string): boolean {
  const opened = state.dbs.get(key);
  if (opened === undefined) return false;
  state.dbs.delete(key);
  opened.db.close();
  opened.lazy?.close();
  return true;
}

/** Opens `source` under `key` (closing what was there), then closes the least recently used past `maxOpen`. */
export function openHeld(state: RunnerState, key: string, source: DbSource, check?: OpenCheck): OpenOutcome {
  const t0 = performance.now();
  closeHeld(state, key);
  const r = openDatabase(state.SQL, source, check, state.settings);
  if (!r.ok) return { ok: false, error: r.error, ms: performance.now() - t0 };
  state.dbs.set(key, r.opened);
  while (state.dbs.size > state.maxOpen) closeHeld(state, state.dbs.keys().next().value!);
  return { ok: true, ms: performance.now() - t0, ...(r.opened.wal === null ? {} : { wal: r.opened.wal }) };
}

/** An error met while reading a lazy file is a read failure, whatever SQLite made of the zeros it got. */
export function readFailure(opened: Opened): ExecError | null {
  return opened.lazy?.failure == null
    ? null
    : execError('CORRUPT', `the file could not be read: ${opened.lazy.failure}; was it changed, moved or removed while open? Open it again.`);
}

/** What was thrown while `opened` ran SQLite, as an ExecError (the runner's own DamagedFile is CORRUPT). */
export function errorOf(state: RunnerState, opened: Opened, e: unknown): ExecError {
  return e instanceof DamagedFile ? execError('CORRUPT', e.message) : thrownError(e, state.failureOf(opened.db, e));
}
