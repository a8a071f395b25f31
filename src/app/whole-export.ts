/**
 * Saving a whole table or a whole query result, not the page on screen: the
 * query runs read-only in the SQL pool and its rows come back a chunk at a
 * time as the worker reads them (SqlPool.stream), each chunk written as CSV
 * or JSON text into a Blob part at once, so neither the worker nor the page
 * ever holds the result as one piece. The time limit counts per chunk, and
 * the person can cancel; a failure saves nothing.
 */
import type { ExecError } from '../core/exec/types.ts';
import type { SqlPool } from '../engines/sql/index.ts';
import { RESULT_FILE_TYPE, resultFileWriter, type ResultFileKind, type ResultFileWriter } from './result-files.ts';

/** Limit for each chunk of rows (a sort over a big table comes before its first chunk). */
export const EXPORT_CHUNK_TIMEOUT_MS = 60_000;

/** Where a whole result comes from: a query on a database open in the pool. */
export interface WholeResultSource {
  readonly pool: SqlPool;
  readonly key: string;
  readonly sql: string;
}

export type WholeExport = { readonly ok: true; readonly blob: Blob; readonly rows: number } | { readonly ok: false; readonly error: ExecError };

/** Rows per chunk the worker hands over (a message of a few hundred KB at most for ordinary rows). */
export const EXPORT_CHUNK_ROWS = 1000;

/**
 * Runs `source.sql` to its end and writes every row as a `kind` file.
 * `onRows(n)` hears how many rows are written so far; an abort of `signal`
 * rejects with its reason.
 *
 * @example
 * const r = await exportWhole({ pool, key: db.key, sql: 'SELECT * FROM "Track"' }, 'csv', { onRows: (n) => say(n) });
 * if (r.ok) downloadBlob('Track.csv', r.blob);
 */
export async function exportWhole(source: WholeResultSource, kind: ResultFileKind, options: { signal?: AbortSignal; onRows?: (rows: number) => void } = {}): Promise<WholeExport> {
  const type = RESULT_FILE_TYPE[kind];
  const parts: Blob[] = [];
  let writer: ResultFileWriter | null = null;
  let rows = 0;
  const out = await source.pool.stream(source.key, source.sql, { timeoutMs: EXPORT_CHUNK_TIMEOUT_MS, chunkRows: EXPORT_CHUNK_ROWS, ...(options.signal === undefined ? {} : { signal: options.signal }) }, (chunk, columns) => {
    writer ??= resultFileWriter(kind, columns);
    parts.push(new Blob([writer.add(chunk)], { type }));
    rows += chunk.length;
    options.onRows?.(rows);
  });
  if (!out.ok) return { ok: false, error: out.error };
  const end: ResultFileWriter = writer ?? resultFileWriter(kind, out.columns);
  parts.push(new Blob([end.end()], { type }));
  return { ok: true, blob: new Blob(parts, { type }), rows: out.rows };
}
