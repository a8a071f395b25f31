/**
 * The structure of a SQL text read off its tokens: keyword counts and the
 * indicators the featurizer and the question cues use. Token-based on purpose,
 * so a candidate that does not parse still has a shape.
 */
import type { FeatureToken } from './tokens.ts';

export interface SqlShape {
  /** Occurrences of each keyword and function name (lowercase). */
  readonly counts: ReadonlyMap<string, number>;
  readonly selects: number;
  readonly joins: number;
  /** AND/OR connectives after the first WHERE or HAVING. */
  readonly conditions: number;
  readonly setOps: number;
  /** SELECTs beyond the first that are not the right side of a set operation. */
  readonly nested: number;
  readonly orderDesc: boolean;
  readonly orderAsc: boolean;
  readonly limit: number | null;
  readonly comparisons: ReadonlyMap<string, number>;
  /** A `SELECT *` or `T.*` projection (not `count(*)`). */
  readonly star: boolean;
}

/** Comparison operators counted in `comparisons`. */
const COMPARISONS: ReadonlySet<string> = new Set(['<', '>', '<=', '>=', '=', '!=']);
/** Tokens after which `*` is a projection (`SELECT *`, `DISTINCT *`, `a, *`, `t.*`), not a product or `count(*)`. */
const BEFORE_STAR: ReadonlySet<string> = new Set(['select', 'distinct', ',', '.']);

/**
 * Reads the shape of a token list.
 *
 * @example
 * const s = sqlShape(featureTokens('SELECT name FROM t ORDER BY age DESC LIMIT 1'));
 * s.orderDesc; // true
 * s.limit;     // 1
 */
export function sqlShape(tokens: readonly FeatureToken[]): SqlShape {
  const counts = new Map<string, number>();
  const comparisons = new Map<string, number>();
  let conditions = 0;
  let inFilter = false;
  let orderDesc = false;
  let orderAsc = false;
  let inOrder = false;
  let limit: number | null = null;
  let star = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'kw' || t.kind === 'fn') counts.set(t.text, (counts.get(t.text) ?? 0) + 1);
    if (t.kind === 'op' && COMPARISONS.has(t.text)) comparisons.set(t.text, (comparisons.get(t.text) ?? 0) + 1);
    if (t.kind === 'op' && t.text === '*' && BEFORE_STAR.has(tokens[i - 1]?.text ?? '')) star = true;
    if (t.kind !== 'kw') continue;
    if (t.text === 'where' || t.text === 'having') inFilter = true;
    if (t.text === 'select') inFilter = false;
    if (inFilter && (t.text === 'and' || t.text === 'or') && tokens[i - 2]?.text !== 'between') conditions++;
    if (t.text === 'order') inOrder = true;
    if (t.text === 'limit' || t.text === 'select') inOrder = false;
    if (inOrder && t.text === 'desc') orderDesc = true;
    if (inOrder && t.text === 'asc') orderAsc = true;
    if (t.text === 'limit' && tokens[i + 1]?.kind === 'num') limit = Number(tokens[i + 1]!.text);
  }
  const c = (k: string): number => counts.get(k) ?? 0;
  const setOps = c('union') + c('intersect') + c('except');
  const selects = c('select');
  let joins = c('join');
  for (let i = 0; i < tokens.length; i++) if (tokens[i]!.text === ',' && inFromList(tokens, i)) joins++;
  return {
    counts,
    selects,
    joins,
    conditions,
    setOps,
    nested: Math.max(0, selects - 1 - setOps),
    orderDesc,
    orderAsc: orderAsc || (c('order') > 0 && !orderDesc),
    limit,
    comparisons,
    star,
  };
}

/** True when the comma at `i` separates tables in a FROM list (implicit join). */
function inFromList(tokens: readonly FeatureToken[], i: number): boolean {
  let depth = 0;
  for (let j = i - 1; j >= 0; j--) {
    const t = tokens[j]!;
    if (t.text === ')') depth++;
    else if (t.text === '(') {
      if (depth === 0) return false;
      depth--;
    } else if (depth === 0 && t.kind === 'kw') {
      if (t.text === 'from') return true;
      if (t.text !== 'as' && t.text !== 'join' && t.text !== 'on' && t.text !== 'inner' && t.text !== 'left') return false;
    }
  }
  return false;
}
