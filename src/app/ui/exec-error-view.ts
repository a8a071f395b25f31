/**
 * An execution error as a person reads it, wherever one is shown (the
 * console, the table browser, a facet, a candidate in Ask): SQLite's words
 * with the error's code, and for an unknown column or table the names of the
 * open schema nearest to it ("Did you mean Name?", core/sql/did-you-mean.ts),
 * with a button per name that fixes the query when the caller can run it
 * again. Names and words are shortened and isolated as everywhere on the page.
 */
import type { ExecError } from '../../core/exec/types.ts';
import type { Schema } from '../../core/schema.ts';
import { suggestNames, suggestionWords } from '../../core/sql/did-you-mean.ts';
import { el } from './dom.ts';
import { displayName, shortName } from './format.ts';

/** An error's words are shown up to this many characters (SQLite repeats a name it did not find, of any length). */
const MESSAGE_DISPLAY_CHARS = 600;

export interface ExecErrorContext {
  /** The open database's schema, where near names come from. */
  readonly schema?: Schema | null;
  /** The statement that failed (its aliases say which table a column belongs to). */
  readonly sql?: string;
  /** Offered as "Use Name": the caller replaces `wrong` by `right` in its query and runs it again. */
  readonly onUse?: (wrong: string, right: string) => void;
  /** Marks the error as an alert (a person's own query just failed); default true. */
  readonly alert?: boolean;
}

/**
 * The error's elements: its words and code, then the suggestion when there is one.
 *
 * @example out.replaceChildren(...execErrorView(r.error, { schema: db.schema, sql }));
 */
export function execErrorView(error: ExecError, ctx: ExecErrorContext = {}): HTMLElement[] {
  const role = ctx.alert === false ? undefined : 'alert';
  const words = el('p', { class: 'error', role }, shortName(error.message, MESSAGE_DISPLAY_CHARS), ' ', el('span', { class: 'code' }, `(${error.code})`));
  const s = ctx.schema === undefined || ctx.schema === null ? null : suggestNames(error, ctx.schema, ctx.sql);
  if (s === null) return [words];
  const use = ctx.onUse;
  const buttons =
    use === undefined
      ? []
      : s.near
          .filter((n) => n.table === null)
          .map((n) => el('button', { type: 'button', class: 'small use-name', onclick: () => use(s.wrong, n.name) }, `Use ${displayName(n.name)}`));
  return [words, el('p', { class: 'did-you-mean' }, suggestionWords(s, displayName), ...buttons.flatMap((b) => [' ', b]))];
}
