/**
 * "Copy link": the console's query (the statement under the cursor, or the
 * selection) as a `#console?sql=…` link on the clipboard, or, where the
 * browser refuses the clipboard, in a field to copy from; a query too long
 * for a link is refused with a word why.
 */
import { el, replace } from '../ui/dom.ts';
import { plural } from '../ui/format.ts';
import { type ConsoleSession, LINK_MAX_CHARS, paramsOf } from './session.ts';
import { pickStatement } from './statements.ts';

/**
 * Copies a link to the editor's query and says how it went.
 *
 * @example c.copyLink.addEventListener('click', () => copyQueryLink(s));
 */
export function copyQueryLink(s: ConsoleSession): void {
  const { linkStatus } = s.controls;
  const text = s.editor.value();
  if (text.length > LINK_MAX_CHARS)
    return void (linkStatus.textContent = `The query is longer than ${plural(LINK_MAX_CHARS, 'character')}; too long for a link. Copy the SQL instead.`);
  const pick = pickStatement(text, s.editor.selection());
  const url = new URL(location.href);
  url.hash = `console?${new URLSearchParams(paramsOf(pick.selected ? pick.sql : text, pick.index, pick.count)).toString()}`;
  const link = url.href;
  const showLink = (): void =>
    replace(
      linkStatus,
      'The browser refused the clipboard; copy the link from here: ',
      el('input', { type: 'text', readonly: true, value: link, class: 'link-text', 'aria-label': 'Link to this query' }),
    );
  // No clipboard at all outside a secure context (plain http on another host).
  if (navigator.clipboard === undefined) return showLink();
  void navigator.clipboard.writeText(link).then(() => (linkStatus.textContent = 'Link copied. It holds the query only: no data, no file.'), showLink);
}
