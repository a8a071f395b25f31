/** The closed list of execution error codes, checkable at run time. */
import type { ExecErrorCode } from '../exec/types.ts';

// A Record keyed by the union: the compiler rejects a missing or extra code.
const CODES: Record<ExecErrorCode, true> = {
  SYNTAX: true,
  NO_SUCH_TABLE: true,
  NO_SUCH_COLUMN: true,
  AMBIGUOUS_COLUMN: true,
  READONLY: true,
  MULTI_STATEMENT: true,
  EMPTY: true,
  NO_SQL: true,
  TIMEOUT: true,
  TOO_MANY_ROWS: true,
  TOO_LARGE: true,
  NOT_SQLITE: true,
  CORRUPT: true,
  WORKER_CRASHED: true,
  SQLITE_ERROR: true,
};

/**
 * True when `v` is one of the {@link ExecErrorCode} values.
 *
 * @example
 * isExecErrorCode('TIMEOUT'); // true
 * isExecErrorCode('OOPS');    // false
 */
export function isExecErrorCode(v: unknown): v is ExecErrorCode {
  return typeof v === 'string' && Object.hasOwn(CODES, v);
}
