/**
 * A canonical string form of one SQL text, for exact-match clustering
 * (string self-consistency). Token-based: nothing is parsed, so it works on
 * any text, valid SQL or not.
 */
import { isBareIdentifier, quoteIdent } from './identifier.ts';
import { SQL_KEYWORDS } from './keywords.ts';
import { MAX_ANALYZED_SQL_CHARS } from './parse-limits.ts';
import { valuePositions } from './quoted-values.ts';
import { quotedName, tokenizeSql, type Token } from './tokenize.ts';

/** Options for {@link normalizeSql}. */
export interface NormalizeOptions {
  /** Replace every literal (string, number, blob, and a sign in front of a number) by `?`. */
  readonly maskLiterals?: boolean;
}

const isKeyword = (t: Token | undefined): boolean => t !== undefined && t.kind === 'word' && SQL_KEYWORDS.has(t.text.toLowerCase());

/** A sign is unary when nothing that ends an operand comes before it. */
function isUnarySign(prev: Token | undefined, t: Token, next: Token | undefined): boolean {
  if ((t.text !== '-' && t.text !== '+') || next?.kind !== 'number') return false;
  if (prev === undefined || prev.kind === 'op' || isKeyword(prev)) return true;
  return prev.kind === 'punct' && (prev.text === '(' || prev.text === ',');
}

/** Text of one token in canonical form; `value` marks a "x" read as a string. */
function render(t: Token, mask: boolean, value = false): string {
  if (value) return mask ? '?' : t.text;
  switch (t.kind) {
    case 'word':
    case 'number':
    case 'blob':
      return mask && t.kind !== 'word' ? '?' : t.text.toLowerCase();
    case 'string':
      return mask ? '?' : t.text;
    case 'dq':
    case 'bq':
    case 'br': {
      const name = quotedName(t.text);
      if (isBareIdentifier(name)) return name.toLowerCase();
      return t.kind === 'dq' ? t.text : quoteIdent(name);
    }
    default:
      return t.text;
  }
}

/** Whether a space goes between two rendered neighbours. */
function spaced(prev: Token, next: Token): boolean {
  if (prev.text === '(' || prev.text === '.') return false;
  if (next.text === ')' || next.text === ',' || next.text === '.' || next.text === ';') return false;
  if (next.text === '(') return isKeyword(prev) || prev.kind === 'op' || prev.text === ',';
  return true;
}

/** Starts the key of a text past MAX_ANALYZED_SQL_CHARS, setting it apart from tokenized keys. */
const LONG_TEXT_MARK = '\u0000long text\u0000';

/**
 * Canonical text of a SQL query: comments dropped, whitespace collapsed to a
 * fixed spacing (one space between tokens, none inside `f(x)`, `t.c` or
 * before `,`), keywords and identifiers lowercased, identifiers in "…", `…`
 * or […] unquoted when they are plain names that are not keywords (others are
 * written "…"), trailing semicolons removed. String literals keep their case
 * and quotes. SQLite reads "x" as a column when one exists and as a string
 * otherwise; here a "x" where a value stands (`valuePositions`: after a
 * comparison, BETWEEN or inside an IN list, not before `.`) is a string (kept
 * as written, masked with the literals), and any other "x" is an identifier.
 *
 * A text longer than MAX_ANALYZED_SQL_CHARS is not tokenized: its key is the
 * text itself, marked, so only identical texts share it.
 *
 * @example
 * normalizeSql('SELECT  [Name], "Age" FROM t WHERE x = "A"; -- hi');
 * // 'select name, age from t where x = "A"'
 * normalizeSql('select a from t where b > -5', { maskLiterals: true });
 * // 'select a from t where b > ?'
 */
export function normalizeSql(sql: string, options: NormalizeOptions = {}): string {
  // Too long to tokenize on the page's thread (parse-limits.ts): the text itself, marked, is its key, so only identical texts match.
  if (sql.length > MAX_ANALYZED_SQL_CHARS) return `${LONG_TEXT_MARK}${sql}`;
  const mask = options.maskLiterals === true;
  const toks = tokenizeSql(sql).filter((t) => t.kind !== 'ws' && t.kind !== 'comment');
  while (toks.length > 0 && toks[toks.length - 1]!.text === ';') toks.pop();
  const values = valuePositions(
    toks.map((t) => ({ text: t.text.toLowerCase(), dq: t.kind === 'dq', code: t.kind === 'word' || t.kind === 'op' || t.kind === 'punct' })),
  );
  let out = '';
  let prev: Token | undefined;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    let text = render(t, mask, values[i]);
    let shown = t;
    if (isUnarySign(prev, t, toks[i + 1])) {
      text = mask ? '?' : t.text + render(toks[i + 1]!, false);
      shown = toks[++i]!;
    }
    out += prev === undefined ? text : spaced(prev, shown) ? ` ${text}` : text;
    prev = shown;
  }
  return out;
}
