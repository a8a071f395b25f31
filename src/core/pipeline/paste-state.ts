/**
 * Where a SQL statement being read line by line stands, kept as it grows so
 * that each character is read once (a long query, or a long paste, costs its
 * length, never its length squared): the depth of parentheses, the first
 * word, the last token, whether a WITH has reached its main query, and
 * whether the text ends inside a quote or a block comment (and which closer
 * ends it). Tokens as SQLite's tokenizer finds them (sql/tokenize.ts, `guard`
 * mode, as the statement splitter reads them); a `;` outside quotes and
 * comments ends the statement.
 */
import { tokenizeSql, type TokenKind } from '../sql/tokenize.ts';

/** What ends an open quote or comment. */
export type Closer = "'" | '"' | '`' | ']' | '*/';

export interface SqlRunState {
  readonly depth: number;
  /** Tokens read, comments and whitespace left out. */
  readonly tokens: number;
  /** The first word, upper-cased; null before any token. */
  readonly first: string | null;
  /** A main-query keyword (SELECT, VALUES, INSERT …) at depth 0 after the first token: a WITH is complete only with one. */
  readonly main: boolean;
  readonly last: { readonly kind: TokenKind; readonly text: string } | null;
  /** Inside a quote or a block comment that this closes; null outside. */
  readonly open: Closer | null;
}

export const START: SqlRunState = { depth: 0, tokens: 0, first: null, main: false, last: null, open: null };

const MAIN_QUERY = new Set(['SELECT', 'VALUES', 'INSERT', 'UPDATE', 'DELETE', 'REPLACE']);
/** Words after which a statement cannot have ended. */
const OPEN_ENDS = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'JOIN',
  'ON',
  'BY',
  'GROUP',
  'ORDER',
  'HAVING',
  'UNION',
  'ALL',
  'INTERSECT',
  'EXCEPT',
  'AS',
  'WITH',
  'RECURSIVE',
  'SET',
  'VALUES',
  'INTO',
  'DISTINCT',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'LIMIT',
  'OFFSET',
  'LEFT',
  'RIGHT',
  'INNER',
  'OUTER',
  'CROSS',
  'NATURAL',
  'FULL',
  'USING',
  'EXISTS',
  'AND',
  'OR',
  'NOT',
  'IN',
  'LIKE',
  'GLOB',
  'IS',
  'BETWEEN',
  'WINDOW',
  'OVER',
  'PARTITION',
]);
const QUOTE_OF: Partial<Record<TokenKind, Closer>> = { string: "'", dq: '"', bq: '`', br: ']' };

/** Where `closer` ends an open token in `text` (just past it), or -1; a doubled quote is a quote inside, not the end. */
function closeAt(text: string, closer: Closer): number {
  if (closer === '*/' || closer === ']') {
    const at = text.indexOf(closer);
    return at < 0 ? -1 : at + closer.length;
  }
  for (let i = text.indexOf(closer); i >= 0; i = text.indexOf(closer, i + 2)) {
    if (text[i + 1] !== closer) return i + 1;
  }
  return -1;
}

/** True when a quoted token runs to the end of the text without its closing quote. */
function unterminated(kind: TokenKind, text: string): boolean {
  if (kind === 'br') return !text.endsWith(']');
  const q = QUOTE_OF[kind];
  return q !== undefined && (text.split(q).length - 1) % 2 === 1;
}

/**
 * Reads `text` on from `state`. Stops at the first `;` outside quotes and
 * comments: `semicolon` is its offset in `text` (null when there is none) and
 * the state is the statement's up to it.
 *
 * @example
 * feed(START, 'SELECT (1').state.depth;        // 1
 * feed(START, "SELECT ';'; SELECT 2").semicolon; // 10
 */
export function feed(state: SqlRunState, text: string): { state: SqlRunState; semicolon: number | null } {
  let s = { ...state };
  let from = 0;
  if (s.open !== null) {
    const end = closeAt(text, s.open);
    if (end < 0) return { state: s, semicolon: null };
    if (s.open !== '*/') s = { ...s, tokens: s.tokens + 1, last: { kind: 'string', text: s.open } };
    s.open = null;
    from = end;
  }
  let at = from;
  for (const t of tokenizeSql(text.slice(from), 'guard')) {
    const start = at;
    at += t.text.length;
    if (t.kind === 'ws') continue;
    if (t.kind === 'comment') {
      if (t.text.startsWith('/*') && (t.text.length < 4 || !t.text.endsWith('*/'))) s.open = '*/';
      continue;
    }
    if (t.text === ';') return { state: s, semicolon: start };
    if (unterminated(t.kind, t.text)) s.open = QUOTE_OF[t.kind]!;
    if (t.text === '(') s.depth++;
    else if (t.text === ')') s.depth = Math.max(0, s.depth - 1);
    else if (t.kind === 'word') {
      const w = t.text.toUpperCase();
      if (s.tokens === 0) s.first = w;
      else if (s.depth === 0 && MAIN_QUERY.has(w)) s.main = true;
    }
    s.tokens++;
    s.last = t;
  }
  return { state: s, semicolon: null };
}

/**
 * True when a statement could end here: no open quote, comment or
 * parenthesis, no dangling word or operator, a WITH with its main query.
 *
 * @example complete(feed(START, 'SELECT a FROM').state); // false
 */
export function complete(s: SqlRunState): boolean {
  if (s.open !== null || s.depth > 0) return false;
  if (s.last === null) return true;
  if (s.first === 'WITH' && !s.main) return false;
  if (s.last.kind === 'word') return !OPEN_ENDS.has(s.last.text.toUpperCase());
  return !(s.last.kind === 'op' || s.last.kind === 'punct') || s.last.text === ')' || s.last.text === '?';
}
