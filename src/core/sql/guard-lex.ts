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
  ws: null, comment: null, string: 'string', dq: 'quoted', bq: 'quoted', br: 'quoted', blob: 'string',
  number: 'number', word: 'word', param: 'variable', op: 'punct', punct: 'punct',
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
    if (kind !== null) tokens.push({ kind: kind === 'punct' && t.text === ';' ? 'semicolon' : kind, start, end, text: kind === 'word' ? t.text.toUpperCase() : t.text });
    start = end;
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
