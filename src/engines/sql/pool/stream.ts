/**
 * SqlPool.stream's call: one statement read to its end in one worker, its
 * rows handed to the caller a chunk at a time as the worker reads them
 * (SqlWorkerApi.execChunks posts each chunk on the worker's report port, the
 * lane runMany's batches use). The time limit counts per chunk: each chunk
 * that arrives rearms it, so a long export goes on while rows flow and a
 * statement that stops yielding rows is stopped like any other. Chunks are
 * taken in order; the answer, which may overtake the last chunks posted (it
 * travels on another channel), waits for them.
 */
import type { Remote } from 'comlink';
import type { Cell } from '../../../core/exec/types.ts';
import type { BatchReport, SqlWorkerApi } from '../api.ts';
import type { StreamOutcome } from './pool-types.ts';
import type { ReportLane } from './slot.ts';

/** What one chunk hands the caller: its rows, and the result's column names. */
export type ChunkListener = (rows: readonly (readonly Cell[])[], columns: readonly string[]) => void;

/**
 * The scheduler call that streams `sql` (rows in chunks of `chunkRows`, at most `rowCap`) to `onChunk`.
 *
 * @example
 * submit(key, ctx, streamCall('db', 'SELECT * FROM t', 5000, Infinity, (rows) => parts.push(rows)), onFailure);
 */
export function streamCall(key: string, sql: string, chunkRows: number, rowCap: number, onChunk: ChunkListener) {
  return async (api: Remote<SqlWorkerApi>, rearm: () => void, lane: ReportLane): Promise<StreamOutcome> => {
    const started = performance.now();
    let next = 0; // the next chunk to hand over
    let total = 0;
    let columns: readonly string[] = [];
    let allIn = (): void => undefined;
    let expected = Number.POSITIVE_INFINITY;
    const take = (reports: readonly BatchReport[]): void => {
      for (const [i, chunk] of reports) {
        if (i !== next || !chunk.ok) continue;
        next += 1;
        total += chunk.rows.length;
        columns = chunk.columns;
        onChunk(chunk.rows, chunk.columns);
        rearm();
      }
      if (next >= expected) allIn();
    };
    const all = new Promise<void>((resolve) => (allIn = resolve));
    const batch = lane.begin(take);
    const reply = await api.execChunks(key, sql, chunkRows, Number.isFinite(rowCap) ? rowCap : Number.MAX_SAFE_INTEGER, batch);
    expected = reply.posted;
    take([]);
    if (next < expected) await all;
    take(reply.held);
    const last = reply.last;
    if (!last.ok) return last;
    if (last.rows.length > 0) onChunk(last.rows, last.columns);
    return { ok: true, columns: next === 0 ? last.columns : columns, rows: total + last.rows.length, cut: last.cut, ms: performance.now() - started };
  };
}
