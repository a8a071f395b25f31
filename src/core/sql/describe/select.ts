/**
 * One SELECT in words, in two forms: as what the query does ("lists title of
 * books whose price is less than 15, sorted by price (ascending)") and, for a
 * subquery, as the noun phrase of what it gives ("the average price of
 * books"). Compound queries join their parts by what the set operation does
 * (UNION, INTERSECT, EXCEPT), with the ORDER BY and LIMIT that SQLite applies
 * to the whole; WITH names its parts first.
 */
import { isNode, nameOf, subqueryOf, type Node } from '../ast.ts';
import { contextFor, sourceLabel, type ReadContext, type Readers } from './context.ts';
import { conditionWords } from './conditions.ts';
import { orderWords, orderNoun } from './order.ts';
import { valueWords } from './values.ts';

/** A SELECT taken apart into the phrases a reading is made of. */
interface Parts {
  readonly ctx: ReadContext;
  readonly what: string;
  readonly countOnly: boolean;
  readonly aggregate: boolean;
  readonly distinct: boolean;
  /** " of books joined with …", or '' without a FROM. */
  readonly source: string;
  /** " whose …" / " where …", or ''. */
  readonly filter: string;
  readonly group: string | null;
  readonly having: string;
}

const list = (xs: readonly string[]): string => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

function isDistinct(select: Node): boolean {
  const d = select.distinct;
  return (typeof d === 'string' && d.toUpperCase() === 'DISTINCT') || (isNode(d) && typeof d.type === 'string' && d.type.toUpperCase() === 'DISTINCT');
}

/** The FROM list in words: the first source, then each join with its condition. */
function sourceWords(select: Node, ctx: ReadContext): string {
  const from = Array.isArray(select.from) ? select.from.filter(isNode) : [];
  return from
    .map((item, i) => {
      const sub = subqueryOf(item.expr);
      const name = sub === null ? sourceLabel(item, ctx.labels) : `${nameOf(item.as) ?? 'a subquery'} (${statementNoun(sub, ctx.outer)})`;
      if (i === 0) return name;
      const join = typeof item.join === 'string' ? item.join.toUpperCase() : '';
      const using = Array.isArray(item.using) ? item.using.map((u) => nameOf(u) ?? String(u)) : [];
      const on = item.on !== undefined && item.on !== null ? ` (${conditionWords(item.on, ctx)})` : using.length > 0 ? ` (the same ${list(using)})` : '';
      if (join.startsWith('LEFT')) return ` joined with ${name}${on.replace(/\)$/, '; rows with no match kept)') || ' (rows with no match kept)'}`;
      if (on !== '') return ` joined with ${name}${on}`;
      return ` paired with every row of ${name}`;
    })
    .join('');
}

function partsOf(select: Node, outer: ReadContext | null): Parts {
  const ctx = contextFor(select, outer, READERS);
  const columns = Array.isArray(select.columns) ? select.columns.filter(isNode) : [];
  const exprs = columns.map((c) => (c.expr === undefined ? c : c.expr));
  /** A column in words, with its name when the query gives it one (`AS month`) that ORDER BY or an outer query may use. */
  const named = (c: Node, e: unknown): string => {
    const words = valueWords(e, ctx);
    const as = nameOf(c.as);
    return as === null || (isNode(e) && e.type === 'column_ref' && nameOf(e.column)?.toLowerCase() === as.toLowerCase()) ? words : `${words} (as ${as})`;
  };
  const aggregate = exprs.some((e) => isNode(e) && e.type === 'aggr_func');
  const star = (e: unknown): boolean => isNode(e) && (e.type === 'star' || (e.type === 'column_ref' && (e.column === '*' || nameOf(e.column) === '*')));
  const countOnly =
    exprs.length === 1 &&
    isNode(exprs[0]) &&
    exprs[0].type === 'aggr_func' &&
    String(exprs[0].name).toUpperCase() === 'COUNT' &&
    star(isNode(exprs[0].args) ? exprs[0].args.expr : null) &&
    !isDistinct(select) &&
    exprs[0].over == null;
  const what = exprs.length === 0 ? 'nothing' : exprs.length === 1 && star(exprs[0]) ? 'every column' : list(columns.map((c, i) => named(c, exprs[i])));
  const from = sourceWords(select, ctx);
  const where = select.where === null || select.where === undefined ? '' : conditionWords(select.where, ctx);
  const groups = isNode(select.groupby) && Array.isArray(select.groupby.columns) ? select.groupby.columns : Array.isArray(select.groupby) ? select.groupby : [];
  const having = select.having === null || select.having === undefined ? '' : `, keeping groups where ${conditionWords(select.having, ctx)}`;
  return {
    ctx,
    what,
    countOnly,
    aggregate,
    distinct: isDistinct(select),
    source: from === '' ? '' : ` of ${from}`,
    filter: where === '' ? '' : `${ctx.single !== null && !/^(there is|not \()/.test(where) ? ' whose ' : ' where '}${where}`,
    group: groups.length === 0 ? null : list(groups.map((g) => valueWords(g, ctx))),
    having,
  };
}

/** The parts of a compound query in order, each with the set operation that joins it to the previous one. */
function compoundParts(select: Node): { select: Node; op: string | null }[] {
  const out: { select: Node; op: string | null }[] = [];
  let op: string | null = null;
  for (let s: unknown = select; isNode(s); s = s._next) {
    out.push({ select: s, op });
    op = typeof s.set_op === 'string' ? s.set_op.toLowerCase() : 'union';
  }
  return out;
}

/** How a later part of a compound joins the reading so far. */
function setOpWords(op: string, noun: string): string {
  if (op.startsWith('intersect')) return `, keeping only those also among ${noun}`;
  if (op.startsWith('except')) return `, except those among ${noun}`;
  return `, together with ${noun} (${op === 'union all' ? 'duplicates kept' : 'duplicates removed'})`;
}

/** The named parts of a WITH, as a lead-in: "using c as (the x values of t): ". */
function withWords(select: Node, outer: ReadContext | null): string {
  const ctes = Array.isArray(select.with) ? select.with.filter(isNode) : [];
  if (ctes.length === 0) return '';
  const named = ctes.map((w) => {
    const body = subqueryOf(w.stmt) ?? subqueryOf(isNode(w.stmt) ? w.stmt.ast : null);
    return `${nameOf(w.name) ?? 'a part'} as (${body === null ? 'a query' : statementNoun(body, outer)})`;
  });
  return `using ${list(named)}: `;
}

/** The ORDER BY and LIMIT of a statement: on its last part when it is compound. */
function lastPart(select: Node): Node {
  let s = select;
  while (isNode(s._next)) s = s._next;
  return s;
}

function verbOf(p: Parts): string {
  if (p.group !== null) return `for each ${p.group}, gives ${p.what}${p.source}${p.filter}${p.having}`;
  if (p.countOnly) return `counts rows${p.source}${p.filter}`;
  const distinct = p.distinct ? 'the distinct ' : '';
  if (p.source === '') return `gives ${distinct}${p.what}${p.filter}`;
  return `${p.aggregate ? 'gives' : 'lists'} ${distinct}${p.what}${p.source}${p.filter}`;
}

function nounOf(p: Parts): string {
  const group = p.group === null ? '' : ` for each ${p.group}`;
  if (p.countOnly && p.group === null) return `the number of rows${p.source}${p.filter}`;
  const single = !p.what.includes(' and ') && !p.what.includes(', ') && !p.aggregate && p.what !== 'every column';
  const what = single ? `the ${p.distinct ? 'distinct ' : ''}${p.what} values` : `${p.distinct ? 'the distinct ' : ''}${p.what}`;
  return `${what}${group}${p.source}${p.filter}${p.having}`;
}

/**
 * A whole statement (WITH, compound parts, ORDER BY, LIMIT) as what it does.
 *
 * @example statementWords(parse('SELECT count(*) FROM Track').ast, null); // 'counts rows of Track'
 */
export function statementWords(select: Node, outer: ReadContext | null): string {
  const parts = compoundParts(select);
  const last = lastPart(select);
  const compound = parts.length > 1;
  const head = partsOf(parts[0]!.select, outer);
  let text = verbOf(head);
  for (const { select: s, op } of parts.slice(1)) text += setOpWords(op ?? 'union', nounOf(partsOf(s, outer)));
  const ctx = compound ? contextFor(last, outer, READERS) : head.ctx;
  return `${withWords(select, outer)}${text}${orderWords(last, ctx, head.group !== null && !compound)}`;
}

/** A whole statement as the noun phrase of what it gives (a subquery, a CTE's body). */
export function statementNoun(select: Node, outer: ReadContext | null): string {
  const parts = compoundParts(select);
  const last = lastPart(select);
  const head = partsOf(parts[0]!.select, outer);
  let text = nounOf(head);
  for (const { select: s, op } of parts.slice(1)) text += setOpWords(op ?? 'union', nounOf(partsOf(s, outer)));
  const ctx = parts.length > 1 ? contextFor(last, outer, READERS) : head.ctx;
  return `${withWords(select, outer)}${text}${orderNoun(last, ctx, head.group !== null && parts.length === 1)}`;
}

/** The rows an EXISTS subquery asks about: "row of orders whose customer_id equals customers.id". */
function subqueryRows(select: Node, ctx: ReadContext): string {
  const p = partsOf(select, ctx);
  return `row${p.source}${p.filter}${p.group === null ? '' : ` (grouped by ${p.group}${p.having})`}`;
}

/** What the expression and condition readers recurse through (context.ts). */
const READERS: Readers = { condition: conditionWords, noun: (select, ctx) => statementNoun(select, ctx), rows: subqueryRows };
