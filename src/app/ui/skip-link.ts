/**
 * The skip link ("Skip to the main content", the page's first tab stop)
 * moves focus into the main content itself, not just the scroll position: a
 * link to `#main` alone leaves focus on the body in Chromium when the target
 * cannot take focus, and would also change the URL's hash, which names the
 * view. The target gets tabindex -1 (focusable by script, not a tab stop);
 * the next Tab goes on from there.
 */

/**
 * Wires `link` to move focus to `target`.
 *
 * @example wireSkipLink(document.querySelector('.skip-link'), mainElement);
 */
export function wireSkipLink(link: HTMLAnchorElement | null, target: HTMLElement): void {
  if (link === null) return;
  target.tabIndex = -1;
  link.addEventListener('click', (e) => {
    e.preventDefault();
    target.focus();
  });
}
