/**
 * What the parser may be given. node-sql-parser is a PEG parser: on some
 * texts it fails slowly enough to hang a tab, so every caller of `parseSql`
 * is protected by these limits (checked inside `parseSql` itself).
 */
import { tokenizeSql } from './tokenize.ts';

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
 * Longest text (UTF-16 code units) the SQL front end reads token by token:
 * the parser (checked first by {@link fitsParser}, before tokenizing) and
 * normalization (`normalizeSql` keys a longer text by the text itself).
 * Tokenizing is linear but not free: a 2 MB candidate (an IN list of 200,000
 * values) took about 0.4 s per pass on the page's thread, and Ask makes
 * several passes per candidate. No query a model writes comes near it:
 * Spider's longest gold query (train) has 577 characters, the longest of
 * 9,196 real systems' candidates on Spider dev 895.
 */
export const MAX_ANALYZED_SQL_CHARS = 100_000;

/**
 * Whether `sql` may go to the parser: at most {@link MAX_ANALYZED_SQL_CHARS}
 * characters and {@link MAX_PARSE_TOKENS}
 * tokens, and parentheses (outside strings, quoted names and comments) that
 * balance and nest at most {@link MAX_PARSE_DEPTH} deep. Unbalanced text
 * cannot parse in any dialect anyway.
 *
 * @example
 * fitsParser('SELECT (1 + (2))') // true
 * fitsParser('SELECT ((((((((((1') // false
 */
export function fitsParser(sql: string): boolean {
  if (sql.length > MAX_ANALYZED_SQL_CHARS) return false;
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
