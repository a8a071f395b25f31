/**
 * Small probe queries that check a query's result against the database:
 * which values a compared column really holds (another case or spacing of
 * the literal?), whether a `NOT IN` subquery's column holds NULLs, whether
 * `LIMIT 1` cut a tie, how many rows a LIMIT without ORDER BY left out,
 * whether a join repeats the counted rows, whether a grouped name is shared
 * by several rows or spelt several ways (case, spacing), whether a column
 * compared with a year holds text dates, and a table's row count where the
 * schema only estimates it. Each probe is a read-only SELECT whose text is
 * its key, so equal probes of different candidates run once (gather.ts
 * caches them). At most `MAX_PROBES` per candidate, in the order below.
 */
import type { Schema, TableInfo } from '../schema.ts';
import { quoteIdent } from '../sql/identifier.ts';
import type { ResultShape } from './result-shape.ts';
import { tableNamed, type ColumnAt } from './sql-reading.ts';
import type { SqlSmells } from './sql-smells.ts';

export type ProbeKind = 'values' | 'rows' | 'nulls' | 'tie' | 'limited' | 'distinct' | 'shared' | 'spellings' | 'dates';

/** One probe: what it checks and its SQL (also its cache key). */
export interface Probe {
  readonly kind: ProbeKind;
  readonly sql: string;
  /** The column or table it is about. */
  readonly target: ColumnAt | { readonly table: string; readonly column?: undefined };
  /** For `values`: the literal as the query wrote it; for `dates`: the year. */
  readonly literal?: string;
  /** For `dates`: the comparison written. */
  readonly op?: '>' | '<=';
}

/** Most probes per candidate. */
export const MAX_PROBES = 6;
/** Most literal checks per candidate (the first ones written). */
const MAX_LITERALS = 3;
/** Most variant values a `values` probe reads back. */
export const MAX_VARIANTS = 5;

const lit = (s: string): string => `'${s.replaceAll("'", "''")}'`;
/** A literal folded as the `values` probe folds column values: lowercase, without spaces and underscores. */
export const folded = (s: string): string => s.toLowerCase().replace(/[\s_]+/g, '');
/** The SQL that folds a column's text as `folded` folds a literal. */
const foldedSql = (col: string): string => `replace(replace(lower(trim(${col})), ' ', ''), '_', '')`;
const isText = (t: TableInfo, column: string): boolean => /char|text|clob|^$/i.test(t.columns.find((c) => c.name === column)?.type ?? '');
const keyOf = (t: TableInfo): string => (t.primaryKey.length === 1 ? quoteIdent(t.primaryKey[0]!) : 'rowid');

/**
 * The probes one candidate needs.
 *
 * @example planProbes(sqlSmells("SELECT count(*) FROM t WHERE s = 'x'", schema), shape, schema)[0].kind; // 'values'
 */
export function planProbes(smells: SqlSmells, shape: ResultShape | null, schema: Schema): Probe[] {
  const out: Probe[] = [];
  for (const c of smells.literals.slice(0, MAX_LITERALS)) {
    const col = `CAST(${quoteIdent(c.column)} AS TEXT)`;
    out.push({
      kind: 'values',
      target: c,
      literal: c.literal,
      sql: `SELECT DISTINCT ${col} FROM ${quoteIdent(c.table)} WHERE ${foldedSql(col)} = ${lit(folded(c.literal))} LIMIT ${MAX_VARIANTS}`,
    });
  }
  const main = smells.tables.length > 0 ? tableNamed(schema, smells.tables[0]!) : undefined;
  if (shape?.oneNumber && smells.tables.length === 1 && main !== undefined && main.rowCountKind !== undefined && main.rowCountKind !== 'exact') {
    out.push({ kind: 'rows', target: { table: main.name }, sql: `SELECT count(*) FROM ${quoteIdent(main.name)}` });
  }
  for (const c of smells.notInSubquery) {
    const t = tableNamed(schema, c.table);
    if (t?.columns.find((x) => x.name === c.column)?.notNull !== true)
      out.push({ kind: 'nulls', target: c, sql: `SELECT count(*) FROM ${quoteIdent(c.table)} WHERE ${quoteIdent(c.column)} IS NULL` });
  }
  const tie = tieProbe(smells);
  if (tie !== null && shape !== null && shape.rows === 1) out.push({ kind: 'tie', target: { table: smells.tables[0] ?? '' }, sql: tie });
  const limited = smells.orderBy || shape === null || smells.limit === null || shape.rows < smells.limit ? null : unlimitedCount(smells);
  if (limited !== null) out.push({ kind: 'limited', target: { table: smells.tables[0] ?? '' }, sql: limited });
  const distinct =
    main === undefined || !(shape?.oneNumber && smells.joins > 0 && smells.countOrSum && smells.groupBy.length === 0) ? null : distinctProbe(smells, main);
  if (distinct !== null) out.push({ kind: 'distinct', target: { table: main!.name }, sql: distinct });
  for (const g of smells.groupBy) {
    const t = tableNamed(schema, g.table);
    if (t === undefined || t.primaryKey.includes(g.column) || !isText(t, g.column)) continue;
    const col = quoteIdent(g.column);
    out.push({
      kind: 'spellings',
      target: g,
      sql: `SELECT count(*) FROM (SELECT 1 FROM ${quoteIdent(t.name)} WHERE typeof(${col}) = 'text' GROUP BY ${foldedSql(col)} HAVING count(DISTINCT ${col}) > 1)`,
    });
    if (smells.groupBy.some((o) => o.table === g.table && t.primaryKey.includes(o.column))) break;
    out.push({
      kind: 'shared',
      target: g,
      sql: `SELECT count(*) FROM (SELECT 1 FROM ${quoteIdent(t.name)} WHERE ${col} IS NOT NULL GROUP BY ${col} HAVING count(*) > 1)`,
    });
    break;
  }
  const y = smells.yearCompares[0];
  if (y !== undefined) {
    out.push({
      kind: 'dates',
      target: y,
      literal: y.year,
      op: y.op,
      sql: `SELECT ${quoteIdent(y.column)} FROM ${quoteIdent(y.table)} WHERE typeof(${quoteIdent(y.column)}) = 'text' AND ${quoteIdent(y.column)} GLOB '[0-9][0-9][0-9][0-9][-/]*' LIMIT 1`,
    });
  }
  return out.slice(0, MAX_PROBES);
}

/** The full text with code tokens [from, to) replaced by `by`. */
function replaced(smells: SqlSmells, from: number, to: number, by: string): string {
  const { full, code } = smells.tokens;
  return [...full.slice(0, code[from]!.at), by, ...full.slice(to < code.length ? code[to]!.at : full.length)].join('');
}

/**
 * `ORDER BY e … LIMIT 1` at the top level, rewritten to select the ordering
 * values of the first two rows: a tie when both are equal.
 */
function tieProbe(smells: SqlSmells): string | null {
  const { code, full } = smells.tokens;
  const { limit, orderStart, selectStart, selectEnd } = smells.at;
  if (smells.limit !== 1 || orderStart < 0 || code[orderStart + 1]?.text !== 'by' || limit < orderStart + 3 || selectStart <= 0 || selectEnd <= selectStart)
    return null;
  if (code.some((t) => t.depth === 0 && ['union', 'intersect', 'except', 'offset'].includes(t.text))) return null;
  const order = full
    .slice(code[orderStart + 2]!.at, code[limit]!.at)
    .join('')
    .replace(/\b(asc|desc|nulls\s+first|nulls\s+last)\b/gi, ' ')
    .trim();
  const out = full.slice();
  out[code[limit + 1]!.at] = '2';
  const distinct = code[selectStart]!.text === 'distinct' ? 'DISTINCT ' : '';
  const end = selectEnd < code.length ? code[selectEnd]!.at : full.length;
  return [...out.slice(0, code[selectStart]!.at), `${distinct}${order} `, ...out.slice(end)].join('');
}

/** A top-level `… LIMIT n` without ORDER BY, its LIMIT clause left out and its rows counted. */
function unlimitedCount(smells: SqlSmells): string | null {
  const { code } = smells.tokens;
  const { limit } = smells.at;
  if (limit < 0 || code.some((t) => t.depth === 0 && ['union', 'intersect', 'except'].includes(t.text))) return null;
  const body = replaced(smells, limit, code.length, '').trim().replace(/;\s*$/, '');
  return `SELECT count(*) FROM (${body})`;
}

const NOT_ALIAS = new Set(['where', 'join', 'inner', 'left', 'right', 'cross', 'natural', 'on', 'using', 'group', 'order', 'limit', 'union']);

/** A top-level `count(*)` / `count(x)` over a join, rewritten to count the first table's distinct keys. */
function distinctProbe(smells: SqlSmells, main: TableInfo): string | null {
  const { code } = smells.tokens;
  const at = code.findIndex((t, i) => t.depth === 0 && t.text === 'count' && code[i + 1]?.text === '(');
  const close = at < 0 ? -1 : code.findIndex((t, i) => i > at + 1 && t.depth === 0 && t.text === ')');
  if (close < 0) return null;
  const index = code.findIndex(
    (t, i) =>
      i > 0 &&
      (t.kind === 'word' || t.kind === 'name') &&
      t.text.toLowerCase() === main.name.toLowerCase() &&
      ['from', 'join', ','].includes(code[i - 1]!.text),
  );
  const next = index < 0 ? undefined : code[index + 1];
  const alias =
    next?.text === 'as'
      ? code[index + 2]
      : next !== undefined && (next.kind === 'name' || (next.kind === 'word' && !NOT_ALIAS.has(next.text)))
        ? next
        : undefined;
  return replaced(smells, at, close + 1, `count(DISTINCT ${quoteIdent(alias?.text ?? main.name)}.${keyOf(main)})`);
}
