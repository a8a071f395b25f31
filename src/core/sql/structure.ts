/**
 * Structural keys: two candidate queries with equal keys have the same shape
 * (tables, columns, operators, nesting) and may differ only in literal values
 * and in how they are written. Used for structural self-consistency.
 */
import { canonicalize } from './canonical.ts';
import { normalizeSql } from './normalize.ts';
import { parseSql } from './parse.ts';
import { stableJson } from './stable-json.ts';
import { quotedName, tokenizeSql } from './tokenize.ts';

/** A structural key, and whether it came from a parse (true) or a text fallback (false). */
export interface StructureKey {
  readonly key: string;
  readonly parsed: boolean;
}

/**
 * Deepest parenthesis nesting handed to the parser. node-sql-parser's
 * postgresql grammar takes time exponential in the nesting depth when a text
 * fails to parse (measured: 10 open parentheses about 1 s, 16 about 30 s, 18
 * about 2 min), and a model cut off mid-query writes exactly such text.
 * Spider's gold SQL nests at most 3 deep.
 */
export const MAX_PARSE_DEPTH = 8;

/**
 * Most tokens (whitespace and comments not counted) handed to the parser. A
 * long operator chain (`1+1+…`, `a || b || …`) parses into a tree as deep as
 * it is long, which the recursive canonicalization and mutation code walk on
 * the call stack: 2,000 terms overflowed it, and parse time grows faster than
 * the length (1,000 tokens take up to about a second). Spider's longest gold
 * query has 125 tokens.
 */
export const MAX_PARSE_TOKENS = 1000;

/**
 * Whether `sql` may go to the parser: at most {@link MAX_PARSE_TOKENS}
 * tokens, and parentheses (outside strings, quoted names and comments) that
 * balance and nest at most {@link MAX_PARSE_DEPTH} deep. Unbalanced text
 * cannot parse in any dialect anyway.
 *
 * @example
 * fitsParser('SELECT (1 + (2))') // true
 * fitsParser('SELECT ((((((((((1') // false
 */
export function fitsParser(sql: string): boolean {
  let depth = 0;
  let tokens = 0;
  for (const t of tokenizeSql(sql)) {
    if (t.kind === 'ws' || t.kind === 'comment') continue;
    if ((tokens += 1) > MAX_PARSE_TOKENS) return false;
    if (t.kind !== 'punct') continue;
    if (t.text === '(') depth += 1;
    else if (t.text === ')') depth -= 1;
    if (depth < 0 || depth > MAX_PARSE_DEPTH) return false;
  }
  return depth === 0;
}

/**
 * Rewrites [x] identifiers as `x`: node-sql-parser reads brackets as arrays
 * (bigquery) or not at all, while SQLite reads them as identifiers.
 */
function bracketsToBackticks(sql: string): string {
  if (!sql.includes('[')) return sql;
  return tokenizeSql(sql)
    .map((t) => (t.kind === 'br' ? `\`${quotedName(t.text).split('`').join('``')}\`` : t.text))
    .join('');
}

/**
 * The canonical structure of one query.
 *
 * When a dialect of node-sql-parser parses it (see `parse.ts`), the key is the
 * stable JSON of its canonical AST (`canonical.ts`): literals become `?`;
 * table aliases resolve to table names (a table repeated in one FROM becomes
 * `t`, `t#2`…, a subquery in FROM `#d1`…); an unqualified column is
 * qualified with the only table of its FROM when there is exactly one;
 * select-list aliases used in ORDER BY / GROUP BY / HAVING are replaced by
 * the expression they name; case is folded; AND/OR chains are flattened and
 * their operands sorted; IN lists are sorted; `=`/`!=` operands are sorted
 * and `<`/`>` comparisons turned to put the smaller operand left.
 * SQLite's "x" is read as a string when it is compared with a column
 * (`name = "Bob"`), and as a column elsewhere.
 *
 * When no dialect parses it, or it does not fit the parser ({@link fitsParser}:
 * too long, unbalanced or nested too deep), the key is `fallback` (pass sql.js's
 * `Statement.getNormalizedSQL()`, which already masks literals) or, when that
 * is absent, `sql`, put through `normalizeSql` with literals masked; `parsed`
 * is then false. A fallback key never equals a parsed key.
 *
 * @example
 * structureKey('SELECT T1.name FROM singer AS T1 WHERE T1.age > 30').key ===
 *   structureKey("select name from singer where age > 40").key; // true
 */
export function structureKey(sql: string, fallback?: string | null): StructureKey {
  const parsed = fitsParser(sql) ? parseSql(bracketsToBackticks(sql)) : null;
  if (parsed?.ok === true) return { key: stableJson(canonicalize(parsed.ast)), parsed: true };
  const text = fallback !== undefined && fallback !== null && fallback.trim() !== '' ? fallback : sql;
  return { key: normalizeSql(text, { maskLiterals: true }), parsed: false };
}
