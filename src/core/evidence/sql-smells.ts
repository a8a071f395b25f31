/**
 * The SQL smells and probe targets the evidence reads off one query's tokens
 * (sql-reading.ts): literal comparisons, `NOT IN (subquery)`, HAVING without
 * GROUP BY, `= NULL`, integer division, LIMIT with or without ORDER BY, joins, LEFT
 * JOIN, GROUP BY columns and selected columns that are neither grouped nor
 * aggregated. Top level means the outermost SELECT (depth 0).
 */
import type { Schema } from '../schema.ts';
import {
  columnEndingAt,
  columnStartingAt,
  isSchemaColumn,
  resolveColumn,
  sqlTokens,
  tableAliases,
  tableNamed,
  type CodeToken,
  type ColumnAt,
  type LiteralComparison,
  type SqlTokens,
} from './sql-reading.ts';

export interface SqlSmells {
  readonly tokens: SqlTokens;
  readonly tables: readonly string[];
  /** Equality / inequality / IN-list comparisons of a column with a text literal. */
  readonly literals: readonly LiteralComparison[];
  /** `x NOT IN (SELECT col FROM …)`: the subquery's column. */
  readonly notInSubquery: readonly ColumnAt[];
  /** A NOT IN whose subquery column could not be resolved still counts here. */
  readonly notIn: boolean;
  readonly havingWithoutGroup: boolean;
  /** `column > YEAR` or `column <= YEAR` (either side, written as a number or a text): a 4-digit year a text date would be compared with. */
  readonly yearCompares: readonly (ColumnAt & { readonly op: '>' | '<='; readonly year: string })[];
  /** `= NULL`, `!= NULL` or `<> NULL` (either side): a comparison that is never true. */
  readonly equalsNull: boolean;
  /** A `/` whose operands hold no real-valued literal, cast, AVG or REAL column. */
  readonly integerDivision: boolean;
  readonly limit: number | null;
  readonly orderBy: boolean;
  readonly joins: number;
  readonly leftJoin: boolean;
  readonly isNullCheck: boolean;
  /** `count(` (not DISTINCT) or `sum(` at the top level. */
  readonly countOrSum: boolean;
  readonly countDistinct: boolean;
  readonly groupBy: readonly ColumnAt[];
  /** Selected plain columns at the top level, neither grouped nor inside an aggregate, when there is a GROUP BY. */
  readonly ungroupedSelected: readonly ColumnAt[];
  /** Code index of the top-level `limit` and of the top-level SELECT list's start and end (exclusive). */
  readonly at: { readonly limit: number; readonly orderStart: number; readonly selectStart: number; readonly selectEnd: number };
}

const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max', 'total', 'group_concat']);
const REAL_TYPE = /real|floa|doub|dec|num/i;
const COMPARE = new Set(['=', '==', '!=', '<>']);

/** Index of the first top-level word `w` from `from`, or -1. */
const topWord = (code: readonly CodeToken[], w: string, from = 0): number =>
  code.findIndex((t, i) => i >= from && t.depth === 0 && t.kind === 'word' && t.text === w);

/** What the readers below share: the query's code tokens and its names resolved against the schema. */
interface Reading {
  readonly code: readonly CodeToken[];
  readonly schema: Schema;
  readonly aliases: ReadonlyMap<string, string>;
  resolve(q: string | null, name: string): ColumnAt | undefined;
  /** True when the column starting at `start` is a function's argument, e.g. `lower(x)`. */
  wrapped(start: number): boolean;
}

/**
 * Reads the smells of `sql` against `schema`.
 *
 * @example sqlSmells("SELECT count(*) FROM t WHERE s = 'x'", schema).literals; // [{table: 't', column: 's', literal: 'x'}]
 */
export function sqlSmells(sql: string, schema: Schema): SqlSmells {
  const tokens = sqlTokens(sql);
  const code = tokens.code;
  const { tables, aliases } = tableAliases(code, schema);
  const r: Reading = {
    code,
    schema,
    aliases,
    resolve: (q, name) => resolveColumn(schema, tables, aliases, q, name),
    wrapped: (start) => code[start - 1]?.text === '(' && code[start - 2]?.kind === 'word',
  };
  const { notIn, columns: notInSubquery } = notInSubqueries(r);
  const having = topWord(code, 'having');
  const group = topWord(code, 'group');
  const order = topWord(code, 'order');
  const limitAt = topWord(code, 'limit');
  const limitTok = limitAt >= 0 ? code[limitAt + 1] : undefined;
  const selectStart = topWord(code, 'select') + 1;
  const fromAt = topWord(code, 'from');
  const selectEnd = fromAt >= 0 ? fromAt : code.length;
  const groupBy = groupedColumns(r, group);
  return {
    tokens,
    tables,
    literals: literalComparisons(r),
    notInSubquery,
    notIn,
    havingWithoutGroup: having >= 0 && group < 0,
    yearCompares: yearComparisons(r),
    equalsNull: code.some(
      (t, i) =>
        t.kind === 'op' &&
        COMPARE.has(t.text) &&
        ((code[i + 1]?.kind === 'word' && code[i + 1]!.text === 'null') || (code[i - 1]?.kind === 'word' && code[i - 1]!.text === 'null')),
    ),
    integerDivision: code.some((t, i) => t.kind === 'op' && t.text === '/' && integerOperands(code, i, schema, tables)),
    limit: limitTok?.kind === 'number' ? Number(limitTok.text) : null,
    orderBy: order >= 0,
    joins: code.filter((t, i) => t.text === 'join' || (t.text === ',' && inFrom(code, i))).length,
    leftJoin: code.some((t, i) => t.text === 'left' && (code[i + 1]?.text === 'join' || code[i + 2]?.text === 'join')),
    isNullCheck: code.some((t, i) => t.text === 'is' && (code[i + 1]?.text === 'null' || code[i + 2]?.text === 'null')),
    countOrSum: code.some((t, i) => t.depth === 0 && (t.text === 'count' || t.text === 'sum') && code[i + 1]?.text === '(' && code[i + 2]?.text !== 'distinct'),
    countDistinct: code.some((t, i) => t.text === 'count' && code[i + 1]?.text === '(' && code[i + 2]?.text === 'distinct'),
    groupBy,
    ungroupedSelected: groupBy.length === 0 ? [] : ungroupedColumns(r, groupBy, selectStart, selectEnd),
    at: { limit: limitAt, orderStart: order, selectStart, selectEnd },
  };
}

/** Equality, inequality and IN-list comparisons of a column with a text literal, each (column, literal) once. */
function literalComparisons({ code, schema, resolve, wrapped }: Reading): LiteralComparison[] {
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
function yearComparisons({ code, resolve, wrapped }: Reading): (ColumnAt & { op: '>' | '<='; year: string })[] {
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
function notInSubqueries({ code, schema, aliases, resolve }: Reading): { notIn: boolean; columns: ColumnAt[] } {
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
function groupedColumns({ code, resolve }: Reading, group: number): ColumnAt[] {
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
function ungroupedColumns({ code, resolve }: Reading, groupBy: readonly ColumnAt[], selectStart: number, selectEnd: number): ColumnAt[] {
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

/** A comma between FROM items of any depth. */
function inFrom(code: readonly CodeToken[], i: number): boolean {
  const depth = code[i]!.depth;
  for (let j = i - 1; j >= 0; j--) {
    const t = code[j]!;
    if (t.depth < depth) return false;
    if (t.depth > depth || t.kind !== 'word') continue;
    if (t.text === 'from') return true;
    if (['select', 'where', 'group', 'order', 'by', 'on', 'having'].includes(t.text)) return false;
  }
  return false;
}

/** True when neither operand of the `/` at `i` can be real-valued. */
function integerOperands(code: readonly CodeToken[], i: number, schema: Schema, tables: readonly string[]): boolean {
  const depth = code[i]!.depth;
  const stop = (t: CodeToken): boolean =>
    t.depth < depth ||
    (t.depth === depth &&
      (t.text === ',' ||
        (t.kind === 'word' &&
          !AGGREGATES.has(t.text) &&
          t.text !== 'cast' &&
          t.text !== 'as' &&
          t.text !== 'real' &&
          t.text !== 'float' &&
          t.text !== 'distinct')));
  const window: CodeToken[] = [];
  for (let j = i - 1; j >= 0 && !stop(code[j]!); j--) window.push(code[j]!);
  for (let j = i + 1; j < code.length && !stop(code[j]!); j++) window.push(code[j]!);
  if (window.length === 0) return false;
  return !window.some((t) => {
    if (t.kind === 'number') return /[.eE]/.test(t.text);
    if (
      t.kind === 'word' &&
      (t.text === 'avg' || t.text === 'real' || t.text === 'float' || t.text === 'double' || t.text === 'numeric' || t.text === 'decimal')
    )
      return true;
    if (t.kind === 'word' || t.kind === 'name') {
      return tables.some((tn) => tableNamed(schema, tn)?.columns.some((c) => c.name.toLowerCase() === t.text.toLowerCase() && REAL_TYPE.test(c.type)));
    }
    return false;
  });
}
