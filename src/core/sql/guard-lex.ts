/**
 * A small SQLite-flavoured lexer for the read-only guard: it knows comments,
 * string literals, quoted identifiers, parameters and semicolons, and nothing of the
 * grammar. Its one job is to agree with SQLite's tokenizer on where code is
 * (outside comments and quotes), so statement boundaries and leading keywords
 * are found the way SQLite finds them.
 */

/** What a token is, as far as statement splitting and keyword checks need. */
export type SqlTokenKind =
  | 'word' // an identifier or keyword (bare)
  | 'quoted' // "ident", `ident` or [ident]: never a keyword
  | 'string' // 'text' (a blob literal x'..' lexes as word x + string)
  | 'number'
  | 'variable' // a bound parameter: ?NNN, :name, @name, #name or $name, with SQLite's Tcl-style (…) suffix
  | 'punct' // any other single character
  | 'semicolon';

/** One token; `start`/`end` are UTF-16 offsets into the source, end exclusive. */
export interface SqlToken {
  readonly kind: SqlTokenKind;
  readonly start: number;
  readonly end: number;
  /** Upper-cased text for words, the raw text otherwise. */
  readonly text: string;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const NUMBER_PART = /[0-9A-Za-z_.]/;
/** SQLite's IdChar: ASCII letters, digits, `_`, `$` and every non-ASCII character (a UTF-8 byte >= 0x80). */
const ID_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
/** SQLite's sqlite3Isspace: the ASCII whitespace its tokenizer skips. */
const SQLITE_SPACE = /[ \t\n\v\f\r]/;

/**
 * End of a `:name`, `@name`, `#name` or `$name` parameter starting at `at`,
 * as SQLite's tokenizer reads it (tokenize.c, CC_VARALPHA / CC_DOLLAR): name
 * characters and `::`, then optionally `(` up to the first `)` or ASCII space,
 * which may hold quotes, semicolons or comment marks that are NOT code.
 * Returns `at + 1` when no name follows (SQLite then rejects the token).
 */
function skipVariable(sql: string, at: number): number {
  let i = at + 1;
  let n = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (ID_CHAR.test(c)) {
      n += 1;
      i += 1;
    } else if (c === '(' && n > 0) {
      i += 1;
      while (i < sql.length && sql[i] !== ')' && sql[i] !== '\0' && !SQLITE_SPACE.test(sql[i]!)) i += 1;
      return sql[i] === ')' ? i + 1 : i;
    } else if (c === ':' && sql[i + 1] === ':') i += 2;
    else break;
  }
  return n === 0 ? at + 1 : i;
}

/** Offset just past a quote that started at `open`, with `close` doubled to escape (SQLite rule). */
function skipQuoted(sql: string, open: number, close: string, doubling: boolean): number {
  let i = open + 1;
  while (i < sql.length) {
    if (sql[i] === close) {
      if (doubling && sql[i + 1] === close) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return sql.length; // unterminated: runs to the end, as in SQLite (which then rejects it)
}

/**
 * Splits SQL text into tokens, dropping whitespace and comments (`-- …` to
 * the end of the line, `/* … *\/` or to the end of input when unterminated,
 * as SQLite does).
 *
 * @example
 * lexSql("SELECT 'a;b' -- x;\n;").map((t) => t.kind) // ['word', 'string', 'semicolon']
 */
export function lexSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let i = 0;
  const push = (kind: SqlTokenKind, start: number, end: number): void => {
    const raw = sql.slice(start, end);
    tokens.push({ kind, start, end, text: kind === 'word' ? raw.toUpperCase() : raw });
  };
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl === -1 ? sql.length : nl + 1;
    } else if (c === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close === -1 ? sql.length : close + 2;
    } else if (c === "'") {
      const end = skipQuoted(sql, i, "'", true);
      push('string', i, end);
      i = end;
    } else if (c === '"' || c === '`') {
      const end = skipQuoted(sql, i, c, true);
      push('quoted', i, end);
      i = end;
    } else if (c === '[') {
      const end = skipQuoted(sql, i, ']', false);
      push('quoted', i, end);
      i = end;
    } else if (c === ';') {
      push('semicolon', i, i + 1);
      i += 1;
    } else if (c === '$' || c === '@' || c === ':' || c === '#') {
      const end = skipVariable(sql, i);
      push(end === i + 1 ? 'punct' : 'variable', i, end);
      i = end;
    } else if (/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next))) {
      let j = i + 1;
      while (j < sql.length) {
        const d = sql[j]!;
        if (NUMBER_PART.test(d)) j += 1;
        else if ((d === '+' || d === '-') && /[eE]/.test(sql[j - 1]!)) j += 1;
        else break;
      }
      push('number', i, j);
      i = j;
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < sql.length && WORD_PART.test(sql[j]!)) j += 1;
      push('word', i, j);
      i = j;
    } else {
      push('punct', i, i + 1);
      i += 1;
    }
  }
  return tokens;
}

/**
 * Groups tokens into statements at top-level semicolons, dropping empty ones
 * (`;;` is one statement plus nothing, as SQLite treats it).
 *
 * @example
 * splitStatements(lexSql('SELECT 1;; SELECT 2')).length // 2
 */
export function splitStatements(tokens: readonly SqlToken[]): SqlToken[][] {
  const statements: SqlToken[][] = [];
  let current: SqlToken[] = [];
  for (const t of tokens) {
    if (t.kind === 'semicolon') {
      if (current.length > 0) statements.push(current);
      current = [];
    } else current.push(t);
  }
  if (current.length > 0) statements.push(current);
  return statements;
}
