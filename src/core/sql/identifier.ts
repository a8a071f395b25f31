/**
 * Writing a table or column name into SQL: bare when SQLite reads it as
 * that name, else in double quotes with inner double quotes doubled. A name is
 * bare when it is ASCII letters, digits and `_`, does not start with a digit,
 * and is not one of SQLite's keywords (keywords.ts, case-insensitive): a
 * table called `order` or a column called `select` is quoted.
 */
import { SQL_KEYWORDS } from './keywords.ts';

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

/**
 * `name` as SQLite reads it back: bare when {@link isBareIdentifier}, else
 * double-quoted with inner double quotes doubled.
 *
 * @example
 * quoteIdent('singer_id');      // 'singer_id'
 * quoteIdent('order');          // '"order"'
 * quoteIdent('Song Name');      // '"Song Name"'
 * quoteIdent('my "odd" table'); // '"my ""odd"" table"'
 */
export function quoteIdent(name: string): string {
  return isBareIdentifier(name) ? name : `"${name.replaceAll('"', '""')}"`;
}
