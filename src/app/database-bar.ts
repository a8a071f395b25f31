/**
 * Where a database is chosen: a file picker, drag and drop anywhere on the
 * page, and a button for the bundled demo. Says plainly that the file stays on
 * this computer, and shows what is open (or why it did not open).
 */
import type { DatabaseController, OpenResult } from './database.ts';
import { el, replace } from './dom.ts';

export interface DatabaseBar {
  readonly element: HTMLElement;
  /** Shows the outcome of an open started elsewhere (the demo at start-up). */
  report(what: string, r: OpenResult): void;
}

/**
 * Builds the bar and installs the page-wide drop target.
 *
 * @example
 * const bar = databaseBar(dbs);
 * header.append(bar.element);
 * bar.report('The demo database', await dbs.openDemo());
 */
export function databaseBar(dbs: DatabaseController): DatabaseBar {
  const status = el('p', { class: 'db-status', role: 'status', 'aria-live': 'polite' }, 'No database open yet.');
  const picker = el('input', { type: 'file', id: 'db-file', accept: '.sqlite,.sqlite3,.db,.db3,application/vnd.sqlite3,application/x-sqlite3', class: 'visually-hidden' });
  const pickLabel = el('label', { for: 'db-file', class: 'button' }, 'Open a SQLite file…');
  const demo = el('button', { type: 'button', id: 'open-demo' }, 'Use the demo database');

  const report = (what: string, r: OpenResult): void => {
    if (r.ok) {
      replace(status, 'Open: ', el('strong', { class: 'db-name' }, r.db.name), r.db.demo ? ' (bundled demo, invented data)' : ` (${(r.db.bytes / 1e6).toFixed(2)} MB, read in this browser)`);
    } else {
      replace(status, el('span', { class: 'error', role: 'alert' }, `${what} did not open: ${r.error.message} (${r.error.code})`));
    }
  };
  const openFile = async (file: File): Promise<void> => {
    replace(status, `Opening ${file.name}…`);
    report(file.name, await dbs.openFile(file));
  };
  picker.addEventListener('change', () => {
    const f = picker.files?.[0];
    if (f) void openFile(f);
    picker.value = '';
  });
  demo.addEventListener('click', async () => {
    replace(status, 'Opening the demo database…');
    report('The demo database', await dbs.openDemo());
  });

  const body = document.body;
  body.addEventListener('dragover', (e) => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    body.classList.add('dragging');
  });
  body.addEventListener('dragleave', (e) => {
    if (e.relatedTarget === null) body.classList.remove('dragging');
  });
  body.addEventListener('drop', (e) => {
    const f = e.dataTransfer?.files[0];
    body.classList.remove('dragging');
    if (!f) return;
    e.preventDefault();
    void openFile(f);
  });

  const element = el('section', { class: 'db-bar', 'aria-label': 'Database' },
    el('div', { class: 'row' }, pickLabel, picker, demo, el('span', { class: 'muted drop-hint' }, 'or drop a .sqlite file on the page')),
    status,
    el('p', { class: 'privacy-note' }, 'Your file is opened inside this browser tab and is never uploaded: Confide has no server. The only network use is the optional one-time download of a language model.'),
  );
  return { element, report };
}
