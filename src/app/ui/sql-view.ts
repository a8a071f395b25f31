/**
 * SQL shown syntax-highlighted, as text. highlight.js escapes the query and
 * wraps tokens in `<span class="hljs-…">`; its output is parsed into an inert
 * document (DOMParser runs no scripts and loads nothing), and only text and
 * spans with `hljs-*` classes are rebuilt into the page. So a query holding
 * `<img src=x onerror=…>` shows those characters and nothing else.
 *
 * Drawing is bounded whatever the query's length (highlighting is linear but
 * slow: a 2 MB query took 14 s): a query past SQL_DISPLAY_CHARS shows its
 * first part highlighted, its length, **Show all** (up to SQL_EXPAND_CHARS,
 * highlighted up to SQL_HIGHLIGHT_CHARS, plain text past that) and
 * **Download** (the whole query as a .sql file), as result cells do.
 */
import hljs from 'highlight.js/lib/core';
import sql from 'highlight.js/lib/languages/sql';
import { downloadText } from './download.ts';
import { el, replace } from './dom.ts';
import { plural, shortenText } from './format.ts';

/** Characters of a query drawn at first; a longer one is shortened, with "Show all" and "Download". */
export const SQL_DISPLAY_CHARS = 2_000;
/** The longest query "Show all" draws in the page; a longer one is offered as a download only. */
export const SQL_EXPAND_CHARS = 100_000;
/** The longest query drawn highlighted; a longer one shown whole is drawn as plain text. */
export const SQL_HIGHLIGHT_CHARS = 20_000;

hljs.registerLanguage('sql', sql);

/** Copies text and `hljs-*` spans from an inert node into `into`; drops anything else but its text. */
function rebuild(from: Node, into: Node): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(document.createTextNode(child.textContent ?? ''));
    } else if (child instanceof Element && child.tagName === 'SPAN') {
      const classes = (child.getAttribute('class') ?? '').split(/\s+/).filter((c) => /^hljs-[a-z_-]+$/.test(c));
      const span = document.createElement('span');
      if (classes.length > 0) span.className = classes.join(' ');
      rebuild(child, span);
      into.appendChild(span);
    } else {
      into.appendChild(document.createTextNode(child.textContent ?? ''));
    }
  }
}

/**
 * A `<pre><code>` block with the query highlighted.
 *
 * @example
 * panel.append(sqlBlock('SELECT name FROM stores', 'Chosen query'));
 */
export function sqlBlock(query: string, label?: string): HTMLElement {
  const pre = el('pre', { class: 'sql', ...(label ? { 'aria-label': label } : {}) });
  const short = shortenText(query, SQL_DISPLAY_CHARS);
  if (!short.cut) {
    pre.append(highlighted(query));
    return pre;
  }
  const what = label ?? 'the query';
  const collapsed = (): void => {
    const actions: HTMLElement[] = [];
    if (query.length <= SQL_EXPAND_CHARS)
      actions.push(el('button', { type: 'button', class: 'cell-action', 'aria-label': `Show all of ${what}`, onclick: expanded }, 'Show all'));
    actions.push(
      el(
        'button',
        { type: 'button', class: 'cell-action', 'aria-label': `Download ${what}`, onclick: () => downloadText('query.sql', query, 'application/sql') },
        'Download',
      ),
    );
    replace(pre, highlighted(short.text), '…', el('span', { class: 'sql-cut muted' }, ` (${plural(query.length, 'character')}) `), ...actions);
  };
  const expanded = (): void => {
    const whole = query.length <= SQL_HIGHLIGHT_CHARS ? highlighted(query) : el('code', { class: 'language-sql' }, query);
    replace(pre, whole, el('button', { type: 'button', class: 'cell-action', 'aria-label': `Show less of ${what}`, onclick: collapsed }, 'Show less'));
  };
  collapsed();
  return pre;
}

/** `<code>` holding `query` highlighted (only text and hljs spans survive: see the module comment). */
function highlighted(query: string): HTMLElement {
  const code = el('code', { class: 'hljs language-sql' });
  const html = hljs.highlight(query, { language: 'sql', ignoreIllegals: true }).value;
  const inert = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  rebuild(inert.body, code);
  return code;
}
