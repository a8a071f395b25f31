/**
 * The database bar's controls (the file picker and its button, the demo
 * button, the status line with Cancel and the whole-file check, the -wal
 * notice), the section that lays them out with the privacy note, and the
 * status line saying what opened (or why not).
 */
import { el, replace } from '../ui/dom.ts';
import { fileButton } from '../ui/file-button.ts';
import type { OpenResult } from './database.ts';
import { walNotice } from './wal-pair.ts';

/** The bar's elements. */
export interface BarControls {
  readonly status: HTMLParagraphElement;
  readonly picker: HTMLInputElement;
  readonly pickButton: HTMLElement;
  readonly demo: HTMLButtonElement;
  readonly cancel: HTMLButtonElement;
  readonly checkButton: HTMLButtonElement;
  readonly checkStatus: HTMLSpanElement;
  readonly walStatus: HTMLParagraphElement;
}

/**
 * The controls, nothing open yet.
 *
 * @example const c = barControls(); c.status.textContent; // 'No database open yet.'
 */
export function barControls(): BarControls {
  const picker = el('input', {
    type: 'file',
    id: 'db-file',
    multiple: true,
    accept: '.sqlite,.sqlite3,.db,.db3,.sqlite-wal,.sqlite3-wal,.db-wal,.db3-wal,application/vnd.sqlite3,application/x-sqlite3',
    class: 'visually-hidden',
  });
  return {
    status: el('p', { class: 'db-status', role: 'status', 'aria-live': 'polite' }, 'No database open yet.'),
    picker,
    pickButton: fileButton(picker, 'Open a SQLite file…', 'open-file'),
    demo: el('button', { type: 'button', id: 'open-demo' }, 'Use the demo database'),
    cancel: el('button', { type: 'button', id: 'db-cancel', hidden: true }, 'Cancel'),
    checkButton: el('button', { type: 'button', id: 'db-check', hidden: true }, 'Check the whole file'),
    checkStatus: el('span', { class: 'db-check-status muted', role: 'status', 'aria-live': 'polite' }),
    walStatus: el('p', { class: 'notice db-wal', role: 'note', hidden: true }),
  };
}

/**
 * The bar's section: the open buttons and drop hint, the status row, the -wal notice, the last file's control and the privacy note.
 *
 * @example header.append(barSection(c, last.element));
 */
export function barSection(c: BarControls, lastFile: HTMLElement): HTMLElement {
  return el(
    'section',
    { class: 'db-bar', 'aria-label': 'Database' },
    el(
      'div',
      { class: 'row' },
      c.pickButton,
      c.picker,
      c.demo,
      el('span', { class: 'muted drop-hint' }, 'or drop a .sqlite file on the page (with its -wal, if it has one)'),
    ),
    el('div', { class: 'row' }, c.status, c.cancel, c.checkButton, c.checkStatus),
    c.walStatus,
    lastFile,
    el(
      'p',
      { class: 'privacy-note' },
      'Your file is opened inside this browser tab and is never uploaded: Confide has no server. The only network use is the optional one-time download of a language model.',
    ),
  );
}

/**
 * A size in megabytes, as the bar words it.
 *
 * @example mb(2_500_000); // '2.50 MB'
 */
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 2)} MB`;

/**
 * Says what opened (and how it is read, with the whole-file check for a file read on demand and the -wal notice), that the open was cancelled, or why it failed.
 *
 * @example reportOpen(c, 'The demo database', await dbs.openDemo());
 */
export function reportOpen(c: BarControls, what: string, r: OpenResult): void {
  if (r.ok) {
    const how = r.db.demo
      ? ' (bundled demo, invented data)'
      : r.db.onDemand
        ? ` (${mb(r.db.bytes)}, read in this browser a page at a time as queries need it; header and schema checked)`
        : ` (${mb(r.db.bytes)}, read in this browser)`;
    replace(c.status, 'Open: ', el('strong', { class: 'db-name' }, r.db.name), how);
    c.checkButton.hidden = !r.db.onDemand;
    replace(c.checkStatus);
    const wal = walNotice(r.db.name, r.db.wal ?? null, r.db.schema.tables.length);
    c.walStatus.hidden = wal === null;
    replace(c.walStatus, wal ?? '');
  } else if (r.error.code === 'CANCELLED') {
    replace(c.status, `${what}: ${r.error.message}`);
  } else {
    replace(c.status, el('span', { class: 'error', role: 'alert' }, `${what} did not open: ${r.error.message} (${r.error.code})`));
  }
}
