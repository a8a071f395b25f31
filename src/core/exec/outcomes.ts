/**
 * Building and reading execution outcomes (their shapes in types.ts): an
 * error value, SQLite's normalized text of a query, an outcome without it.
 */
import type { ExecError, ExecErrorCode, ExecOutcome } from './types.ts';

/** Builds an ExecError value. */
export function execError(code: ExecErrorCode, message: string, sql?: string): ExecError {
  return sql === undefined ? { code, message } : { code, message, sql };
}

/**
 * SQLite's normalized text of `sql`: the one its outcome carries (ExecOptions.normalize), else
 * asked of `ask` (a runMany that leaves it out), else undefined.
 *
 * @example
 * await normalizedTextOf(outcome, sql, (s) => pool.normalizedSql('db', s)); // 'SELECT title FROM book WHERE id=?;'
 */
export async function normalizedTextOf(exec: ExecOutcome, sql: string, ask?: (sql: string) => Promise<string | null>): Promise<string | null | undefined> {
  if (exec.normalizedSql !== undefined) return exec.normalizedSql;
  return ask?.(sql);
}

/** The outcome without its normalized text, for records that keep that text elsewhere (a run's candidate, a question's view), not twice. */
export function withoutNormalized(exec: ExecOutcome): ExecOutcome {
  if (exec.normalizedSql === undefined) return exec;
  const { normalizedSql: _, ...rest } = exec;
  return rest;
}
