/**
 * Saving a whole table or a whole query result, not the page on screen: the
 * query runs read-only in the SQL pool and its rows come back a chunk at a
 * time as the worker reads them (SqlPool.stream), each chunk written as CSV
 * or JSON text into a Blob part at once, so neither the worker nor the page
 * ever holds the result as one piece. The time limit counts per chunk, and
 * the person can cancel; a failure saves nothing.
 *
 * The table browser's rows are read with long values cut (`capped`:
 * browse-sql.ts's cappedSql), and each cut value is then read whole, a piece
 * at a time, into the file in its place (big-cells.ts), so a 100 MB cell is
 * saved whole without passing the SQL worker's result budget.
 */
import type { Cell, ExecError } from '../../core/exec/types.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { valuePieces } from './big-cells.ts';
import { BROWSE_CELL_CHARS, cappedSql, type BrowseQuery, type RowRef } from './browse-sql.ts';
import { longField, RESULT_FILE_TYPE, resultFileWriter, type ResultFileKind, type ResultFileWriter } from './files.ts';

/** Limit for each chunk of rows (a sort over a big table comes before its first chunk). */
export const EXPORT_CHUNK_TIMEOUT_MS = 60_000;

/** Where a whole result comes from: a query on a database open in the pool. */
export interface WholeResultSource {
  readonly sqlPool: SqlPool;
  readonly key: string;
  readonly sql: string;
  /** The table browser's query and columns: rows are read with long values cut and each cut value read whole in pieces. */
  readonly capped?: { readonly query: BrowseQuery; readonly columns: readonly string[]; readonly rowid: boolean };
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
 * const r = await exportWhole({ sqlPool, key: db.key, sql: 'SELECT * FROM "Track"' }, 'csv', { onRows: (n) => say(n) });
 * if (r.ok) downloadBlob('Track.csv', r.blob);
 */
export async function exportWhole(
  source: WholeResultSource,
  kind: ResultFileKind,
  options: { signal?: AbortSignal; onRows?: (rows: number) => void } = {},
): Promise<WholeExport> {
  if (source.capped !== undefined) return exportCapped(source, source.capped, kind, options);
  const type = RESULT_FILE_TYPE[kind];
  const parts: Blob[] = [];
  let writer: ResultFileWriter | null = null;
  let rows = 0;
  const out = await source.sqlPool.stream(
    source.key,
    source.sql,
    { timeoutMs: EXPORT_CHUNK_TIMEOUT_MS, chunkRows: EXPORT_CHUNK_ROWS, ...(options.signal === undefined ? {} : { signal: options.signal }) },
    (chunk, columns) => {
      writer ??= resultFileWriter(kind, columns);
      parts.push(new Blob([writer.add(chunk)], { type }));
      rows += chunk.length;
      options.onRows?.(rows);
    },
  );
  if (!out.ok) return { ok: false, error: out.error };
  const end: ResultFileWriter = writer ?? resultFileWriter(kind, out.columns);
  parts.push(new Blob([end.end()], { type }));
  return { ok: true, blob: new Blob(parts, { type }), rows: out.rows };
}

/** Bytes of cut rows one chunk may hold (a row counted at its cut size), well under the worker's result budget. */
const CAPPED_CHUNK_BYTES = 16 * 2 ** 20;

/** A row written with placeholders, waiting for its long values. */
interface Pending {
  readonly text: string;
  /** The row (as pieceSql names it) and, per column cut, its whole length. */
  readonly row: RowRef;
  readonly cut: ReadonlyMap<number, number>;
}

/** exportWhole for the table browser's rows: cut values read whole in pieces, in their place. */
async function exportCapped(
  source: WholeResultSource,
  capped: NonNullable<WholeResultSource['capped']>,
  kind: ResultFileKind,
  options: { signal?: AbortSignal; onRows?: (rows: number) => void },
): Promise<WholeExport> {
  const { columns } = capped;
  const k = columns.length;
  const type = RESULT_FILE_TYPE[kind];
  const writer = resultFileWriter(kind, columns);
  const long = longField(kind);
  const parts: (Blob | Pending)[] = [];
  let rows = 0;
  const chunkRows = Math.max(1, Math.min(EXPORT_CHUNK_ROWS, Math.floor(CAPPED_CHUNK_BYTES / (k * BROWSE_CELL_CHARS * 2 + 64))));
  const out = await source.sqlPool.stream(
    source.key,
    cappedSql(capped.query, columns, capped.rowid),
    { timeoutMs: EXPORT_CHUNK_TIMEOUT_MS, chunkRows, ...(options.signal === undefined ? {} : { signal: options.signal }) },
    (chunk) => {
      let run: Cell[][] = [];
      const flush = (): void => {
        if (run.length > 0) parts.push(new Blob([writer.add(run)], { type }));
        run = [];
      };
      chunk.forEach((raw, i) => {
        const cut = new Map<number, number>();
        for (let c = 0; c < k; c++) if (typeof raw[k + c] === 'number') cut.set(c, raw[k + c] as number);
        if (cut.size === 0) return void run.push(raw.slice(0, k));
        flush();
        const id = capped.rowid ? raw[2 * k] : undefined;
        const row: RowRef = typeof id === 'number' || typeof id === 'string' ? { rowid: id } : { offset: rows + i };
        parts.push({ text: writer.add([raw.slice(0, k).map((v, c) => (cut.has(c) ? long.placeholder(c) : v))]), row, cut });
      });
      flush();
      rows += chunk.length;
      options.onRows?.(rows);
    },
  );
  if (!out.ok) return { ok: false, error: out.error };
  parts.push(new Blob([writer.end()], { type }));
  const blobs: Blob[] = [];
  try {
    for (const p of parts) blobs.push(p instanceof Blob ? p : await longRow(p));
  } catch (e) {
    if (options.signal?.aborted) throw e;
    const m = e as Partial<ExecError>;
    return { ok: false, error: { code: m.code ?? 'SQLITE_ERROR', message: `a long value could not be read whole: ${m.message ?? String(e)}` } };
  }
  return { ok: true, blob: new Blob(blobs, { type }), rows: out.rows };

  /** A waiting row with each long value read in pieces into its place. */
  async function longRow(p: Pending): Promise<Blob> {
    const pieces: (string | Blob)[] = [];
    let rest = p.text;
    for (const [c, length] of [...p.cut].sort((a, b) => p.text.indexOf(long.encoded(a[0])) - p.text.indexOf(long.encoded(b[0])))) {
      const at = rest.indexOf(long.encoded(c));
      pieces.push(rest.slice(0, at), long.open);
      let first = true;
      for await (const piece of valuePieces(
        { sqlPool: source.sqlPool, key: source.key, query: capped.query, columns, row: p.row, column: c, length },
        options.signal,
      )) {
        pieces.push(new Blob([long.piece(piece, first)]));
        first = false;
      }
      pieces.push(long.close);
      rest = rest.slice(at + long.encoded(c).length);
    }
    pieces.push(rest);
    return new Blob(pieces, { type });
  }
}
