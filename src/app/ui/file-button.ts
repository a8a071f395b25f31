/**
 * A file picker a keyboard can reach and see: a real button (in the tab
 * order, with the page's focus ring) that opens the file input's dialog. The
 * input itself stays in the page, visually hidden and out of the tab order
 * (a 1×1 input as a tab stop shows nothing when focused), still labelled,
 * and still the element that receives the files.
 */
import { el } from './dom.ts';

/**
 * The button for `input`; `text` is what it says ("Open a SQLite file…").
 *
 * @example row.append(fileButton(picker, 'Open a SQLite file…'), picker);
 */
export function fileButton(input: HTMLInputElement, text: string, id?: string): HTMLButtonElement {
  input.tabIndex = -1;
  input.classList.add('visually-hidden');
  input.setAttribute('aria-hidden', 'true');
  input.setAttribute('aria-label', text.replace(/…$/, ''));
  return el('button', { type: 'button', class: 'file-button', id, onclick: () => input.click() }, text);
}
