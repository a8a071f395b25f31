/**
 * Runs one candidate statement on an open sql.js database: guard first, then
 * SQLite's own statement count (defence in depth), then step up to the row
 * cap, converting values to Cells within a byte budget.
 */
import type { Database, Statement, StatementIterator } from 'sql.js';
import type { Cell, ExecError, ExecOutcome } from '../../../core/exec/types.ts';
import { execError } from '../../../core/exec/outcomes.ts';
import { guardSql } from '../../../core/sql/guard.ts';
import { splitStatements } from '../../../core/sql/guard-lex.ts';
import { thrownError, type FailureReader } from './errors.ts';
import { cellBytes, toCell } from './values.ts';

// Two sql.js 1.17 APIs that @types/sql.js 1.4 does not declare.
type RawValue = number | string | bigint | Uint8Array | null;
const getValues = (stmt: Statement, useBigInt: boolean): RawValue[] =>
  (stmt.get as unknown as (p: null, c: { useBigInt: boolean }) => RawValue[]).call(stmt, null, useBigInt ? BIGINTS : DOUBLES);
const BIGINTS = { useBigInt: true };
const DOUBLES = { useBigInt: false };

/**
 * The current row, every INTEGER exact. It is read with INTEGERs as doubles (cheap: no text,
 * no BigInt), and read again with BigInts only when it holds an integral number beyond
 * ±(2^53 − 1): an INTEGER within that range is exact as a double, and one beyond it never
 * reads as a double within it, so only such a row can hold a rounded INTEGER.
 */
function getRow(stmt: Statement): RawValue[] {
  const row = getValues(stmt, false);
  for (const v of row) if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) return getValues(stmt, true);
  return row;
}
const release = (it: StatementIterator): void => void (it as StatementIterator & { return(): unknown }).return();

const MiB = 1024 * 1024;

/**
 * Where a statement hands its rows over as it reads them (runStatement's
 * `chunks`): every `size` rows go to `emit` and are let go, so the budget of
 * `maxResultBytes` counts per chunk, and the outcome holds only the rows read
 * after the last full chunk.
 */
export interface RowChunks {
  readonly size: number;
  emit(rows: Cell[][], columns: readonly string[]): void;
}

/**
 * Executes `sql` if it is exactly one read-only statement. `cut` is true
 * when `rowCap` rows were returned and at least one more existed; a result
 * past `maxResultBytes` (rough JS size) fails TOO_LARGE. With `normalize`,
 * the outcome carries `normalizedSql` (as normalizeStatement would give it,
 * read off the statement prepared here). With `chunks`, the rows are handed
 * over `chunks.size` at a time as they are read (RowChunks), and `rowCap`
 * counts all of them. A failure's code is SQLite's result code, read with
 * `failureOf` (errors.ts).
 *
 * @example
 * runStatement(db, 'SELECT i FROM nums', 10, 64 * 2 ** 20, failureReader(SQL)) // { ok: true, columns: ['i'], rows: [[1], …], cut: true, ms }
 */
export function runStatement(
  db: Database,
  sql: string,
  rowCap: number,
  maxResultBytes: number,
  failureOf: FailureReader,
  normalize = false,
  chunks?: RowChunks,
): ExecOutcome {
  if (!Number.isInteger(rowCap) || rowCap < 0) throw new RangeError(`rowCap must be a non-negative integer, got ${rowCap}`);
  const t0 = performance.now();
  let normalized: string | null = null;
  const extra = (): { normalizedSql?: string | null } => (normalize ? { normalizedSql: normalized } : {});
  const fail = (error: ExecError): ExecOutcome => ({ ok: false, error, ms: performance.now() - t0, ...extra() });
  const guarded = guardSql(sql);
  if (!guarded.ok) return fail(guarded.error);
  const it = db.iterateStatements(guarded.sql);
  try {
    const first = it.next();
    if (first.done) return fail(execError('EMPTY', 'there is no SQL statement here.', guarded.sql));
    if (normalize) normalized = first.value.getNormalizedSQL();
    if (splitStatements(it.getRemainingSQL()).length > 0) {
      return fail(execError('MULTI_STATEMENT', 'SQLite found more than one statement; run exactly one.', guarded.sql));
    }
    const stmt = first.value;
    const columns = stmt.getColumnNames();
    let rows: Cell[][] = [];
    let bytes = 0;
    let handed = 0; // rows already emitted in chunks
    while (handed + rows.length < rowCap && stmt.step()) {
      const row: (RawValue | Cell)[] = getRow(stmt); // converted in place: sql.js hands out a fresh array per row
      for (let k = 0; k < row.length; k++) {
        const cell = toCell(row[k] as RawValue);
        row[k] = cell;
        bytes += cellBytes(cell);
      }
      if (bytes > maxResultBytes) {
        const size = `${Math.round(maxResultBytes / MiB)} MiB`;
        const message = `the result passed ${size} after ${handed + rows.length + 1} rows; add a LIMIT or select fewer, shorter columns.`;
        return fail(execError('TOO_LARGE', message, guarded.sql));
      }
      rows.push(row as Cell[]);
      if (chunks !== undefined && rows.length === chunks.size) {
        chunks.emit(rows, columns);
        handed += rows.length;
        rows = [];
        bytes = 0;
      }
    }
    const cut = handed + rows.length === rowCap && stmt.step();
    return { ok: true, columns, rows, cut, ms: performance.now() - t0, ...extra() };
  } catch (e) {
    return fail(thrownError(e, failureOf(db, e), guarded.sql));
  } finally {
    release(it);
  }
}

/**
 * SQLite's normalized text of a guarded statement (Statement.getNormalizedSQL:
 * literals become `?`, spacing and keyword case canonical), or null when the
 * guard refuses it or it does not prepare.
 *
 * @example
 * normalizeStatement(db, 'select title from book where id = 3') // 'SELECT title FROM book WHERE id=?;'
 */
export function normalizeStatement(db: Database, sql: string): string | null {
  const guarded = guardSql(sql);
  if (!guarded.ok) return null;
  try {
    const stmt = db.prepare(guarded.sql);
    try {
      return stmt.getNormalizedSQL();
    } finally {
      stmt.free();
    }
  } catch {
    return null;
  }
}
