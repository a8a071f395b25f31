/**
 * Maps SQLite's error messages (as sql.js throws them) to ExecError codes,
 * with a hint a person can act on appended to SQLite's own words.
 */
import { execError, type ExecError, type ExecErrorCode } from '../../core/exec/types.ts';

interface Rule {
  readonly test: RegExp;
  readonly code: ExecErrorCode;
  readonly hint: string;
}

/** First match wins; patterns are SQLite's message texts (sqlite3_errmsg). */
const RULES: readonly Rule[] = [
  {
    test: /syntax error|incomplete input|unrecognized token/i,
    code: 'SYNTAX',
    hint: 'the SQL does not parse; check keywords, commas, quotes and parentheses near the place named',
  },
  {
    test: /no such table/i,
    code: 'NO_SUCH_TABLE',
    hint: 'the query names a table this database does not have; check the table names in the schema',
  },
  {
    test: /no such column/i,
    code: 'NO_SUCH_COLUMN',
    hint: 'the query names a column that is not in the tables it reads; check the column names and the table aliases',
  },
  {
    test: /ambiguous column name/i,
    code: 'AMBIGUOUS_COLUMN',
    hint: 'more than one joined table has this column; qualify it with its table name or alias',
  },
  {
    // Before READONLY: SQLite's message names the pragma (e.g. pragma_query_only), which is not a write.
    test: /too many arguments on pragma_\w+\(\)/i,
    code: 'SQLITE_ERROR',
    hint: 'a pragma table function takes only the arguments SQLite names (a schema or table name), never a value to set',
  },
  { test: /readonly database|query_only|not authorized/i, code: 'READONLY', hint: 'the database is opened read-only; only queries may run' },
  {
    test: /no such collation sequence/i,
    code: 'SQLITE_ERROR',
    hint: 'the database declares a collation that the program which made it defines and this SQLite lacks; compare with COLLATE NOCASE or BINARY instead',
  },
  {
    // A limit on the query's shape, not on memory (TOO_LARGE is for memory: it retires the worker).
    // SQLite 3.46+ says "Recursion limit" where older versions said "parser stack overflow".
    test: /expression tree is too large|recursion limit|parser stack overflow/i,
    code: 'SQLITE_ERROR',
    hint: 'the query nests or chains more terms than SQLite allows; write it with fewer terms (an IN list, a subquery)',
  },
  {
    test: /string or blob too big|out of memory|too large/i,
    code: 'TOO_LARGE',
    hint: 'a value or the result is too large to hold; add a LIMIT or select shorter values',
  },
  { test: /file is not a database/i, code: 'NOT_SQLITE', hint: 'the file is not a SQLite database' },
  {
    test: /malformed|disk image|corrupt/i,
    code: 'CORRUPT',
    hint: 'the database file is damaged or truncated; try a fresh copy of the file',
  },
];

/**
 * Classifies an error thrown by sql.js into an ExecError whose message is
 * SQLite's text plus a hint; anything unrecognised is SQLITE_ERROR with
 * SQLite's text alone.
 *
 * @example
 * sqliteError(new Error('no such table: singer'), 'SELECT * FROM singer').code // 'NO_SUCH_TABLE'
 */
export function sqliteError(thrown: unknown, sql?: string): ExecError {
  const text = thrown instanceof Error ? thrown.message : String(thrown);
  const rule = RULES.find((r) => r.test.test(text));
  return rule === undefined ? execError('SQLITE_ERROR', text, sql) : execError(rule.code, `${text}: ${rule.hint}.`, sql);
}
