/**
 * The SQL console's controls (Run, the time limit, Copy link and its status,
 * the linked-query note, the output and the history list), the section that
 * lays them out around the editor, the time limit kept in this browser, and
 * the history drawn as buttons that put a query back in the editor.
 */
import { pageStorage, readStored } from '../stored.ts';
import { el, replace } from '../ui/dom.ts';
import { shortName } from '../ui/format.ts';
import type { SqlEditorSlot } from '../ui/sql-editor-slot.ts';
import { limitWords, TIME_LIMITS_MS } from './failure.ts';
import type { HistoryEntry } from './history.ts';

const TIME_LIMIT_KEY = 'confide.console-time-limit';

/** Characters of a query the history list shows (the whole query goes back into the editor). */
const HISTORY_SHOWN_CHARS = 300;

/** The console's elements beside the editor. */
export interface ConsoleControls {
  readonly run: HTMLButtonElement;
  readonly limit: HTMLSelectElement;
  readonly linkStatus: HTMLSpanElement;
  readonly copyLink: HTMLButtonElement;
  readonly linkNote: HTMLParagraphElement;
  readonly out: HTMLDivElement;
  readonly historyList: HTMLOListElement;
}

/** The time limit chosen last in this browser, or the default. */
function storedLimit(): number {
  const v = readStored(pageStorage('local'), TIME_LIMIT_KEY, 'the console time limit chosen last', (raw) =>
    (TIME_LIMITS_MS as readonly number[]).includes(Number(raw))
      ? { ok: true, value: Number(raw) }
      : { ok: false, why: `${raw.slice(0, 40)} is not one of the limits offered` },
  );
  return v ?? TIME_LIMITS_MS[0];
}

/**
 * The controls, the time limit set to the one chosen last; a new choice is kept in this browser.
 *
 * @example const c = consoleControls(); Number(c.limit.value); // 5000
 */
export function consoleControls(): ConsoleControls {
  return {
    run: el('button', { type: 'submit', class: 'primary', id: 'console-run' }, 'Run'),
    limit: el('select', { id: 'console-limit' }, ...TIME_LIMITS_MS.map((ms) => el('option', { value: ms, selected: ms === storedLimit() }, limitWords(ms)))),
    linkStatus: el('span', { class: 'muted', role: 'status', id: 'console-link-status' }),
    copyLink: el('button', { type: 'button', id: 'console-copy-link' }, 'Copy link'),
    linkNote: el('p', { class: 'notice shared-query', id: 'console-shared', hidden: true }),
    out: el('div', { class: 'console-out', 'aria-live': 'polite' }),
    historyList: el('ol', { class: 'console-history', id: 'console-history' }),
  };
}

/**
 * Keeps the time limit a person chooses in this browser (for this page only when storage is off).
 *
 * @example keepLimit(c.limit);
 */
export function keepLimit(limit: HTMLSelectElement): void {
  limit.addEventListener('change', () => {
    try {
      pageStorage('local').setItem(TIME_LIMIT_KEY, limit.value);
    } catch {
      // Storage off: the choice lasts for this page.
    }
  });
}

/**
 * Draws the history: each query a button that puts it back in the editor, with the database it ran on.
 *
 * @example showHistory(c.historyList, history, editor);
 */
export function showHistory(list: HTMLOListElement, history: readonly HistoryEntry[], editor: SqlEditorSlot): void {
  replace(
    list,
    ...history.map((h: HistoryEntry) =>
      el(
        'li',
        {},
        el(
          'button',
          {
            type: 'button',
            class: 'link',
            title: 'Put this query back in the editor',
            onclick: () => {
              editor.setValue(h.sql);
              editor.focus();
            },
          },
          shortName(h.sql, HISTORY_SHOWN_CHARS),
        ),
        el('span', { class: 'muted history-db' }, h.db === null ? ' (database not recorded)' : ` on ${shortName(h.db)}`),
      ),
    ),
  );
}

/**
 * The console's section: heading, a line on how queries run, the form (label, link note, editor, Run, time limit, Copy link), output and history.
 *
 * @example section.append(consoleSection(c, editor, () => void run('person')));
 */
export function consoleSection(c: ConsoleControls, editor: SqlEditorSlot, onSubmit: () => void): HTMLElement {
  const form = el(
    'form',
    { class: 'console-form' },
    el('label', { id: 'console-sql-label', onclick: () => editor.focus() }, 'SQL query (read-only; Ctrl+Enter runs the statement under the cursor)'),
    c.linkNote,
    editor.element,
    el('div', { class: 'row' }, c.run, el('span', {}, el('label', { for: 'console-limit' }, 'Time limit'), ' ', c.limit), c.copyLink, c.linkStatus),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    onSubmit();
  });
  return el(
    'section',
    { class: 'console', 'aria-labelledby': 'console-heading' },
    el('h2', { id: 'console-heading' }, 'SQL console'),
    el(
      'p',
      { class: 'muted' },
      'Queries run read-only in a worker, with the time limit you choose (a longer one does not lift the memory cap); your file is never changed. With several statements, Run runs the one under the cursor.',
    ),
    form,
    c.out,
    el('details', { class: 'history' }, el('summary', {}, 'History (kept in this browser, with the database each query ran on)'), c.historyList),
  );
}
