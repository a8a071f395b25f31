/**
 * Reopening the last database file after a reload, where the browser allows
 * it. A file chosen through `showOpenFilePicker` (or dropped, where the drop
 * hands over a file handle) is kept as its FileSystemFileHandle in IndexedDB
 * (database `confide-files`, store `last`, key `last`): a reference the
 * browser guards, holding no bytes. At start the page reopens it when the
 * browser still grants reading it; when the browser wants to ask first, the
 * page offers a "Reopen" button (the permission prompt needs a click), and it
 * says plainly why it cannot when the file came through the classic file
 * input (kept by name only: the browser gives no lasting access then), when
 * permission is refused, or when the file is gone. Nothing is read until the
 * file is opened again, and nothing leaves the browser.
 */
import type { OpenResult } from './database.ts';
import { el, replace } from '../ui/dom.ts';
import { idbDone, idbRequest, openKeyValueDb } from '../idb.ts';

/** The part of a FileSystemFileHandle used here (permission methods are Chromium's). */
export interface FileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
  queryPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
}

/** What is kept of the last file: its handle, or only its name when the browser gave none. */
export interface LastFile {
  readonly name: string;
  readonly handle: FileHandle | null;
}

/** Why a kept file did not reopen. */
export type ReopenFailure = { readonly code: 'NEEDS_PERMISSION' | 'DENIED' | 'GONE' | 'FAILED'; readonly message: string };

const DB_NAME = 'confide-files';
const STORE = 'last';
const KEY = 'last';
const READ = { mode: 'read' } as const;

type Picker = (options: object) => Promise<FileHandle[]>;
const picker = (): Picker | null => {
  const p = (globalThis as { showOpenFilePicker?: Picker }).showOpenFilePicker;
  return typeof p === 'function' ? p.bind(globalThis) : null;
};

/** Whether this browser can choose a file with a handle that lasts (the File System Access API). */
export const canKeepFiles = (): boolean => picker() !== null;

/**
 * Asks the browser's own file picker for a SQLite file (and, chosen with it,
 * its `-wal`, through "All files"); empty when the person cancels.
 *
 * @example const picked = await pickFiles(); if (picked.length > 0) open(await picked[0].getFile());
 */
export async function pickFiles(): Promise<FileHandle[]> {
  const pick = picker();
  if (pick === null) throw new Error('this browser has no showOpenFilePicker');
  try {
    return await pick({
      multiple: true,
      types: [{ description: 'SQLite database', accept: { 'application/vnd.sqlite3': ['.sqlite', '.sqlite3', '.db', '.db3'] } }],
      excludeAcceptAllOption: false,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') return [];
    throw e;
  }
}

/**
 * The file behind `handle`, when the browser lets the page read it; with
 * `ask`, the browser's permission prompt is shown first where it wants one
 * (this must run in a click).
 *
 * @example const r = await fileOf(last.handle, false); if (r.ok) await dbs.openFile(r.file);
 */
export async function fileOf(
  handle: FileHandle,
  ask: boolean,
): Promise<{ readonly ok: true; readonly file: File } | { readonly ok: false; readonly error: ReopenFailure }> {
  const name = handle.name;
  try {
    let permission = (await handle.queryPermission?.(READ)) ?? 'granted';
    if (permission !== 'granted' && ask && handle.requestPermission) permission = await handle.requestPermission(READ);
    if (permission === 'denied')
      return { ok: false, error: { code: 'DENIED', message: `The browser did not allow reading ${name} again (permission refused).` } };
    if (permission !== 'granted')
      return { ok: false, error: { code: 'NEEDS_PERMISSION', message: `The browser asks before letting this page read ${name} again.` } };
    return { ok: true, file: await handle.getFile() };
  } catch (e) {
    const kind = e instanceof DOMException ? e.name : '';
    if (kind === 'NotFoundError') return { ok: false, error: { code: 'GONE', message: `${name} is no longer where it was (moved, renamed or deleted).` } };
    if (kind === 'NotAllowedError' || kind === 'SecurityError')
      return { ok: false, error: { code: 'DENIED', message: `The browser did not allow reading ${name} again (permission refused).` } };
    return { ok: false, error: { code: 'FAILED', message: `${name} could not be read again: ${e instanceof Error ? e.message : String(e)}.` } };
  }
}

export interface LastFileStore {
  read(): Promise<LastFile | null>;
  keep(last: LastFile): Promise<void>;
  forget(): Promise<void>;
}

/**
 * The IndexedDB record of the last file; null when IndexedDB cannot be used
 * (the page then remembers nothing, and says nothing it cannot keep).
 *
 * @example const store = await openLastFileStore(); await store?.keep({ name, handle });
 */
export async function openLastFileStore(): Promise<LastFileStore | null> {
  let db: IDBDatabase;
  try {
    db = await openKeyValueDb(DB_NAME, STORE);
  } catch {
    return null;
  }
  const write = async (f: (s: IDBObjectStore) => void): Promise<void> => {
    const tx = db.transaction(STORE, 'readwrite');
    f(tx.objectStore(STORE));
    await idbDone(tx);
  };
  return {
    async read() {
      const v = (await idbRequest(db.transaction(STORE).objectStore(STORE).get(KEY))) as { name?: unknown; handle?: unknown } | undefined;
      if (typeof v?.name !== 'string') return null;
      const h = v.handle as FileHandle | null | undefined;
      return { name: v.name, handle: h !== null && typeof h === 'object' && typeof h.getFile === 'function' ? h : null };
    },
    keep: (last) => write((s) => s.put({ name: last.name, handle: last.handle }, KEY)),
    forget: () => write((s) => s.delete(KEY)),
  };
}

export interface LastFileControl {
  /** The line under the database bar that offers or explains the reopening. */
  readonly element: HTMLElement;
  /** Records the file just opened (with its handle when the browser gave one). */
  keep(name: string, handle: FileHandle | null): void;
  /**
   * At start: reopens the kept file when the browser still allows it (true),
   * else shows the offer or the reason and answers false.
   */
  start(): Promise<boolean>;
}

/**
 * The reopening, shown in the database bar. `open` opens a File as a person's
 * choice would (and reports it); `store` null means nothing can be kept.
 *
 * @example
 * const last = lastFileControl(await openLastFileStore(), (file) => bar.openFile(file));
 * if (!(await last.start())) await dbs.openDemo();
 */
export function lastFileControl(store: LastFileStore | null, open: (file: File) => Promise<OpenResult>): LastFileControl {
  const element = el('div', { class: 'last-file', id: 'last-file', 'aria-live': 'polite' });
  const forget = el(
    'button',
    {
      type: 'button',
      class: 'small',
      id: 'last-file-forget',
      onclick: () => {
        void store?.forget();
        replace(element);
      },
    },
    'Forget it',
  );
  const cannot = (name: string, why: string): void =>
    replace(
      element,
      el('p', { class: 'notice' }, `Last time, ${name} was open. ${why} Open it again with "Open a SQLite file…" or drop it on the page. `, forget),
    );
  const reopen = async (handle: FileHandle, ask: boolean): Promise<boolean> => {
    const r = await fileOf(handle, ask);
    if (!r.ok) {
      if (r.error.code === 'NEEDS_PERMISSION') {
        replace(
          element,
          el(
            'p',
            { class: 'notice' },
            `Last time, ${handle.name} was open. `,
            el('button', { type: 'button', id: 'last-file-reopen', onclick: () => void reopen(handle, true) }, `Reopen ${handle.name}`),
            ' (the browser asks whether this page may read it again; nothing is uploaded) ',
            forget,
          ),
        );
      } else cannot(handle.name, r.error.message);
      return false;
    }
    replace(element, el('p', { class: 'muted' }, `Reopening ${handle.name}, the file open last time…`));
    const opened = await open(r.file);
    replace(element, opened.ok ? el('p', { class: 'muted', id: 'last-file-reopened' }, `Reopened ${handle.name}, the file open last time.`) : '');
    return opened.ok;
  };
  return {
    element,
    keep(name, handle) {
      replace(element);
      void store?.keep({ name, handle }).catch(() => undefined);
    },
    async start() {
      const last = (await store?.read().catch(() => null)) ?? null;
      if (last === null) return false;
      if (last.handle !== null) return reopen(last.handle, false);
      cannot(
        last.name,
        canKeepFiles()
          ? 'It was opened through the classic file input or dropped on the page, which give this page no lasting access to it, so it cannot be reopened by itself after a reload.'
          : 'This browser gives pages no lasting access to a file (it lacks the File System Access API), so it cannot be reopened by itself after a reload.',
      );
      return false;
    },
  };
}
