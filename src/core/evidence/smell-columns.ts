/**
 * The columns a query's smells are about (sql-smells.ts), read off its code
 * tokens and resolved against the schema: columns compared with a text
 * literal or with a year, NOT IN subqueries' columns, the GROUP BY columns
 * and the selected columns that are neither grouped nor aggregated.
 */
import type { Schema } from '../schema.ts';
import {
  columnEndingAt,
  columnStartingAt,
  isSchemaColumn,
  resolveColumn,
  tableNamed,
  type CodeToken,
  type ColumnAt,
  type LiteralComparison,
} from './sql-reading.ts';

/** The comparisons of equality and inequality. */
export const COMPARE = new Set(['=', '==', '!=', '<>']);

/** What the readers share: the query's code tokens and its names resolved against the schema. */
export interface Reading {
  readonly code: readonly CodeToken[];
  readonly schema: Schema;
  readonly aliases: ReadonlyMap<string, string>;
  resolve(q: string | null, name: string): ColumnAt | undefined;
  /** True when the column starting at `start` is a function's argument, e.g. `lower(x)`. */
  wrapped(start: number): boolean;
}

/** Equality, inequality and IN-list comparisons of a column with a text literal, each (column, literal) once. */
export function literalComparisons({ code, schema, resolve, wrapped }: Reading): LiteralComparison[] {
  const isValue = (t: CodeToken | undefined): t is CodeToken =>
    t !== undefined && (t.kind === 'string' || (t.kind === 'name' && !isSchemaColumn(schema, t.text)));
  const literals: LiteralComparison[] = [];
  const seen = new Set<string>();
  const add = (c: ColumnAt | undefined, literal: string): void => {
    const key = `${c?.table}\u0000${c?.column}\u0000${literal}`;
    if (c === undefined || seen.has(key)) return;
    seen.add(key);
    literals.push({ ...c, literal });
  };
  code.forEach((t, i) => {
    if (t.kind === 'op' && COMPARE.has(t.text)) {
      if (code[i + 2]?.text === 'collate' || code[i + 1]?.text === 'collate') return;
      const left = columnEndingAt(code, i - 1);
      const value = code[i + 1];
      if (left && isValue(value) && !wrapped(left.start)) add(resolve(left.q, left.name), value.text);
      const right = columnStartingAt(code, i + 1);
      if (right && isValue(code[i - 1]) && code[right.end + 1]?.text !== '(') add(resolve(right.q, right.name), code[i - 1]!.text);
    }
    if (t.kind === 'word' && t.text === 'in' && code[i + 1]?.text === '(' && code[i + 2]?.text !== 'select') {
      const col = columnEndingAt(code, code[i - 1]?.text === 'not' ? i - 2 : i - 1);
      if (!col || wrapped(col.start)) return;
      for (let k = i + 2; k < code.length && code[k]!.depth > t.depth; k++) if (isValue(code[k])) add(resolve(col.q, col.name), code[k]!.text);
    }
  });
  return literals;
}

const MIRROR: Readonly<Record<string, '>' | '<='>> = { '<': '>', '>=': '<=' };

/** `column > YEAR` and `column <= YEAR` (or mirrored: `YEAR < column`, `YEAR >= column`), the year four digits. */
export function yearComparisons({ code, resolve, wrapped }: Reading): (ColumnAt & { op: '>' | '<='; year: string })[] {
  const isYear = (t: CodeToken | undefined): t is CodeToken => t !== undefined && (t.kind === 'number' || t.kind === 'string') && /^\d{4}$/.test(t.text);
  const out: (ColumnAt & { op: '>' | '<='; year: string })[] = [];
  code.forEach((t, i) => {
    if (t.kind !== 'op') return;
    const left = columnEndingAt(code, i - 1);
    const right = columnStartingAt(code, i + 1);
    const leftYear = left !== null && isYear(code[i + 1]);
    const op =
      leftYear && (t.text === '>' || t.text === '<=') ? t.text : right && isYear(code[i - 1]) && code[right.end + 1]?.text !== '(' ? MIRROR[t.text] : undefined;
    if (op === undefined) return;
    const at = leftYear ? { c: left!, year: code[i + 1]!.text } : { c: right!, year: code[i - 1]!.text };
    if ('start' in at.c && wrapped(at.c.start)) return;
    const c = resolve(at.c.q, at.c.name);
    if (c) out.push({ ...c, op, year: at.year });
  });
  return out;
}

/** Whether the query has `x NOT IN (SELECT …)`, and each such subquery's column where it resolves. */
export function notInSubqueries({ code, schema, aliases, resolve }: Reading): { notIn: boolean; columns: ColumnAt[] } {
  const columns: ColumnAt[] = [];
  let notIn = false;
  code.forEach((t, i) => {
    if (!(t.text === 'not' && code[i + 1]?.text === 'in' && code[i + 2]?.text === '(' && code[i + 3]?.text === 'select')) return;
    notIn = true;
    let k = i + 4;
    if (code[k]?.text === 'distinct') k++;
    const col = columnStartingAt(code, k);
    const from = code.findIndex((x, j) => j > k && x.text === 'from' && x.depth === t.depth + 1);
    const table = from >= 0 ? code[from + 1] : undefined;
    if (col === null || table === undefined) return;
    const own = tableNamed(schema, table.text);
    const c = own
      ? (resolveColumn(schema, [own.name], aliases, col.q === null ? null : own.name, col.name) ?? resolve(col.q, col.name))
      : resolve(col.q, col.name);
    if (c) columns.push(c);
  });
  return { notIn, columns };
}

/** The plain columns of the top-level GROUP BY at code index `group` (−1: none). */
export function groupedColumns({ code, resolve }: Reading, group: number): ColumnAt[] {
  const out: ColumnAt[] = [];
  if (group < 0 || code[group + 1]?.text !== 'by') return out;
  for (let k = group + 2; k < code.length && code[k]!.depth >= 0; k++) {
    const t = code[k]!;
    if (t.depth === 0 && t.kind === 'word' && ['having', 'order', 'limit', 'union', 'intersect', 'except', 'window'].includes(t.text)) break;
    const col = columnStartingAt(code, k);
    if (col && code[col.end + 1]?.text !== '(') {
      const c = resolve(col.q, col.name);
      if (c) out.push(c);
      k = col.end;
    }
  }
  return out;
}

/** Plain columns of the top-level SELECT list (code indices [selectStart, selectEnd)) that are not grouped. */
export function ungroupedColumns({ code, resolve }: Reading, groupBy: readonly ColumnAt[], selectStart: number, selectEnd: number): ColumnAt[] {
  const out: ColumnAt[] = [];
  let start = selectStart;
  for (let k = selectStart; k <= selectEnd; k++) {
    if (k < selectEnd && !(code[k]!.depth === 0 && code[k]!.text === ',')) continue;
    const item = code.slice(start, k);
    start = k + 1;
    const as = item.findIndex((t) => t.text === 'as');
    const body = as >= 0 ? item.slice(0, as) : item;
    if (body[0]?.text === 'distinct') body.shift();
    const col = body.length === 1 || (body.length === 3 && body[1]!.text === '.') ? columnStartingAt(body, 0) : null;
    if (col === null) continue;
    const c = resolve(col.q, col.name);
    if (c && !groupBy.some((g) => g.table === c.table && g.column.toLowerCase() === c.column.toLowerCase())) out.push(c);
  }
  return out;
}
