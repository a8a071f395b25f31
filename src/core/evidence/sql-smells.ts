/**
 * The SQL smells and probe targets the evidence reads off one query's tokens
 * (sql-reading.ts): literal comparisons, `NOT IN (subquery)`, HAVING without
 * GROUP BY, `= NULL`, integer division, LIMIT with or without ORDER BY, joins, LEFT
 * JOIN, GROUP BY columns and selected columns that are neither grouped nor
 * aggregated. Top level means the outermost SELECT (depth 0). The columns
 * the smells are about are read in smell-columns.ts.
 */
import type { Schema } from '../schema.ts';
import { COMPARE, groupedColumns, literalComparisons, notInSubqueries, ungroupedColumns, yearComparisons, type Reading } from './smell-columns.ts';
import { resolveColumn, sqlTokens, tableAliases, tableNamed, type CodeToken, type ColumnAt, type LiteralComparison, type SqlTokens } from './sql-reading.ts';

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

/** Index of the first top-level word `w` from `from`, or -1. */
const topWord = (code: readonly CodeToken[], w: string, from = 0): number =>
  code.findIndex((t, i) => i >= from && t.depth === 0 && t.kind === 'word' && t.text === w);

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
