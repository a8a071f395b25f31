/**
 * What a runner reads from a database it holds (runner.ts): its schema, an
 * integrity check, its memory, one statement's outcome, a batch of them,
 * or one statement's rows a chunk at a time. Each takes the runner's state
 * and plain data, and gives back plain data.
 */
import { DEFAULT_ROW_CAP, type Cell, type ExecOutcome } from '../../../core/exec/types.ts';
import { execError } from '../../../core/exec/outcomes.ts';
import { resultFingerprint } from '../../../core/results/fingerprint.ts';
import type { CheckOutcome, ChunksAnswer, ExecExtras, MemoryReport, SchemaOutcome } from '../types.ts';
import { quickCheck } from './open.ts';
import { errorOf, held, readFailure, type RunnerState } from './runner-held.ts';
import { readSchema } from './schema.ts';
import { runStatement } from './statement.ts';

/** Rows read per column for sample values of a file read on demand (a DISTINCT over a whole big table is a full scan). */
const SAMPLE_SCAN_ROWS = 1000;

/** The schema of the database under `key`. */
export function schemaOf(state: RunnerState, key: string): SchemaOutcome {
  const opened = held(state, key);
  try {
    // A file read on demand is not scanned: row counts are estimates and samples come from the first rows.
    return { ok: true, schema: readSchema(opened.db, opened.lazy === null ? {} : { estimateCounts: true, sampleScanRows: SAMPLE_SCAN_ROWS }) };
  } catch (e) {
    return { ok: false, error: readFailure(opened) ?? errorOf(state, opened, e) };
  }
}

/** SQLite's quick check of the database under `key`; whatever fails is CORRUPT unless it is TOO_LARGE. */
export function checkOf(state: RunnerState, key: string): CheckOutcome {
  const t0 = performance.now();
  const opened = held(state, key);
  try {
    quickCheck(opened.db);
    const failure = readFailure(opened);
    return failure === null ? { ok: true, ms: performance.now() - t0 } : { ok: false, error: failure, ms: performance.now() - t0 };
  } catch (e) {
    const err = readFailure(opened) ?? errorOf(state, opened, e);
    const error = err.code === 'TOO_LARGE' || err.code === 'CORRUPT' ? err : execError('CORRUPT', `the SQLite file is damaged: ${err.message}`);
    return { ok: false, error, ms: performance.now() - t0 };
  }
}

/** SQLite's heap in use and its limit, where temporary tables go, and the lazy file's cache. */
export function memoryOf(state: RunnerState, key: string): MemoryReport {
  const { db, lazy } = held(state, key);
  const used = (state.SQL as unknown as { _sqlite3_memory_used(): number | bigint })._sqlite3_memory_used();
  const store = db.exec('PRAGMA temp_store')[0]?.values[0]?.[0];
  return {
    sqliteHeapBytes: Number(used),
    heapLimitBytes: Math.floor(state.heapLimit),
    tempStore: store === 2 ? 'memory' : store === 1 ? 'file' : 'default',
    lazy: lazy === null ? null : { ...lazy.stats(), size: lazy.length, cacheBoundBytes: state.lazyCacheBytes },
  };
}

/** One statement's outcome, fingerprinted here (where the rows are) when asked, so the page never hashes a large result. */
export function execOne(state: RunnerState, key: string, sql: string, rowCap: number = DEFAULT_ROW_CAP, fingerprint = false, normalize = false): ExecOutcome {
  const opened = held(state, key);
  const out = runStatement(opened.db, sql, rowCap, state.maxResultBytes, state.failureOf, normalize);
  const failure = readFailure(opened);
  if (failure !== null) return { ok: false, error: { ...failure, sql }, ms: out.ms, ...(normalize ? { normalizedSql: out.normalizedSql ?? null } : {}) };
  return out.ok && fingerprint ? { ...out, fingerprint: resultFingerprint(out) } : out;
}

/** Runs the statements `next` picks in turn, reporting each outcome; how many ran. */
export function execBatchOf(
  state: RunnerState,
  key: string,
  sqls: readonly string[],
  rowCap: number | undefined,
  report: (index: number, outcome: ExecOutcome) => void,
  extras: ExecExtras = {},
  next = (after: number): number => after + 1,
): number {
  held(state, key); // a key that is not open throws before anything runs
  let ran = 0;
  for (let i = next(-1); i < sqls.length; i = next(i), ran++) report(i, execOne(state, key, sqls[i]!, rowCap, extras.fingerprint, extras.normalize));
  return ran;
}

/** One statement's rows reported `chunkRows` at a time; the answer counts the chunks and carries the last outcome. */
export function execChunksOf(
  state: RunnerState,
  key: string,
  sql: string,
  chunkRows: number,
  rowCap: number,
  report: (index: number, chunk: ExecOutcome) => void,
): ChunksAnswer {
  if (!Number.isInteger(chunkRows) || chunkRows < 1) throw new RangeError(`chunkRows must be a positive integer, got ${chunkRows}`);
  const opened = held(state, key);
  const t0 = performance.now();
  let chunks = 0;
  const emit = (rows: Cell[][], columns: readonly string[]): void => report(chunks++, { ok: true, columns, rows, cut: false, ms: performance.now() - t0 });
  const out = runStatement(opened.db, sql, rowCap, state.maxResultBytes, state.failureOf, false, { size: chunkRows, emit });
  const failure = readFailure(opened);
  return { chunks, last: failure === null ? out : { ok: false, error: { ...failure, sql }, ms: out.ms } };
}
