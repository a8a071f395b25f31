/**
 * ORDER BY and LIMIT in words. One sort key with a LIMIT reads as what it
 * picks ("keeping only the row with the highest age", "keeping the 3 groups
 * with the lowest number of rows"); otherwise the sort ("sorted by price
 * (descending), then title (ascending)") and the cut ("keeping the first 10
 * rows", "after skipping 20") are said one after the other. "Highest" and
 * "lowest" follow SQLite's order, which for text is alphabetical.
 */
import { isNode, type Node } from '../ast.ts';
import type { ReadContext } from './context.ts';
import { foldConstant, formatFolded } from './fold.ts';
import { valueWords } from './values.ts';

interface Limit {
  readonly count: string | null;
  readonly offset: string | null;
}

/** LIMIT's count and OFFSET as written (`LIMIT 5, 10` is offset 5, count 10). */
function limitOf(select: Node, ctx: ReadContext): Limit {
  const l = select.limit;
  const values = isNode(l) && Array.isArray(l.value) ? l.value : [];
  const words = (x: unknown): string | null => {
    if (x === undefined) return null;
    const f = foldConstant(x);
    return f !== null ? formatFolded(f) : valueWords(x, ctx);
  };
  if (values.length === 0) return { count: null, offset: null };
  if (isNode(l) && l.seperator === ',') return { count: words(values[1]), offset: words(values[0]) };
  return { count: words(values[0]), offset: words(values[1]) };
}

interface Key {
  readonly words: string;
  readonly descending: boolean;
}

function keysOf(select: Node, ctx: ReadContext): Key[] {
  const items = Array.isArray(select.orderby) ? select.orderby.filter(isNode) : [];
  return items.map((o) => ({ words: valueWords(o.expr, ctx), descending: typeof o.type === 'string' && o.type.toUpperCase() === 'DESC' }));
}

/** "the highest age", "the highest number of rows" (the key's own "the" dropped). */
function extreme(key: Key): string {
  const bare = key.words.replace(/^the /, '');
  const dir = key.descending ? 'highest' : 'lowest';
  return /^(highest|lowest) /.test(bare) ? `the ${dir} value of ${key.words}` : `the ${dir} ${bare}`;
}

const rowsWord = (n: string, grouped: boolean): string => `${grouped ? 'group' : 'row'}${n === '1' ? '' : 's'}`;

/**
 * The ORDER BY and LIMIT of `select` as the end of what a query does; '' without them.
 *
 * @example orderWords(select, ctx, false); // ', keeping only the row with the highest age'
 */
export function orderWords(select: Node, ctx: ReadContext, grouped: boolean): string {
  const keys = keysOf(select, ctx);
  const { count, offset } = limitOf(select, ctx);
  if (keys.length === 1 && count !== null && offset === null) {
    return count === '1'
      ? `, keeping only the ${rowsWord('1', grouped)} with ${extreme(keys[0]!)}`
      : `, keeping the ${count} ${rowsWord(count, grouped)} with ${extreme(keys[0]!)}`;
  }
  let text = keys.length === 0 ? '' : `, sorted by ${keys.map((k) => `${k.words} (${k.descending ? 'descending' : 'ascending'})`).join(', then ')}`;
  if (offset !== null) text += `, after skipping ${offset} ${rowsWord(offset, grouped)}`;
  if (count !== null) text += count === '1' ? `, keeping only the first ${rowsWord('1', grouped)}` : `, keeping the first ${count} ${rowsWord(count, grouped)}`;
  return text;
}

/**
 * The ORDER BY and LIMIT of a subquery as the end of its noun phrase; '' without a LIMIT
 * (a subquery's order alone does not change what it gives).
 *
 * @example orderNoun(select, ctx, false); // ' with the highest age'
 */
export function orderNoun(select: Node, ctx: ReadContext, grouped: boolean): string {
  const keys = keysOf(select, ctx);
  const { count, offset } = limitOf(select, ctx);
  if (count === null && offset === null) return '';
  if (keys.length === 1 && offset === null)
    return count === '1' ? ` with ${extreme(keys[0]!)}` : ` (the ${count} ${rowsWord(count!, grouped)} with ${extreme(keys[0]!)})`;
  return orderWords(select, ctx, grouped).replace(/^, /, ' (') + ')';
}
