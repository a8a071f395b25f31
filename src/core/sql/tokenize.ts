/**
 * A small SQL tokenizer (SQLite lexical rules, not a grammar): enough to fold
 * case outside literals, unify identifier quotes, drop comments and mask
 * literals. It never throws: an unterminated string or comment runs to the end
 * of the text, and an unknown character becomes a one-character `op` token.
 */
import { SQL_KEYWORDS } from './keywords.ts';

/**
 * Token kinds. `string` is '…'; `dq` is "…" (an identifier in SQLite unless no
 * column has that name, then a string); `bq` is `…` and `br` is […] (both
 * identifiers); `blob` is X'…'; `param` is ?, ?NNN, :name, @name or $name.
 */
export type TokenKind =
  | 'ws' | 'comment' | 'string' | 'dq' | 'bq' | 'br' | 'blob'
  | 'number' | 'word' | 'param' | 'op' | 'punct';

/** One token: its kind and its exact source text (concatenating all tokens gives the input back). */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

const MULTI_OPS = ['<=', '>=', '<>', '!=', '==', '||', '<<', '>>', '->>', '->'];
const PUNCT = new Set(['(', ')', ',', '.', ';']);

const reAt = (re: RegExp, s: string, i: number): string | null => {
  re.lastIndex = i;
  const m = re.exec(s);
  return m ? m[0] : null;
};

const WS = /\s+/y;
const LINE_COMMENT = /--[^\n]*/y;
const BLOCK_COMMENT = /\/\*[\s\S]*?(?:\*\/|$)/y;
const SINGLE = /'(?:[^']|'')*(?:'|$)/y;
const DOUBLE = /"(?:[^"]|"")*(?:"|$)/y;
const BACKTICK = /`(?:[^`]|``)*(?:`|$)/y;
const BRACKET = /\[[^\]]*(?:\]|$)/y;
const BLOB = /[xX]'[0-9a-fA-F]*'/y;
const NUMBER = /0[xX][0-9a-fA-F]+|(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y;
const PARAM = /\?\d*|[:@$][A-Za-z0-9_]+/y;

const RULES: readonly (readonly [TokenKind, RegExp])[] = [
  ['ws', WS], ['comment', LINE_COMMENT], ['comment', BLOCK_COMMENT],
  ['blob', BLOB], ['string', SINGLE], ['dq', DOUBLE], ['bq', BACKTICK], ['br', BRACKET],
  ['number', NUMBER], ['word', WORD], ['param', PARAM],
];

/**
 * Splits SQL text into tokens, whitespace and comments included.
 *
 * @example
 * tokenizeSql("SELECT 'a b' -- c").map((t) => t.kind);
 * // ['word', 'ws', 'string', 'ws', 'comment']
 */
export function tokenizeSql(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  outer: while (i < sql.length) {
    for (const [kind, re] of RULES) {
      const m = reAt(re, sql, i);
      if (m) {
        out.push({ kind, text: m });
        i += m.length;
        continue outer;
      }
    }
    const op = MULTI_OPS.find((o) => sql.startsWith(o, i)) ?? sql[i];
    out.push({ kind: PUNCT.has(op) ? 'punct' : 'op', text: op });
    i += op.length;
  }
  return out;
}

/**
 * The unquoted name inside a `dq`, `bq` or `br` token (doubled quotes undone).
 *
 * @example
 * quotedName('"a ""b"""'); // 'a "b"'
 */
export function quotedName(text: string): string {
  const open = text[0];
  const close = open === '[' ? ']' : open;
  const inner = text.endsWith(close) && text.length > 1 ? text.slice(1, -1) : text.slice(1);
  return open === '[' ? inner : inner.split(close + close).join(close);
}

/**
 * True when `name` can be written without quotes: letters, digits and `_`,
 * not starting with a digit, and not an SQL keyword (case-insensitive).
 *
 * @example
 * isBareIdentifier('singer_id'); // true
 * isBareIdentifier('order');     // false
 */
export function isBareIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !SQL_KEYWORDS.has(name.toLowerCase());
}
