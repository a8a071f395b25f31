/**
 * What the page set aside while it started: a stored setting or record that
 * no longer reads (by tampering, another version, a failed write) is moved
 * out of the way (stored.ts) instead of stopping the start, and each one is
 * said here, once, above the sections. Any part of the page may report one
 * while it starts; the list is drawn when the page is built and keeps
 * showing later reports.
 */
import { el, replace } from './ui/dom.ts';

const said: string[] = [];
const listeners: (() => void)[] = [];

/**
 * Reports something set aside at start (plain words: what, why, what is used instead).
 *
 * @example noteSetAside('Your model host setting was set aside: … The default hosts are in use.');
 */
export function noteSetAside(text: string): void {
  said.push(text);
  for (const l of listeners) l();
}

/**
 * Everything reported so far.
 *
 * @example setAsideNotes().length; // 0 on an ordinary start
 */
export function setAsideNotes(): readonly string[] {
  return said;
}

/**
 * The notice box: hidden while nothing was set aside, a list with a Dismiss
 * button once something was.
 *
 * @example main.prepend(startupNoticesView());
 */
export function startupNoticesView(): HTMLElement {
  const box = el('div', { class: 'notice startup-notices', id: 'startup-notices', role: 'status', hidden: true });
  const draw = (): void => {
    box.hidden = said.length === 0;
    if (said.length === 0) return;
    replace(
      box,
      el('p', {}, 'Some of what this browser kept for Confide could not be read, so it was set aside and the page started without it:'),
      el('ul', {}, ...said.map((s) => el('li', {}, s))),
      el('button', { type: 'button', class: 'small', onclick: () => (box.hidden = true) }, 'Dismiss'),
    );
  };
  listeners.push(draw);
  draw();
  return box;
}
