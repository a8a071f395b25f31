/**
 * SQL shown syntax-highlighted, as text. highlight.js escapes the query and
 * wraps tokens in `<span class="hljs-…">`; its output is parsed into an inert
 * document (DOMParser runs no scripts and loads nothing), and only text and
 * spans with `hljs-*` classes are rebuilt into the page. So a query holding
 * `<img src=x onerror=…>` shows those characters and nothing else.
 */
import hljs from 'highlight.js/lib/core';
import sql from 'highlight.js/lib/languages/sql';
import { el } from './dom.ts';

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
  const code = el('code', { class: 'hljs language-sql' });
  const html = hljs.highlight(query, { language: 'sql', ignoreIllegals: true }).value;
  const inert = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  rebuild(inert.body, code);
  return el('pre', { class: 'sql', ...(label ? { 'aria-label': label } : {}) }, code);
}
