/**
 * Constant arithmetic folded the way SQLite computes it, so a reading can say
 * what a query compares with: `Milliseconds > 5 * 60` compares with 300.
 * Only numbers written in the query take part (`+ - * / %` and a sign);
 * anything that names a column, a function or a string stays unfolded.
 * Integers follow SQLite's integer arithmetic (`7 / 2` is 3, division
 * truncates towards zero), a number written with a point or an exponent is
 * real (`7.0 / 2` is 3.5); division or remainder by zero is NULL in SQLite
 * and is left unfolded here, as is an integer result outside 2^53.
 */
import { isNode } from '../ast.ts';

/** A number as SQLite would hold it: integer or real. */
export interface Folded {
  readonly value: number;
  readonly integer: boolean;
}

const OPS = new Set(['+', '-', '*', '/', '%']);

/** The number a literal node holds, with its kind; null when it is not a number literal. */
function literal(node: Record<string, unknown>): Folded | null {
  // The parser types a number it cannot hold exactly, or one with an exponent, as 'bigint' (its text kept).
  if (node.type !== 'number' && node.type !== 'bigint') return null;
  const written = String(node.value);
  const value = Number(written);
  const integer = /^-?\d+$/.test(written);
  if (!Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) return null;
  return { value, integer };
}

/**
 * The value of a constant arithmetic expression, or null when it is not one
 * (or when folding it would not match SQLite).
 *
 * @example
 * foldConstant({ type: 'binary_expr', operator: '*', left: { type: 'number', value: 5 }, right: { type: 'number', value: 60 } });
 * // { value: 300, integer: true }
 */
export function foldConstant(node: unknown): Folded | null {
  if (!isNode(node)) return null;
  if (node.type === 'number' || node.type === 'bigint') return literal(node);
  if (node.type === 'unary_expr' && (node.operator === '-' || node.operator === '+')) {
    const inner = foldConstant(node.expr);
    return inner === null ? null : { value: node.operator === '-' ? -inner.value : inner.value, integer: inner.integer };
  }
  if (node.type !== 'binary_expr' || !OPS.has(String(node.operator))) return null;
  const left = foldConstant(node.left);
  const right = foldConstant(node.right);
  if (left === null || right === null) return null;
  const integer = left.integer && right.integer;
  const op = String(node.operator);
  if ((op === '/' || op === '%') && right.value === 0) return null;
  let value: number;
  if (op === '+') value = left.value + right.value;
  else if (op === '-') value = left.value - right.value;
  else if (op === '*') value = left.value * right.value;
  else if (op === '/') value = integer ? Math.trunc(left.value / right.value) : left.value / right.value;
  else value = integer ? left.value % right.value : Math.trunc(left.value) % Math.trunc(right.value);
  if (integer && !Number.isSafeInteger(value)) return null;
  return Number.isFinite(value) ? { value, integer } : null;
}

/**
 * How a folded number is written: an integer plainly, a real as SQLite prints
 * it (`3.5`, and `3.0` for a whole real).
 *
 * @example formatFolded({ value: 3, integer: false }); // '3.0'
 */
export function formatFolded(f: Folded): string {
  if (f.integer) return String(f.value);
  return Number.isInteger(f.value) ? `${f.value}.0` : String(f.value);
}
