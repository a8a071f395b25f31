/**
 * Structure indicators of one SQL candidate (the `structure.*` dense slots):
 * parse success, joins, conditions, clauses, aggregates, set operations,
 * nesting, projection width, length. Read off the token shape, so SQL that
 * does not parse still has them (with `parse_ok` 0).
 */
import type { STRUCTURE_FEATURES } from './layout.ts';
import type { SqlShape } from './shape.ts';
import type { SqlFacts } from './sql-facts.ts';
import type { FeatureToken } from './tokens.ts';

const squash = (n: number, cap: number): number => Math.min(1, Math.log1p(n) / Math.log1p(cap));

function selectItems(tokens: readonly FeatureToken[]): number {
  let n = 1;
  let depth = 0;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (depth === 0 && t.text === 'from') break;
    else if (depth === 0 && t.text === ',') n++;
  }
  return n;
}

/**
 * The values of {@link STRUCTURE_FEATURES}, in order: 0/1 indicators, counts
 * through `min(1, log1p(n) / log1p(cap))`.
 *
 * @example
 * const f = sqlFacts('SELECT count(*) FROM t');
 * structureFeatures(f, sqlShape(f.tokens), 4)[0]; // 1 (parse_ok)
 */
export function structureFeatures(f: SqlFacts, s: SqlShape, questionWords: number): number[] {
  const c = (k: string): number => s.counts.get(k) ?? 0;
  const b = (x: boolean): number => (x ? 1 : 0);
  const aggregates = c('count') + c('sum') + c('avg') + c('min') + c('max');
  return [
    b(f.parsed),
    squash(s.selects, 8),
    squash(s.joins, 8),
    b(c('where') > 0),
    squash(s.conditions, 8),
    b(c('group') > 0),
    b(c('having') > 0),
    b(c('order') > 0),
    b(s.orderDesc),
    b(s.limit !== null),
    b(s.limit === 1),
    b(c('distinct') > 0),
    b(c('union') > 0),
    b(c('intersect') > 0),
    b(c('except') > 0),
    squash(s.nested, 4),
    b(c('count') > 0),
    b(c('sum') > 0),
    b(c('avg') > 0),
    b(c('min') > 0),
    b(c('max') > 0),
    b(c('not') > 0),
    b(c('like') > 0),
    b(c('between') > 0),
    b(c('in') > 0),
    b(c('or') > 0),
    b(s.star),
    b(c('case') > 0),
    b(c('exists') > 0),
    b(c('is') > 0 && c('null') > 0),
    squash(selectItems(f.tokens), 8),
    b(c('group') > 0 && aggregates === 0),
    squash(f.tokens.length, 128),
    squash(questionWords, 64),
  ];
}
