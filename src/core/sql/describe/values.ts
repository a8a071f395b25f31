/**
 * Expressions in words: columns by name (with their table when the FROM has
 * several), literal values exactly as written ('France', 15, 2.5), constant
 * arithmetic folded and shown with what was written (`300 (written 5 * 60)`),
 * aggregates in words (the number of rows, the average price), other
 * functions as written (`strftime('%Y', order_date)`), a subquery as the noun
 * phrase of what it gives, in parentheses.
 */
import type { AST } from 'node-sql-parser';
import { isNode, subqueryOf, type Node } from '../ast.ts';
import { toSql } from '../parse.ts';
import { columnWords, type ReadContext } from './context.ts';
import { foldConstant, formatFolded } from './fold.ts';

const ARITHMETIC = new Set(['+', '-', '*', '/', '%', '||']);

/** A function's name, whatever shape the dialect gave it. */
export function functionName(node: Node): string {
  const n = node.name;
  if (typeof n === 'string') return n;
  if (isNode(n) && Array.isArray(n.name)) return n.name.map((p) => (isNode(p) ? String(p.value) : String(p))).join('.');
  return String(n);
}

/** The arguments of a function or aggregate call, as nodes. */
export function argsOf(node: Node): unknown[] {
  const a = node.args;
  if (!isNode(a)) return [];
  if (Array.isArray(a.value)) return a.value;
  return a.expr === undefined ? [] : [a.expr];
}

/**
 * A literal as written in SQL; null when `node` is not a literal.
 *
 * @example literalWords({ type: 'single_quote_string', value: "O'Brien" }); // "'O''Brien'"
 */
export function literalWords(node: Node): string | null {
  switch (node.type) {
    case 'number':
    case 'bigint':
      return String(node.value);
    case 'single_quote_string':
    case 'string':
    case 'natural_string':
      return `'${String(node.value).replace(/'/g, "''")}'`;
    case 'double_quote_string':
      return `"${String(node.value)}"`;
    case 'bool':
      return node.value === true ? 'TRUE' : 'FALSE';
    case 'null':
      return 'NULL';
    case 'origin':
      return node.value === '?' ? 'a parameter (?)' : String(node.value);
    case 'param':
      return `:${String(node.value)}`;
    case 'hex_string':
    case 'full_hex_string':
      return `X'${String(node.value)}'`;
    default:
      return null;
  }
}

/** An aggregate call in words. */
function aggregateWords(node: Node, ctx: ReadContext): string {
  const name = String(node.name).toUpperCase();
  const args = isNode(node.args) ? node.args : {};
  const distinct = typeof args.distinct === 'string' && args.distinct.toUpperCase() === 'DISTINCT';
  const arg = args.expr;
  const star = isNode(arg) && arg.type === 'star';
  const what = star ? 'rows' : operand(arg, ctx);
  const window = isNode(node.over) ? ', over a window' : '';
  if (name === 'COUNT') return (star ? 'the number of rows' : distinct ? `the number of distinct ${what}` : `the number of non-NULL ${what}`) + window;
  const of = distinct ? `distinct ${what}` : what;
  const word = ({ AVG: 'the average', SUM: 'the sum of', TOTAL: 'the sum of', MAX: 'the highest', MIN: 'the lowest' } as Record<string, string>)[name];
  if (word !== undefined) return `${word} ${of}${window}`;
  if (name === 'GROUP_CONCAT') return `every ${of} joined into one text${window}`;
  return `${name.toLowerCase()}(${distinct ? 'DISTINCT ' : ''}${argsOf(node)
    .map((a) => valueWords(a, ctx))
    .join(', ')})${window}`;
}

/** A value that stands inside a longer phrase: compound expressions get parentheses. */
function operand(x: unknown, ctx: ReadContext): string {
  const words = valueWords(x, ctx);
  return isNode(x) && x.type === 'binary_expr' && foldConstant(x) === null ? `(${words})` : words;
}

/** A CASE expression: each result with its condition, then the otherwise. */
function caseWords(node: Node, ctx: ReadContext): string {
  const subject = node.expr;
  const parts = (Array.isArray(node.args) ? node.args.filter(isNode) : []).map((arm) => {
    if (arm.type === 'else') return `otherwise ${valueWords(arm.result, ctx)}`;
    const when = isNode(subject) ? `${valueWords(subject, ctx)} is ${valueWords(arm.cond, ctx)}` : ctx.readers.condition(arm.cond, ctx);
    return `${valueWords(arm.result, ctx)} when ${when}`;
  });
  return `(${parts.join(', ')})`;
}

/** A constant expression as it was written (`5 * 60`), inner operations in parentheses. */
function writtenConstant(x: unknown): string {
  if (!isNode(x)) return String(x);
  if (x.type === 'number') return String(x.value);
  if (x.type === 'unary_expr') return `${String(x.operator)}${writtenConstant(x.expr)}`;
  const side = (y: unknown): string => (isNode(y) && y.type === 'binary_expr' ? `(${writtenConstant(y)})` : writtenConstant(y));
  return `${side(x.left)} ${String(x.operator)} ${side(x.right)}`;
}

/** Any other node, printed back as SQL by the parser's own printer. */
function writtenBack(node: Node): string {
  try {
    return toSql({ type: 'select', columns: [{ expr: node, as: null }] } as unknown as AST, 'sqlite').replace(/^SELECT\s+/i, '');
  } catch {
    return 'an expression';
  }
}

/**
 * An expression in words.
 *
 * @example valueWords(parsedExprOf('5 * 60'), ctx); // '300 (written 5 * 60)'
 */
export function valueWords(x: unknown, ctx: ReadContext): string {
  if (Array.isArray(x)) return x.map((v) => valueWords(v, ctx)).join(', ');
  if (!isNode(x)) return String(x);
  const sub = subqueryOf(x);
  if (sub !== null) return `(${ctx.readers.noun(sub, ctx)})`;
  const literal = literalWords(x);
  if (literal !== null) return literal;
  switch (x.type) {
    case 'column_ref':
      return columnWords(x, ctx);
    case 'star':
      return 'every column';
    case 'aggr_func':
      return aggregateWords(x, ctx);
    case 'function':
      return `${functionName(x)}(${argsOf(x)
        .map((a) => valueWords(a, ctx))
        .join(', ')})`;
    case 'case':
      return caseWords(x, ctx);
    case 'cast':
      return `${operand(x.expr, ctx)} as ${Array.isArray(x.target) && isNode(x.target[0]) ? String(x.target[0].dataType) : 'another type'}`;
    case 'expr_list':
      return valueWords(x.value, ctx);
    case 'unary_expr': {
      const folded = foldConstant(x);
      if (folded !== null) return formatFolded(folded);
      return String(x.operator).toUpperCase() === 'NOT' ? ctx.readers.condition(x, ctx) : `${String(x.operator)}${operand(x.expr, ctx)}`;
    }
    case 'binary_expr': {
      if (!ARITHMETIC.has(String(x.operator))) return ctx.readers.condition(x, ctx);
      const folded = foldConstant(x);
      if (folded !== null) return `${formatFolded(folded)} (written ${writtenConstant(x)})`;
      return `${operand(x.left, ctx)} ${String(x.operator)} ${operand(x.right, ctx)}`;
    }
    default:
      return writtenBack(x);
  }
}
