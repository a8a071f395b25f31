/**
 * The read-only pre-check every candidate passes before SQLite sees it.
 *
 * Convention: exactly one statement (a trailing `;` and comments are fine,
 * empty statements such as `;;` count as nothing); its first keyword must be
 * SELECT, WITH, VALUES, EXPLAIN (of one of those) or a read-only PRAGMA
 * (see guard-pragma.ts); ATTACH, DETACH, VACUUM (incl. VACUUM INTO) and
 * `load_extension(` (bare or quoted) are refused by name. A WITH whose main statement is an
 * INSERT, UPDATE, DELETE or REPLACE is refused too. This is a lexer-level
 * check, not a grammar: the runner also sets `PRAGMA query_only=ON`, so any
 * write the guard misses is stopped by SQLite itself.
 */
import type { ExecError } from '../exec/types.ts';
import { execError } from '../exec/outcomes.ts';
import { splitStatements, type SqlToken } from './guard-lex.ts';
import { isReadOnlyPragma } from './guard-pragma.ts';

/** The guard's verdict: the single statement to run, or why not. */
export type GuardResult = { readonly ok: true; readonly sql: string } | { readonly ok: false; readonly error: ExecError };

const QUERY_STARTS = new Set(['SELECT', 'WITH', 'VALUES']);
const WRITES_AFTER_WITH = new Set(['INSERT', 'UPDATE', 'DELETE']);
const ALLOWED = 'only SELECT, WITH … SELECT, VALUES, EXPLAIN or a read-only PRAGMA may run';

/** Error for a refused statement, naming what was refused and what is allowed. */
function refuse(sql: string, what: string): GuardResult {
  return { ok: false, error: execError('READONLY', `${what}; the database is read-only: ${ALLOWED}.`, sql) };
}

/** First keywords of SQLite's other statements: all write, change state or leave the database. */
const OTHER_STATEMENTS = new Set([
  ...['ALTER', 'ANALYZE', 'ATTACH', 'BEGIN', 'COMMIT', 'CREATE', 'DELETE', 'DETACH', 'DROP', 'END'],
  ...['INSERT', 'PRAGMA', 'REINDEX', 'RELEASE', 'REPLACE', 'ROLLBACK', 'SAVEPOINT', 'UPDATE', 'VACUUM'],
]);

/** Checks a SELECT/WITH/VALUES body starting at token `i`. */
function checkQuery(sql: string, t: readonly SqlToken[], i: number): GuardResult | null {
  const first = t[i];
  const prefix = i > 0 ? 'EXPLAIN … ' : '';
  if (first === undefined) return { ok: false, error: execError('SYNTAX', 'EXPLAIN needs a query after it.', sql) };
  if (first.kind === 'word' && OTHER_STATEMENTS.has(first.text)) {
    return refuse(sql, `a statement beginning with ${prefix}${first.text} is not a query`);
  }
  if (first.kind !== 'word' || !QUERY_STARTS.has(first.text)) {
    const found = sql.slice(first.start, first.end);
    const message = `${prefix}"${found}" does not begin a SQL statement; a query begins with SELECT, WITH or VALUES.`;
    return { ok: false, error: execError('SYNTAX', message, sql) };
  }
  if (first.text !== 'WITH') return null;
  let depth = 0;
  for (let j = i + 1; j < t.length; j += 1) {
    const tok = t[j]!;
    if (tok.kind === 'punct' && tok.text === '(') depth += 1;
    else if (tok.kind === 'punct' && tok.text === ')') depth -= 1;
    else if (depth === 0 && tok.kind === 'word') {
      const replaceInto = tok.text === 'REPLACE' && t[j + 1]?.kind === 'word' && t[j + 1]?.text === 'INTO';
      if (WRITES_AFTER_WITH.has(tok.text) || replaceInto) return refuse(sql, `WITH … ${tok.text} writes to the database`);
    }
  }
  return null;
}

/** Checks `PRAGMA [schema.]name [= v | (arg)]`. */
function checkPragma(sql: string, t: readonly SqlToken[]): GuardResult | null {
  let n = 1;
  if (t[n + 1]?.text === '.') n += 2; // schema-qualified
  const nameTok = t[n];
  if (nameTok === undefined) return refuse(sql, 'a PRAGMA without a name');
  const name = sql.slice(nameTok.start, nameTok.end).replace(/^["`[]|["`\]]$/g, '');
  const after = t[n + 1];
  if (after?.text === '=') return refuse(sql, `PRAGMA ${name} = … changes a setting`);
  const form = after?.text === '(' ? 'call' : 'bare';
  if (!isReadOnlyPragma(name, form)) {
    return refuse(sql, `PRAGMA ${name}${form === 'call' ? '(…)' : ''} is not a known read-only pragma`);
  }
  return null;
}

/** A word's upper-cased text, or a quoted identifier's name upper-cased (SQLite calls `"f"(x)` as `f(x)`). */
function nameOf(tok: SqlToken): string | null {
  if (tok.kind === 'word') return tok.text;
  if (tok.kind !== 'quoted') return null;
  const close = tok.text[0] === '[' ? ']' : tok.text[0]!;
  return tok.text
    .slice(1, -1)
    .replaceAll(close + close, close)
    .toUpperCase();
}

/** Checks one statement's tokens; null when it may run. */
function checkStatement(sql: string, t: readonly SqlToken[]): GuardResult | null {
  for (let j = 0; j < t.length; j += 1) {
    if (nameOf(t[j]!) === 'LOAD_EXTENSION' && t[j + 1]?.text === '(') {
      return refuse(sql, 'load_extension() loads native code');
    }
  }
  const head = t[0]!;
  switch (head.text) {
    case 'ATTACH':
    case 'DETACH':
      return refuse(sql, `${head.text} would open or close another database file`);
    case 'VACUUM':
      return refuse(sql, 'VACUUM (and VACUUM INTO) rewrites or copies the database file');
    case 'PRAGMA':
      return checkPragma(sql, t);
    case 'EXPLAIN': {
      const plan = t[1]?.text === 'QUERY' && t[2]?.text === 'PLAN';
      return checkQuery(sql, t, plan ? 3 : 1);
    }
    default:
      return checkQuery(sql, t, 0);
  }
}

/**
 * Decides whether `sql` is exactly one read-only statement. On success `sql`
 * is that statement's text from its first to its last token (leading and
 * trailing whitespace, comments and semicolons dropped).
 *
 * @example
 * guardSql('SELECT 1; -- done') // { ok: true, sql: 'SELECT 1' }
 * guardSql('SELECT 1; DROP TABLE t').ok // false (MULTI_STATEMENT)
 * guardSql('DELETE FROM t').ok // false (READONLY)
 */
export function guardSql(sql: string): GuardResult {
  const statements = splitStatements(sql).map((s) => s.tokens);
  if (statements.length === 0) {
    return { ok: false, error: execError('EMPTY', 'there is no SQL statement here, only whitespace, comments or semicolons.', sql) };
  }
  if (statements.length > 1) {
    const second = statements[1]!;
    const preview = sql.slice(second[0]!.start, second[0]!.start + 40);
    return {
      ok: false,
      error: execError('MULTI_STATEMENT', `found ${statements.length} statements (the second begins "${preview}"); run exactly one statement.`, sql),
    };
  }
  const t = statements[0]!;
  const single = sql.slice(t[0]!.start, t[t.length - 1]!.end);
  const offset = t[0]!.start;
  const local = offset === 0 ? t : t.map((tok) => ({ ...tok, start: tok.start - offset, end: tok.end - offset }));
  return checkStatement(single, local) ?? { ok: true, sql: single };
}
