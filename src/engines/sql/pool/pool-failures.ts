/**
 * Turns how a raced worker call ended into the ExecError the caller sees;
 * `ok`, `aborted` and `threw` are not failures of the query and are handled
 * by the pool (value, rejection, rejection).
 */
import type { ExecError } from '../../../core/exec/types.ts';
import { execError } from '../../../core/exec/outcomes.ts';
import type { CallResult } from './slot.ts';

/** What the failing call was, for the message. */
export interface CallContext {
  /** e.g. 'the query', 'opening "demo"'. */
  readonly what: string;
  readonly timeoutMs: number;
  readonly sql?: string;
  /** The key of the database the call opens (a time limit then means the file, not a query, is slow). */
  readonly opens?: string;
}

/** How a call ended that failed without an answer (an abort or a thrown error is not one: those reject). */
export type CallFailure = Exclude<CallResult<unknown>, { kind: 'ok' | 'aborted' | 'threw' }>;

/**
 * The ExecError for a timeout, crash, shutdown or pool-made failure.
 *
 * @example
 * failureOf({ kind: 'timeout', ms: 1500 }, { what: 'the query', timeoutMs: 1500 }).code // 'TIMEOUT'
 */
export function failureOf(r: CallFailure, ctx: CallContext): ExecError {
  switch (r.kind) {
    case 'timeout':
      if (ctx.opens !== undefined) {
        return execError(
          'TIMEOUT',
          `${ctx.what} ran past ${ctx.timeoutMs} ms and was stopped (its worker was restarted). Opening reads the file's header and schema and a few sample rows; that taking so long means the schema itself does heavy work on every row read, as a generated column, a CHECK constraint or a default computing a huge value can. Open a copy without such columns, or ask whoever made the file how it was built.`,
        );
      }
      return execError(
        'TIMEOUT',
        `${ctx.what} ran past ${ctx.timeoutMs} ms and was stopped (its worker was restarted); look for a runaway recursive CTE or a join without a condition, or add a LIMIT.`,
        ctx.sql,
      );
    case 'crash':
      return execError(
        'WORKER_CRASHED',
        `the worker running ${ctx.what} died (${r.reason}) and was restarted; a query that needs too much memory can do this.`,
        ctx.sql,
      );
    case 'stopped':
      return execError('WORKER_CRASHED', `the SQL pool was shut down before ${ctx.what} finished.`, ctx.sql);
    case 'failed':
      if (ctx.sql === undefined || r.error.sql !== undefined) return r.error;
      return execError(r.error.code, r.error.message, ctx.sql);
  }
}
