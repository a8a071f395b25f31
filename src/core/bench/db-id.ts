/**
 * A `db_id` is a database's name, never a path: it becomes one folder and one
 * file name under the benchmark's database folder
 * (`database/<db_id>/<db_id>.sqlite`), so a name that could climb out of that
 * folder or name another one is refused where it is read (question files,
 * candidate files) and again where a path is built from it.
 */

/** The longest db_id accepted (file names are limited to 255 bytes; `.sqlite` takes 7). */
export const MAX_DB_ID_LENGTH = 200;

/**
 * Why `dbId` cannot be a database name, or undefined when it can. Refused:
 * empty, `.` and `..`, any `/` or `\`, a drive form such as `C:`, NUL and
 * other control characters, more than {@link MAX_DB_ID_LENGTH} characters.
 *
 * @example
 * dbIdProblem('concert_singer'); // undefined
 * dbIdProblem('../../etc/secret'); // 'must be a database name, not a path (it contains "/")'
 */
export function dbIdProblem(dbId: string): string | undefined {
  if (dbId === '') return 'must be a database name (got an empty string)';
  if (dbId === '.' || dbId === '..') return `must be a database name, not a path (got ${JSON.stringify(dbId)})`;
  for (const sep of ['/', '\\']) if (dbId.includes(sep)) return `must be a database name, not a path (it contains ${JSON.stringify(sep)})`;
  if (/^[A-Za-z]:/.test(dbId)) return 'must be a database name, not a path (it starts with a drive letter)';
  // eslint-disable-next-line no-control-regex
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a database name must not hold control characters, so the pattern names them
  if (/[\u0000-\u001f\u007f]/.test(dbId)) return 'must be a database name (it contains a control character)';
  if (dbId.length > MAX_DB_ID_LENGTH) return `must be a database name of at most ${MAX_DB_ID_LENGTH} characters (got ${dbId.length})`;
  return undefined;
}
