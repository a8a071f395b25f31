/**
 * What the console says when a query fails: a time limit is a time limit
 * (with the next limit offered as a button), a linked query that names
 * tables the open database lacks says which and that a link carries no data,
 * and any other error is SQLite's words with its code and, for an unknown
 * column or table, "Did you mean …?" with a button that fixes the query and
 * runs it again (exec-error-view.ts).
 */
import type { ExecFailure } from '../../core/exec/types.ts';
import { queryUsage } from '../../core/sql/usage.ts';
import type { OpenDatabase } from '../database/database.ts';
import { el } from '../ui/dom.ts';
import { execErrorView } from '../ui/exec-error-view.ts';

/** The time limits offered, in ms; the first is the default. */
export const TIME_LIMITS_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000] as const;

/**
 * A time limit in words.
 *
 * @example limitWords(120_000); // '2 min'
 */
export const limitWords = (ms: number): string => (ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} min`);

/**
 * Tables a query names that `db` does not have (empty when it cannot tell).
 *
 * @example missingTables('SELECT * FROM tracks', demo); // ['tracks']
 */
export function missingTables(sql: string, db: Pick<OpenDatabase, 'schema'>): string[] {
  const have = new Set(db.schema.tables.map((t) => t.name.toLowerCase()));
  return (queryUsage(sql)?.tables ?? []).filter((t) => !have.has(t.toLowerCase()));
}

export interface FailureContext {
  readonly db: OpenDatabase;
  /** The statement that ran. */
  readonly sql: string;
  /** Whether it came from a link (not typed here). */
  readonly linked: boolean;
  /** The time limit it ran under. */
  readonly limitMs: number;
  /** Runs it again under a longer limit. */
  raise(ms: number): void;
  /** Replaces a name in the editor's query and runs it again. */
  rename(wrong: string, right: string): void;
}

/**
 * The elements a failure shows; `missing` is true when the query waits for a database with its tables.
 *
 * @example const { elements } = consoleFailure(r, { db, sql, linked: false, limitMs: 5000, raise, rename });
 */
export function consoleFailure(r: ExecFailure, c: FailureContext): { elements: HTMLElement[]; missing: boolean } {
  const code = el('span', { class: 'code' }, `(${r.error.code})`);
  if (r.error.code === 'TIMEOUT') {
    const next = TIME_LIMITS_MS.find((ms) => ms > c.limitMs);
    return {
      missing: false,
      elements: [
        el(
          'div',
          { class: 'error', role: 'alert', id: 'console-timeout' },
          el(
            'p',
            {},
            `The query was still running when it reached the time limit of ${limitWords(c.limitMs)}, so it was stopped (your file is untouched). `,
            code,
          ),
          next === undefined
            ? el('p', {}, 'That is the longest limit offered. A query over a big file may finish sooner with a narrower WHERE, fewer rows joined, or a LIMIT.')
            : el(
                'p',
                {},
                'A query over a big file can simply need longer. ',
                el('button', { type: 'button', id: 'console-raise', onclick: () => c.raise(next) }, `Run again with ${limitWords(next)}`),
                ' (or choose another limit beside Run).',
              ),
        ),
      ],
    };
  }
  if (r.error.code === 'NO_SUCH_TABLE' && c.linked) {
    const missing = missingTables(c.sql, c.db);
    const names = missing.length > 0 ? missing.map((t) => `"${t}"`).join(', ') : 'of that name';
    return {
      missing: true,
      elements: [
        el(
          'div',
          { class: 'error', role: 'alert', id: 'console-missing' },
          el(
            'p',
            {},
            `${c.db.name} has no ${missing.length > 1 ? 'tables' : 'table'} ${names}, which this linked query reads: it was probably written for another database. `,
            code,
          ),
          el('p', {}, 'A link carries only the query, never data: open the database it was made for, and the query runs there.'),
        ),
      ],
    };
  }
  return { missing: false, elements: execErrorView(r.error, { schema: c.db.schema, sql: c.sql, onUse: c.rename }) };
}
