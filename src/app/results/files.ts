/**
 * A result as the text of a CSV or JSON file, written a chunk of rows at a
 * time, so a whole table streamed from the SQL worker becomes a file without
 * ever being one string (each chunk's text goes into a Blob and is let go).
 * CSV: a header row, CRLF line ends, NULL as an empty field, a blob as an
 * SQL blob literal, every field quoted by the one CSV writer (core/eval/csv).
 * JSON: an array of row objects keyed by column name (a repeated name gets
 * the first free `_2`, `_3` … that no column of the result is called, so
 * `SELECT 1 AS a, 2 AS a, 3 AS a_2` keeps all three as `a`, `a_3`, `a_2`; a
 * blob cell is `{blob, bytes}`; a number JSON cannot write, SQLite's
 * infinities, is `{"number": "Infinity"}` or `{"number": "-Infinity"}`, as a
 * blob is an object: never `null`, which is NULL's, nor a string a text cell
 * could hold), laid out exactly as `JSON.stringify(rows, null, 2)`
 * would.
 */
import type { Cell, ExecSuccess } from '../../core/exec/types.ts';
import { toCsv } from '../../core/eval/index.ts';
import { readsAsFormula } from '../../core/eval/csv.ts';

export type ResultFileKind = 'csv' | 'json';

/** The MIME type of each kind. */
export const RESULT_FILE_TYPE: Readonly<Record<ResultFileKind, string>> = { csv: 'text/csv', json: 'application/json' };

/** A file being written: the text of each chunk of rows, in order, then the end. */
export interface ResultFileWriter {
  add(rows: readonly (readonly Cell[])[]): string;
  end(): string;
}

/**
 * JSON keys for column names, one per column and all distinct: a name's
 * first column keeps it, a repeat gets the first `_2`, `_3` … that is
 * neither a column's name nor a key already given.
 *
 * @example jsonKeys(['a', 'a', 'a_2']); // ['a', 'a_3', 'a_2']
 */
export function jsonKeys(columns: readonly string[]): string[] {
  const taken = new Set(columns);
  const given = new Set<string>();
  return columns.map((c) => {
    let key = c;
    for (let k = 2; given.has(key) || (key !== c && taken.has(key)); k++) key = `${c}_${k}`;
    given.add(key);
    return key;
  });
}

/** A cell as JSON writes it: an infinity as `{number: "Infinity"}` (JSON has no such number; null is NULL's). */
const jsonCell = (cell: Cell | undefined): Cell | { number: string } =>
  typeof cell === 'number' && !Number.isFinite(cell) ? { number: String(cell) } : (cell ?? null);

/** A blob cell as an SQL blob literal for CSV; other cells as they are. */
const csvCell = (cell: Cell): string | number | null => (cell !== null && typeof cell === 'object' ? `x'${cell.blob}'` : cell);

/**
 * A writer for a result with these columns.
 *
 * @example
 * const w = resultFileWriter('csv', ['a']);
 * w.add([['x,y']]) + w.end(); // 'a\r\n"x,y"\r\n'
 */
export function resultFileWriter(kind: ResultFileKind, columns: readonly string[]): ResultFileWriter {
  if (kind === 'csv') {
    let header = true;
    const headerLength = toCsv(columns, []).length;
    const csv = (rows: readonly (readonly Cell[])[]): string =>
      toCsv(
        columns,
        rows.map((r) => r.map(csvCell)),
      ).slice(header ? 0 : headerLength);
    return {
      add(rows) {
        const text = csv(rows);
        header = false;
        return text;
      },
      end: () => (header ? csv([]) : ''),
    };
  }
  const keys = jsonKeys(columns);
  let count = 0;
  return {
    add(rows) {
      const text = rows
        .map(
          (r, i) =>
            `${count + i === 0 ? '[\n' : ',\n'}  ${JSON.stringify(Object.fromEntries(keys.map((k, j) => [k, jsonCell(r[j])])), null, 2).replaceAll('\n', '\n  ')}`,
        )
        .join('');
      count += rows.length;
      return text;
    },
    end: () => (count === 0 ? '[]' : '\n]'),
  };
}

/**
 * A whole result held in the page as CSV text.
 *
 * @example resultCsv({ columns: ['a'], rows: [['x,y']] }); // 'a\r\n"x,y"\r\n'
 */
export function resultCsv(result: Pick<ExecSuccess, 'columns' | 'rows'>): string {
  const w = resultFileWriter('csv', result.columns);
  return w.add(result.rows) + w.end();
}

/**
 * A whole result held in the page as JSON text.
 *
 * @example resultJson({ columns: ['n'], rows: [[3]] }); // '[\n  {\n    "n": 3\n  }\n]'
 */
export function resultJson(result: Pick<ExecSuccess, 'columns' | 'rows'>): string {
  const w = resultFileWriter('json', result.columns);
  return w.add(result.rows) + w.end();
}

/**
 * A field too long to hold as one string (a value read in pieces,
 * big-cells.ts), written in place of a placeholder: a row is written with
 * `placeholder(c)` in column c, and in the row's text `encoded(c)` is
 * replaced by `open`, each piece through `piece`, then `close`. CSV: always
 * quoted, inner quotes doubled, the formula guard on its first character;
 * JSON: a string, each piece escaped as JSON.stringify escapes it.
 *
 * @example
 * const f = longField('csv');
 * f.open + f.piece('=1+1', true) + f.close; // `"'=1+1"`
 */
export function longField(kind: ResultFileKind): {
  placeholder(column: number): string;
  encoded(column: number): string;
  readonly open: string;
  piece(text: string, first: boolean): string;
  readonly close: string;
} {
  const placeholder = (c: number): string => `\u0000confide-long-value-${c}\u0000`;
  if (kind === 'csv') {
    return { placeholder, encoded: placeholder, open: '"', piece: (t, first) => (first && readsAsFormula(t) ? "'" : '') + t.replaceAll('"', '""'), close: '"' };
  }
  return { placeholder, encoded: (c) => JSON.stringify(placeholder(c)), open: '"', piece: (t) => JSON.stringify(t).slice(1, -1), close: '"' };
}
