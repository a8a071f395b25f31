/**
 * Values too long to read with a page: the table browser reads its rows
 * with every long text cut (browse-sql.ts, `cappedSql`), shows the cut cells
 * as cut, and reads a whole value a piece at a time (`pieceSql`) when it is
 * shown or saved, so a table with a 100 MB cell can be browsed and saved
 * whole; before, its page passed the result budget ("add a LIMIT", which the
 * browser offers no way to do).
 */
import type { ExecError, ExecSuccess } from '../../core/exec/types.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { PIECE_CHARS, pieceSql, type BrowseQuery, type RowRef } from './browse-sql.ts';

/** A capped result read back: the rows under their own column names, the whole length of each cut cell by `row:column`, and how to name each row. */
export interface Uncapped {
  readonly result: ExecSuccess;
  readonly cut: ReadonlyMap<string, number>;
  /** Row `i` of the result as pieceSql names it: its rowid when the query read it, else its place (`firstRow + i`). */
  ref(i: number): RowRef;
}

/**
 * Splits `cappedSql`'s result (values, lengths, and the rowid when read) back into `columns`.
 *
 * @example uncap(r, ['body'], true).cut.get('0:0'); // 104857600 for a 100 MB body in the first row
 */
export function uncap(r: ExecSuccess, columns: readonly string[], rowid: boolean, firstRow = 0): Uncapped {
  const k = columns.length;
  const cut = new Map<string, number>();
  const rows = r.rows.map((row, i) => {
    for (let c = 0; c < k; c++) {
      const n = row[k + c];
      if (typeof n === 'number') cut.set(`${i}:${c}`, n);
    }
    return row.slice(0, k);
  });
  const ref = (i: number): RowRef => {
    const id = rowid ? r.rows[i]?.[2 * k] : undefined;
    return typeof id === 'number' || typeof id === 'string' ? { rowid: id } : { offset: firstRow + i };
  };
  return { result: { ...r, columns: [...columns], rows }, cut, ref };
}

/** Where a long value lives: the browser's query, its columns, and the cell. */
export interface LongValue {
  readonly sqlPool: SqlPool;
  readonly key: string;
  readonly query: BrowseQuery;
  readonly columns: readonly string[];
  /** The row (its rowid, or its place in the browser's order) and the column's index. */
  readonly row: RowRef;
  readonly column: number;
  /** The value's whole length in characters. */
  readonly length: number;
}

/** Time limit for reading one piece (it reads the row again). */
const PIECE_TIMEOUT_MS = 60_000;

/**
 * The whole value, a piece at a time (each at most PIECE_CHARS characters);
 * throws the failure of a piece as `{code, message}` (ExecError).
 *
 * @example for await (const piece of valuePieces(v, signal)) parts.push(piece);
 */
export async function* valuePieces(v: LongValue, signal?: AbortSignal): AsyncGenerator<string> {
  const name = v.columns[v.column] as string;
  for (let from = 1; from <= v.length; from += PIECE_CHARS) {
    const r = await v.sqlPool.run(v.key, pieceSql(v.query, v.columns, v.row, name, from, PIECE_CHARS), {
      timeoutMs: PIECE_TIMEOUT_MS,
      ...(signal === undefined ? {} : { signal }),
    });
    if (!r.ok) throw r.error satisfies ExecError;
    const row = r.rows[0];
    const piece = row?.[row.length - 1];
    if (typeof piece !== 'string')
      throw { code: 'SQLITE_ERROR', message: 'the value changed while it was read (the row is no longer there)' } satisfies ExecError;
    yield piece;
  }
}

/**
 * The whole value as a Blob of text.
 *
 * @example downloadBlob('cell.txt', await wholeValue(v));
 */
export async function wholeValue(v: LongValue, signal?: AbortSignal): Promise<Blob> {
  const parts: string[] = [];
  for await (const piece of valuePieces(v, signal)) parts.push(piece);
  return new Blob(parts, { type: 'text/plain' });
}
