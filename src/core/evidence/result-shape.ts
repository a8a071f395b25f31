/**
 * The shape of one execution's result, as the evidence reads it: rows and
 * columns, one numeric cell, a zero, NULL cells, repeated rows, columns that
 * hold only ids. Rows beyond the runner's row cap are not seen (`cut`).
 * A text longer than LONG_TEXT is compared by its length, head and tail, so
 * reading the shape of a result that holds a 30-million-character cell takes
 * microseconds, not a stall of the page that shows it.
 */
import type { Cell, ExecSuccess } from '../exec/types.ts';

export interface ResultShape {
  readonly rows: number;
  readonly columns: number;
  readonly cut: boolean;
  /** One row of one cell holding a number. */
  readonly oneNumber: boolean;
  /** The single cell's value when the result is one cell; undefined otherwise. */
  readonly single: Cell | undefined;
  /** Share of the rows that repeat an earlier row (0 when empty). */
  readonly duplicateShare: number;
  /** Share of the cells that are NULL (0 when empty). */
  readonly nullShare: number;
  /** Every column is named like an id (`id`, `…_id`, `…Id`) and holds integers or NULL. */
  readonly idsOnly: boolean;
  /** Numbers of the result (at most the first 1,000 rows read). */
  readonly numbers: readonly number[];
}

const ID_NAME = /(^id$|_id$|[a-z]Id$|^id_|\bid\b)/;
const READ_ROWS = 1000;
/** Texts longer than this are keyed by length, head and tail (a repeat of such a text is one of equal length and ends). */
const LONG_TEXT = 4096;
const END = 512;

/** A row's identity for counting repeats, reading at most about 1 KB of each long text. */
function rowKey(row: readonly Cell[]): string {
  return JSON.stringify(row.map((c) => (typeof c === 'string' && c.length > LONG_TEXT ? [c.length, c.slice(0, END), c.slice(-END)] : c)));
}

/**
 * Reads a success's shape.
 *
 * @example resultShape({ ok: true, columns: ['n'], rows: [[0]], cut: false, ms: 1 }).oneNumber; // true
 */
export function resultShape(exec: ExecSuccess): ResultShape {
  const rows = exec.rows.length;
  const columns = exec.columns.length;
  const seen = new Set<string>();
  let repeats = 0;
  let nulls = 0;
  const numbers: number[] = [];
  exec.rows.slice(0, READ_ROWS).forEach((row) => {
    const key = rowKey(row);
    if (seen.has(key)) repeats++;
    else seen.add(key);
    for (const c of row) {
      if (c === null) nulls++;
      else if (typeof c === 'number') numbers.push(c);
    }
  });
  const read = Math.min(rows, READ_ROWS);
  const single = rows === 1 && columns === 1 ? exec.rows[0]![0] : undefined;
  const idsOnly =
    columns > 0 &&
    rows > 0 &&
    exec.columns.every(
      (name, j) => ID_NAME.test(name) && exec.rows.slice(0, READ_ROWS).every((r) => r[j] === null || (typeof r[j] === 'number' && Number.isInteger(r[j]))),
    );
  return {
    rows,
    columns,
    cut: exec.cut,
    oneNumber: rows === 1 && columns === 1 && typeof single === 'number',
    single,
    duplicateShare: read === 0 ? 0 : repeats / read,
    nullShare: read === 0 || columns === 0 ? 0 : nulls / (read * columns),
    idsOnly,
    numbers,
  };
}
