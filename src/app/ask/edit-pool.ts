/**
 * The pool checked again after an edit: the last Ask's candidates, in their
 * order, with the edited one's query replaced (all its copies, when one
 * paste held it several times); the others keep their source and
 * log-probability, so they count as they did. In verify mode the pool goes
 * back into the box as text the person can read and edit on: SQL statements,
 * or JSON lines (with the `source` tags they had) when the box held JSON lines.
 */
import type { AskResult, SampledCandidate } from '../../core/pipeline/index.ts';

/** Where an edited query says it came from. */
export const EDITED_SOURCE = 'edited';

/**
 * The candidates to check again, with candidate `index` (a position in `result.candidates`) now `sql`.
 *
 * @example editedPool(result, result.chosen, 'SELECT count(*) FROM t WHERE status = \'Active\'');
 */
export function editedPool(result: AskResult, index: number, sql: string): SampledCandidate[] {
  return result.candidates.flatMap((c, i) => {
    const paste = c.paste === undefined ? {} : { paste: c.paste };
    const one: SampledCandidate =
      i === index
        ? { sql, source: EDITED_SOURCE, ...paste }
        : { sql: c.sql, source: c.source, ...paste, ...(c.logprob === undefined ? {} : { logprob: c.logprob }) };
    return Array.from({ length: c.copies ?? 1 }, () => one);
  });
}

/**
 * A pool as verify mode's box text: statements ending in `;`, a blank line
 * apart, or JSON lines keeping each query's source when `json`.
 *
 * @example poolText([{ sql: 'SELECT 1', source: 'pasted#1' }], false); // 'SELECT 1;'
 */
export function poolText(pool: readonly SampledCandidate[], json: boolean): string {
  if (json) return pool.map((c) => JSON.stringify(c.paste === undefined ? { sql: c.sql, source: c.source } : { sql: c.sql })).join('\n');
  return pool
    .filter((c) => c.sql !== null)
    .map((c) => `${c.sql!.replace(/;\s*$/, '')};`)
    .join('\n\n');
}
