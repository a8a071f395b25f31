/**
 * Where a database is chosen: a file picker, drag and drop anywhere on the
 * page, and a button for the bundled demo. Says plainly that the file stays on
 * this computer, and shows what is open (or why it did not open). An open in
 * progress shows what it is doing and can be cancelled; a big file (read on
 * demand) offers the whole-file integrity check as its own cancellable action.
 * Where the browser has `showOpenFilePicker`, "Open a SQLite file…" uses it,
 * so the file can be reopened after a reload (last-file.ts); a dropped file
 * is kept the same way where the drop hands over a file handle. A database
 * may come with its `-wal` (chosen or dropped together, wal-pair.ts); a
 * database in WAL mode opened alone gets a notice saying how to include it.
 */
import type { DatabaseController, OpenResult } from './database.ts';
import { el, replace } from '../ui/dom.ts';
import { fileButton } from '../ui/file-button.ts';
import { canKeepFiles, lastFileControl, pickFiles, type FileHandle, type LastFileStore } from './last-file.ts';
import { pairFiles, walNotice } from './wal-pair.ts';

export interface DatabaseBar {
  readonly element: HTMLElement;
  /** Shows the outcome of an open started elsewhere (the demo at start-up). */
  report(what: string, r: OpenResult): void;
  /** Reopens the file open last time, when the browser allows it without asking (true), else offers or explains. */
  reopenLast(): Promise<boolean>;
}

/**
 * Builds the bar and installs the page-wide drop target.
 *
 * @example
 * const bar = databaseBar(dbs, await openLastFileStore());
 * header.append(bar.element);
 * if (!(await bar.reopenLast())) bar.report('The demo database', await dbs.openDemo());
 */
export function databaseBar(dbs: DatabaseController, lastFiles: LastFileStore | null = null): DatabaseBar {
  const status = el('p', { class: 'db-status', role: 'status', 'aria-live': 'polite' }, 'No database open yet.');
  const picker = el('input', {
    type: 'file',
    id: 'db-file',
    multiple: true,
    accept: '.sqlite,.sqlite3,.db,.db3,.sqlite-wal,.sqlite3-wal,.db-wal,.db3-wal,application/vnd.sqlite3,application/x-sqlite3',
    class: 'visually-hidden',
  });
  const pickButton = fileButton(picker, 'Open a SQLite file…', 'open-file');
  const demo = el('button', { type: 'button', id: 'open-demo' }, 'Use the demo database');
  const cancel = el('button', { type: 'button', id: 'db-cancel', hidden: true }, 'Cancel');
  const checkButton = el('button', { type: 'button', id: 'db-check', hidden: true }, 'Check the whole file');
  const checkStatus = el('span', { class: 'db-check-status muted', role: 'status', 'aria-live': 'polite' });
  const walStatus = el('p', { class: 'notice db-wal', role: 'note', hidden: true });
  let running: AbortController | null = null;

  /** Shows the Cancel button for one cancellable step; returns its signal. */
  const startCancellable = (): AbortSignal => {
    running?.abort();
    running = new AbortController();
    cancel.hidden = false;
    return running.signal;
  };
  const endCancellable = (): void => {
    running = null;
    cancel.hidden = true;
  };
  cancel.addEventListener('click', () => running?.abort(new DOMException('cancelled by the user', 'AbortError')));

  const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 2)} MB`;
  const report = (what: string, r: OpenResult): void => {
    if (r.ok) {
      const how = r.db.demo
        ? ' (bundled demo, invented data)'
        : r.db.onDemand
          ? ` (${mb(r.db.bytes)}, read in this browser a page at a time as queries need it; header and schema checked)`
          : ` (${mb(r.db.bytes)}, read in this browser)`;
      replace(status, 'Open: ', el('strong', { class: 'db-name' }, r.db.name), how);
      checkButton.hidden = !r.db.onDemand;
      replace(checkStatus);
      const wal = walNotice(r.db.name, r.db.wal ?? null, r.db.schema.tables.length);
      walStatus.hidden = wal === null;
      replace(walStatus, wal ?? '');
    } else if (r.error.code === 'CANCELLED') {
      replace(status, `${what}: ${r.error.message}`);
    } else {
      replace(status, el('span', { class: 'error', role: 'alert' }, `${what} did not open: ${r.error.message} (${r.error.code})`));
    }
  };
  const openOnly = async (file: File, wal: File | null = null): Promise<OpenResult> => {
    const signal = startCancellable();
    replace(status, `Opening ${file.name}${wal === null ? '' : ` with ${wal.name}`} (${mb(file.size + (wal?.size ?? 0))}): reading its header and schema…`);
    try {
      const r = await dbs.openFile(file, signal, wal);
      report(file.name, r);
      return r;
    } finally {
      if (running?.signal === signal) endCancellable();
    }
  };
  const last = lastFileControl(lastFiles, openOnly);
  /** Opens a file the person chose, and keeps it (its handle, or its name) for after a reload. */
  const openFile = async (file: File, handle: FileHandle | null, wal: File | null = null): Promise<void> => {
    if ((await openOnly(file, wal)).ok) last.keep(file.name, handle);
  };
  /** Opens the database among `files` with its -wal, or says why they are not one database. */
  const openFiles = async (files: readonly File[], handleOf: (f: File) => FileHandle | null): Promise<void> => {
    const pair = pairFiles(files);
    if (!pair.ok) return void replace(status, el('span', { class: 'error', role: 'alert' }, pair.message));
    await openFile(pair.db, handleOf(pair.db), pair.wal);
  };
  checkButton.addEventListener('click', async () => {
    const signal = startCancellable();
    checkButton.disabled = true;
    replace(checkStatus, 'Checking every page of the file (PRAGMA quick_check)…');
    try {
      const r = await dbs.check(signal);
      replace(
        checkStatus,
        r.ok
          ? `Whole-file check: ok (${(r.ms / 1000).toFixed(1)} s).`
          : el('span', { class: 'error', role: 'alert' }, `Whole-file check: ${r.error.code}: ${r.error.message}`),
      );
    } catch (e) {
      if (!signal.aborted) throw e;
      replace(checkStatus, 'Whole-file check cancelled.');
    } finally {
      checkButton.disabled = false;
      if (running?.signal === signal) endCancellable();
    }
  });
  picker.addEventListener('change', () => {
    const files = Array.from(picker.files ?? []);
    if (files.length > 0) void openFiles(files, () => null);
    picker.value = '';
  });
  picker.addEventListener('click', (e) => {
    if (!canKeepFiles()) return;
    e.preventDefault();
    void pickFiles().then(
      async (handles) => {
        if (handles.length === 0) return;
        const files = await Promise.all(handles.map((h) => h.getFile()));
        await openFiles(files, (f) => handles[files.indexOf(f)] ?? null);
      },
      (err: unknown) =>
        replace(status, el('span', { class: 'error', role: 'alert' }, `The file picker failed: ${err instanceof Error ? err.message : String(err)}`)),
    );
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
    const files = Array.from(e.dataTransfer?.files ?? []);
    body.classList.remove('dragging');
    if (files.length === 0) return;
    e.preventDefault();
    // The handles must be asked for during the event; Chromium gives them for files dragged from the desktop.
    type Item = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileHandle | { kind: string } | null | undefined> };
    const asked = Array.from(e.dataTransfer?.items ?? [], (item) => (item as Item).getAsFileSystemHandle?.().catch(() => null) ?? Promise.resolve(null));
    void Promise.all(asked).then((handles) =>
      openFiles(files, (f) => {
        const h = handles[files.indexOf(f)];
        return h?.kind === 'file' ? (h as FileHandle) : null;
      }),
    );
  });

  const element = el(
    'section',
    { class: 'db-bar', 'aria-label': 'Database' },
    el(
      'div',
      { class: 'row' },
      pickButton,
      picker,
      demo,
      el('span', { class: 'muted drop-hint' }, 'or drop a .sqlite file on the page (with its -wal, if it has one)'),
    ),
    el('div', { class: 'row' }, status, cancel, checkButton, checkStatus),
    walStatus,
    last.element,
    el(
      'p',
      { class: 'privacy-note' },
      'Your file is opened inside this browser tab and is never uploaded: Confide has no server. The only network use is the optional one-time download of a language model.',
    ),
  );
  return { element, report, reopenLast: () => last.start() };
}
