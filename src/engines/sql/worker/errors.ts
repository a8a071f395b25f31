/**
 * Turns a failure met while running SQLite into an ExecError code, with a
 * hint a person can act on appended to SQLite's own words.
 *
 * The code comes from SQLite's result code (sqlite3_extended_errcode, read
 * off the connection right after the failing call: see `sqliteFailure`),
 * never from words inside the message, which a query can put there (a
 * function named `my_query_only_check`, `json('{')`'s "malformed JSON").
 * Only SQLITE_ERROR, SQLite's generic code, is told apart further, by the
 * fixed start of SQLite's own message formats ("no such table: ", …),
 * anchored at the beginning of the message.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import type { ExecError, ExecErrorCode } from '../../../core/exec/types.ts';
import { execError } from '../../../core/exec/outcomes.ts';

const MEMORY_HINT = 'a value or the result is too large to hold; add a LIMIT or select shorter values';
const READ_ONLY_HINT = 'the database is opened read-only; only queries may run';

/** SQLite primary result codes (https://www.sqlite.org/rescode.html) that map to a code of their own. */
const BY_RESULT_CODE: ReadonlyMap<number, { readonly code: ExecErrorCode; readonly hint: string }> = new Map([
  [7, { code: 'TOO_LARGE', hint: MEMORY_HINT }], // SQLITE_NOMEM (hard_heap_limit reached)
  [18, { code: 'TOO_LARGE', hint: MEMORY_HINT }], // SQLITE_TOOBIG
  [13, { code: 'TOO_LARGE', hint: MEMORY_HINT }], // SQLITE_FULL (temporary storage full)
  [8, { code: 'READONLY', hint: READ_ONLY_HINT }], // SQLITE_READONLY
  [23, { code: 'READONLY', hint: READ_ONLY_HINT }], // SQLITE_AUTH
  [11, { code: 'CORRUPT', hint: 'the database file is damaged or truncated; try a fresh copy of the file' }], // SQLITE_CORRUPT
  [10, { code: 'CORRUPT', hint: 'the database file could not be read; try a fresh copy of the file' }], // SQLITE_IOERR
  [26, { code: 'NOT_SQLITE', hint: 'the file is not a SQLite database' }], // SQLITE_NOTADB
]);

/** SQLITE_ERROR's messages, told apart by the fixed start of SQLite's formats (sqlite3ErrorMsg calls). */
const GENERIC: readonly { readonly start: RegExp; readonly code: ExecErrorCode; readonly hint: string }[] = [
  {
    start: /^(near ".*": syntax error$|incomplete input$|unrecognized token: )/s,
    code: 'SYNTAX',
    hint: 'the SQL does not parse; check keywords, commas, quotes and parentheses near the place named',
  },
  { start: /^no such table: /, code: 'NO_SUCH_TABLE', hint: 'the query names a table this database does not have; check the table names in the schema' },
  {
    start: /^no such column: /,
    code: 'NO_SUCH_COLUMN',
    hint: 'the query names a column that is not in the tables it reads; check the column names and the table aliases',
  },
  { start: /^ambiguous column name: /, code: 'AMBIGUOUS_COLUMN', hint: 'more than one joined table has this column; qualify it with its table name or alias' },
  {
    start: /^too many arguments on pragma_\w+\(\)/,
    code: 'SQLITE_ERROR',
    hint: 'a pragma table function takes only the arguments SQLite names (a schema or table name), never a value to set',
  },
  {
    start: /^no such collation sequence: /,
    code: 'SQLITE_ERROR',
    hint: 'the database declares a collation that the program which made it defines and this SQLite lacks; compare with COLLATE NOCASE or BINARY instead',
  },
  {
    // A limit on the query's shape, not on memory (TOO_LARGE is for memory: it retires the worker).
    // SQLite 3.46+ says "Recursion limit" where older versions said "parser stack overflow".
    start: /^(Expression tree is too large|Recursion limit|parser stack overflow|too many terms in compound SELECT)/,
    code: 'SQLITE_ERROR',
    hint: 'the query nests or chains more terms than SQLite allows; write it with fewer terms (an IN list, a subquery)',
  },
];

/** SQLITE_ERROR: SQLite's generic result code. */
const SQLITE_ERROR_CODE = 1;

/** A failure reported by SQLite itself: its message and its (extended) result code. */
export interface SqliteFailure {
  readonly message: string;
  readonly resultCode: number;
}

/** Reads SQLite's failure off a connection after something was thrown; null when SQLite did not fail. */
export type FailureReader = (db: Database, thrown: unknown) => SqliteFailure | null;

/** Result codes that are not failures: SQLITE_OK, SQLITE_ROW, SQLITE_DONE. */
const NOT_FAILURES = new Set([0, 100, 101]);

/**
 * A {@link FailureReader} over an initialised sql.js. sql.js throws
 * `new Error(sqlite3_errmsg(db))` for a failed call and leaves the
 * connection's result code as that call set it; so a thrown Error whose
 * message is the connection's current error message, while its result code
 * is a failure, is SQLite's failure with that code. Anything else (a
 * JavaScript error, sql.js's own "Statement closed") is not.
 *
 * @example
 * const failureOf = failureReader(SQL);
 * try { db.exec(sql); } catch (e) { const f = failureOf(db, e); }
 */
export function failureReader(SQL: SqlJsStatic): FailureReader {
  const api = SQL as unknown as { _sqlite3_extended_errcode(db: number): number; cwrap(name: string, out: string, args: string[]): (db: number) => string };
  const errmsg = api.cwrap('sqlite3_errmsg', 'string', ['number']);
  return (db, thrown) => {
    const handle = (db as unknown as { db?: number }).db;
    if (!(thrown instanceof Error) || typeof handle !== 'number' || handle === 0) return null;
    const resultCode = api._sqlite3_extended_errcode(handle);
    if (NOT_FAILURES.has(resultCode)) return null;
    const message = errmsg(handle);
    return message === thrown.message ? { message, resultCode } : null;
  };
}

/**
 * The ExecError for a failure SQLite reported with `resultCode` (primary or
 * extended) and `message` (sqlite3_errmsg). For a thrown value that did not
 * come from SQLite (`failure` null), see {@link thrownError}.
 *
 * @example
 * sqliteError({ message: 'no such table: singer', resultCode: 1 }, 'SELECT * FROM singer').code // 'NO_SUCH_TABLE'
 * sqliteError({ message: 'malformed JSON', resultCode: 1 }).code // 'SQLITE_ERROR'
 */
export function sqliteError(failure: SqliteFailure, sql?: string): ExecError {
  const { message, resultCode } = failure;
  const primary = resultCode & 0xff;
  const byCode = BY_RESULT_CODE.get(primary);
  if (byCode !== undefined) return execError(byCode.code, `${message}: ${byCode.hint}.`, sql);
  if (primary === SQLITE_ERROR_CODE) {
    const rule = GENERIC.find((r) => r.start.test(message));
    if (rule !== undefined) return execError(rule.code, `${message}: ${rule.hint}.`, sql);
  }
  return execError('SQLITE_ERROR', message, sql);
}

/**
 * The ExecError for something thrown while SQLite ran: SQLite's failure when
 * `failure` says it was one (see the runner's `failureOf`), else a
 * JavaScript error: a RangeError (a string or buffer JavaScript could not
 * allocate) is TOO_LARGE, anything else SQLITE_ERROR with its text.
 *
 * @example
 * thrownError(new RangeError('Invalid string length'), null).code // 'TOO_LARGE'
 */
export function thrownError(thrown: unknown, failure: SqliteFailure | null, sql?: string): ExecError {
  if (failure !== null) return sqliteError(failure, sql);
  const text = thrown instanceof Error ? thrown.message : String(thrown);
  if (thrown instanceof RangeError) return execError('TOO_LARGE', `${text}: ${MEMORY_HINT}.`, sql);
  return execError('SQLITE_ERROR', text, sql);
}
