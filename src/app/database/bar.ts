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
import { el, replace } from '../ui/dom.ts';
import { barControls, barSection, reportOpen } from './bar-controls.ts';
import { type BarSession, checkWholeFile, listenToPicker, type OpenFiles, openOnly } from './bar-open.ts';
import type { DatabaseController, OpenResult } from './database.ts';
import { dropTarget } from './drop-target.ts';
import { type FileHandle, type LastFileStore, lastFileControl } from './last-file.ts';
import { pairFiles } from './wal-pair.ts';

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
  const c = barControls();
  const s: BarSession = { dbs, controls: c, running: null };
  c.cancel.addEventListener('click', () => s.running?.abort(new DOMException('cancelled by the user', 'AbortError')));
  const last = lastFileControl(lastFiles, (file) => openOnly(s, file));
  /** Opens a file the person chose, and keeps it (its handle, or its name) for after a reload. */
  const openFile = async (file: File, handle: FileHandle | null, wal: File | null = null): Promise<void> => {
    if ((await openOnly(s, file, wal)).ok) last.keep(file.name, handle);
  };
  /** Opens the database among `files` with its -wal, or says why they are not one database. */
  const openFiles: OpenFiles = async (files, handleOf) => {
    const pair = pairFiles(files);
    if (!pair.ok) return void replace(c.status, el('span', { class: 'error', role: 'alert' }, pair.message));
    await openFile(pair.db, handleOf(pair.db), pair.wal);
  };
  c.checkButton.addEventListener('click', () => checkWholeFile(s));
  listenToPicker(c, openFiles);
  c.demo.addEventListener('click', async () => {
    replace(c.status, 'Opening the demo database…');
    reportOpen(c, 'The demo database', await dbs.openDemo());
  });
  dropTarget(document.body, openFiles);
  return { element: barSection(c, last.element), report: (what, r) => reportOpen(c, what, r), reopenLast: () => last.start() };
}
