/**
 * What a reading knows while it reads one SELECT: which names in its FROM
 * stand for which table (so `T1.name` reads `singer.name`), whether the FROM
 * has a single source (so its columns need no table at all), and the SELECT
 * around it (a correlated subquery names the outer query's tables). A table
 * that occurs twice (a self-join) keeps its alias, since its name alone would
 * not say which occurrence is meant.
 */
import { columnName, isDoubleQuotedRef, isNode, nameOf, qualifier, type Node } from '../ast.ts';

/** The readers that recurse: a condition, a subquery as a noun, and the rows an EXISTS asks about. */
export interface Readers {
  condition(x: unknown, ctx: ReadContext): string;
  noun(select: Node, ctx: ReadContext): string;
  rows(select: Node, ctx: ReadContext): string;
}

/** The names one SELECT's FROM binds, and the SELECT around it. */
export interface ReadContext {
  readonly readers: Readers;
  /** Alias or table name (lower case) → how a column of it is qualified in the reading. */
  readonly labels: ReadonlyMap<string, string>;
  /** The label of the only source in the FROM, or null with none or several. */
  readonly single: string | null;
  readonly outer: ReadContext | null;
  /** The SELECT's own output names (`AS cnt`), which ORDER BY and HAVING may use. */
  readonly outputs: ReadonlySet<string>;
}

/** The table name of a FROM item, or null for a subquery or a function. */
export function tableOf(item: Node): string | null {
  return typeof item.table === 'string' ? item.table : nameOf(item.table);
}

/** The alias of a FROM item, or null. */
export function aliasOf(item: Node): string | null {
  return item.as === null || item.as === undefined ? null : nameOf(item.as);
}

/**
 * The context of one SELECT, given its FROM list, the context around it (null
 * at the top) and the readers (those of `outer` when there is one).
 *
 * @example
 * contextFor(select, null, readers).labels.get('t1'); // 'singer'
 */
export function contextFor(select: Node, outer: ReadContext | null, readers: Readers): ReadContext {
  const from = Array.isArray(select.from) ? select.from.filter(isNode) : [];
  const counts = new Map<string, number>();
  for (const item of from) {
    const t = tableOf(item)?.toLowerCase();
    if (t !== undefined) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const labels = new Map<string, string>();
  for (const item of from) {
    const table = tableOf(item);
    const alias = aliasOf(item);
    const label = table !== null && counts.get(table.toLowerCase()) === 1 ? table : (alias ?? table ?? '');
    if (table !== null) labels.set(table.toLowerCase(), label);
    if (alias !== null) labels.set(alias.toLowerCase(), label);
  }
  const outputs = new Set<string>();
  for (const c of Array.isArray(select.columns) ? select.columns : []) {
    const as = isNode(c) ? nameOf(c.as) : null;
    if (as !== null) outputs.add(as.toLowerCase());
  }
  const single = from.length === 1 ? sourceLabel(from[0]!, labels) : null;
  return { readers: outer?.readers ?? readers, labels, single, outer, outputs };
}

/** How a FROM item is named in the reading. */
export function sourceLabel(item: Node, labels: ReadonlyMap<string, string>): string {
  const table = tableOf(item);
  const alias = aliasOf(item);
  if (table !== null) return labels.get(table.toLowerCase()) === table || alias === null ? table : `${table} (as ${alias})`;
  return alias ?? 'a subquery';
}

/**
 * A column reference as the reading writes it: bare when the FROM has one
 * source (or none is named), `table.column` when several; a name written in
 * double quotes keeps its quotes.
 *
 * @example columnWords({ type: 'column_ref', table: 'T1', column: 'name' }, ctx); // 'singer.name'
 */
export function columnWords(ref: Node, ctx: ReadContext): string {
  const name = columnName(ref) ?? '*';
  const q = qualifier(ref);
  // "x" with no table may be a string (SQLite reads it as one when no column has that name): shown as written.
  if (q === null) return isDoubleQuotedRef(ref) ? `"${name}"` : name;
  for (let c: ReadContext | null = ctx; c !== null; c = c.outer) {
    const label = c.labels.get(q.toLowerCase());
    if (label === undefined) continue;
    return c === ctx && c.single !== null ? name : `${label}.${name}`;
  }
  return `${q}.${name}`;
}
