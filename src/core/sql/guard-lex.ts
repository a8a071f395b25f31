/**
 * The read-only guard's view of SQL text: the SQL tokenizer in its strict
 * `guard` mode (tokenize.ts), whose one job is to agree with SQLite's
 * tokenizer on where code is (outside comments and quotes), so statement
 * boundaries and leading keywords are found the way SQLite finds them. Each
 * token keeps its offsets into the source.
 */
import { tokenizeSql, type TokenKind } from './tokenize.ts';

/** What a token is, as far as statement splitting and keyword checks need. */
export type SqlTokenKind =
  | 'word' // an identifier or keyword (bare)
  | 'quoted' // "ident", `ident` or [ident]: never a keyword
  | 'string' // 'text' (a blob literal x'..' lexes as word x + string)
  | 'number'
  | 'variable' // a bound parameter: ?NNN, :name, @name, #name or $name, with SQLite's Tcl-style (…) suffix
  | 'punct' // any other single character
  | 'semicolon';

const GUARD_KIND: Readonly<Record<TokenKind, SqlTokenKind | null>> = {
  ws: null,
  comment: null,
  string: 'string',
  dq: 'quoted',
  bq: 'quoted',
  br: 'quoted',
  blob: 'string',
  number: 'number',
  word: 'word',
  param: 'variable',
  op: 'punct',
  punct: 'punct',
};

/** One token; `start`/`end` are UTF-16 offsets into the source, end exclusive. */
export interface SqlToken {
  readonly kind: SqlTokenKind;
  readonly start: number;
  readonly end: number;
  /** Upper-cased text for words, the raw text otherwise. */
  readonly text: string;
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
  let start = 0;
  for (const t of tokenizeSql(sql, 'guard')) {
    const end = start + t.text.length;
    const kind = GUARD_KIND[t.kind];
    if (kind !== null)
      tokens.push({ kind: kind === 'punct' && t.text === ';' ? 'semicolon' : kind, start, end, text: kind === 'word' ? t.text.toUpperCase() : t.text });
    start = end;
  }
  return tokens;
}

/** One statement of a text, as splitStatements finds it. */
export interface SqlStatement {
  /** Its tokens (whitespace, comments and the ending `;` left out). */
  readonly tokens: readonly SqlToken[];
  /** Where its text begins: just after the top-level `;` before it, or 0. */
  readonly from: number;
  /** Where it ends: its own top-level `;`, or the end of the text. */
  readonly to: number;
}

/**
 * Splits SQL text into statements at top-level semicolons (outside quotes
 * and comments, as SQLite's tokenizer finds them), dropping empty ones:
 * `;;` is one statement plus nothing, and a stretch of comments alone is no
 * statement. `sql.slice(from, to)` is a statement's text with the comments
 * around it.
 *
 * @example
 * splitStatements('SELECT 1;; SELECT 2').length // 2
 * splitStatements("SELECT 'a;b'; -- x;").map((s) => s.tokens.length) // [2]
 */
export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let tokens: SqlToken[] = [];
  let from = 0;
  for (const t of lexSql(sql)) {
    if (t.kind === 'semicolon') {
      if (tokens.length > 0) statements.push({ tokens, from, to: t.start });
      tokens = [];
      from = t.end;
    } else tokens.push(t);
  }
  if (tokens.length > 0) statements.push({ tokens, from, to: sql.length });
  return statements;
}
