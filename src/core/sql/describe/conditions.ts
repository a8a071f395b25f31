/**
 * Conditions in words (WHERE, HAVING, ON, CASE WHEN): comparisons ("price is
 * less than 15"), LIKE patterns by what they match ("title contains 'River'
 * in any letter case", as SQLite's LIKE ignores the case of ASCII letters),
 * lists, ranges (inclusive, as BETWEEN is), NULL tests, EXISTS, and AND, OR,
 * NOT with parentheses where OR sits inside AND.
 */
import { isNode, quotedStrings, subqueryOf, type Node } from '../ast.ts';
import type { ReadContext } from './context.ts';
import { argsOf, functionName, literalWords, valueWords } from './values.ts';

const COMPARISONS: Record<string, string> = {
  '=': 'is',
  '==': 'is',
  '!=': 'is not',
  '<>': 'is not',
  '>': 'is greater than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
  IS: 'is',
  'IS NOT': 'is not',
};

/** A LIKE pattern by what it matches, when it is a plain prefix, suffix or infix; null otherwise. */
function likeWords(pattern: Node, negated: boolean): string | null {
  if (pattern.type !== 'single_quote_string' && pattern.type !== 'string' && pattern.type !== 'double_quote_string') return null;
  const p = String(pattern.value);
  const inner = p.replace(/^%/, '').replace(/%$/, '');
  if (inner === '' || /[%_]/.test(inner)) return null;
  const quoted = literalWords({ ...pattern, value: inner })!;
  const starts = p.startsWith('%');
  const ends = p.endsWith('%');
  const [verb, not] =
    starts && ends
      ? ['contains', 'does not contain']
      : ends
        ? ['starts with', 'does not start with']
        : starts
          ? ['ends with', 'does not end with']
          : ['is', 'is not'];
  return `${negated ? not : verb} ${quoted}${/[a-z]/i.test(inner) ? ' in any letter case' : ''}`;
}

/** The right side of IN / NOT IN: a list of values, or a subquery's rows. */
function membership(left: string, right: unknown, negated: boolean, ctx: ReadContext): string {
  const list = isNode(right) && right.type === 'expr_list' && Array.isArray(right.value) ? right.value : [right];
  const sub = list.length === 1 ? subqueryOf(list[0]) : null;
  if (sub !== null) return `${left} is ${negated ? 'not ' : ''}among (${ctx.readers.noun(sub, ctx)})`;
  return `${left} is ${negated ? 'none' : 'one'} of (${list.map((v) => valueWords(v, ctx)).join(', ')})`;
}

/** One binary condition. */
function binaryWords(x: Node, ctx: ReadContext): string {
  const op = String(x.operator).toUpperCase();
  if (op === 'AND' || op === 'OR') {
    const side = (y: unknown): string => {
      const words = conditionWords(y, ctx);
      return op === 'AND' && isNode(y) && y.type === 'binary_expr' && String(y.operator).toUpperCase() === 'OR' ? `(${words})` : words;
    };
    return `${side(x.left)} ${op.toLowerCase()} ${side(x.right)}`;
  }
  const left = valueWords(x.left, ctx);
  if (op === 'IN' || op === 'NOT IN') return membership(left, x.right, op === 'NOT IN', ctx);
  if (op === 'BETWEEN' || op === 'NOT BETWEEN') {
    const [lo, hi] = isNode(x.right) && Array.isArray(x.right.value) ? x.right.value : [];
    return `${left} is ${op === 'NOT BETWEEN' ? 'not ' : ''}between ${valueWords(lo, ctx)} and ${valueWords(hi, ctx)} (inclusive)`;
  }
  if (op === 'LIKE' || op === 'NOT LIKE') {
    const plain = isNode(x.right) ? likeWords(x.right, op === 'NOT LIKE') : null;
    return `${left} ${plain ?? `${op === 'NOT LIKE' ? 'does not match' : 'matches'} the pattern ${valueWords(x.right, ctx)} (LIKE, any letter case)`}`;
  }
  if (op === 'GLOB' || op === 'NOT GLOB')
    return `${left} ${op === 'NOT GLOB' ? 'does not match' : 'matches'} the pattern ${valueWords(x.right, ctx)} (GLOB, letter case counts)`;
  const verb = COMPARISONS[op];
  if (verb === undefined) return `${left} ${String(x.operator)} ${valueWords(x.right, ctx)}`;
  const right = valueWords(x.right, ctx);
  // Two columns compared for equality read as "equals" (a join condition); a value as "is".
  const quoted = quotedStrings(x);
  const columns = isNode(x.left) && isNode(x.right) && x.left.type === 'column_ref' && x.right.type === 'column_ref' && !quoted.left && !quoted.right;
  return `${left} ${columns && verb === 'is' ? 'equals' : columns && verb === 'is not' ? 'differs from' : verb} ${right}`;
}

/**
 * A condition in words.
 *
 * @example conditionWords(where, ctx); // "country is 'France' and age is at least 30"
 */
export function conditionWords(x: unknown, ctx: ReadContext): string {
  if (!isNode(x)) return valueWords(x, ctx);
  if (x.type === 'binary_expr') return binaryWords(x, ctx);
  // The grammars write NOT and EXISTS either as operators or as functions.
  const op = x.type === 'unary_expr' ? String(x.operator).toUpperCase() : x.type === 'function' ? functionName(x).toUpperCase() : '';
  const arg = x.type === 'unary_expr' ? x.expr : argsOf(x)[0];
  if (op === 'EXISTS' || op === 'NOT EXISTS') return existsWords(arg, ctx, op === 'NOT EXISTS');
  if (op === 'NOT') {
    const inner = isNode(arg) && (arg.type === 'unary_expr' || arg.type === 'function') ? conditionWords(arg, ctx) : null;
    if (inner?.startsWith('there is at least one ')) return inner.replace('there is at least one ', 'there is no ');
    return `not (${inner ?? conditionWords(arg, ctx)})`;
  }
  return valueWords(x, ctx);
}

/** EXISTS (subquery): whether it gives any row. */
function existsWords(arg: unknown, ctx: ReadContext, negated: boolean): string {
  const sub = subqueryOf(arg);
  if (sub === null) return `${negated ? 'not ' : ''}exists (${valueWords(arg, ctx)})`;
  return `there is ${negated ? 'no' : 'at least one'} ${ctx.readers.rows(sub, ctx)}`;
}
