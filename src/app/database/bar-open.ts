/**
 * The database bar's cancellable steps: opening a file (with its -wal) and
 * the whole-file integrity check, each showing Cancel while it runs; and the
 * file picker, which uses `showOpenFilePicker` where the browser has it so
 * the file can be reopened after a reload.
 */
import { el, replace } from '../ui/dom.ts';
import { type BarControls, mb, reportOpen } from './bar-controls.ts';
import type { DatabaseController, OpenResult } from './database.ts';
import { canKeepFiles, type FileHandle, pickFiles } from './last-file.ts';

/** The bar's database controller, its controls and the step Cancel stops. */
export interface BarSession {
  readonly dbs: DatabaseController;
  readonly controls: BarControls;
  running: AbortController | null;
}

/** Opens the database among `files` (with its -wal), each file's handle (for reopening) from `handleOf`. */
export type OpenFiles = (files: readonly File[], handleOf: (f: File) => FileHandle | null) => Promise<void>;

/** Shows the Cancel button for one cancellable step (stopping the one before); returns its signal. */
function startCancellable(s: BarSession): AbortSignal {
  s.running?.abort();
  s.running = new AbortController();
  s.controls.cancel.hidden = false;
  return s.running.signal;
}

/** Hides Cancel once the step that showed it ends. */
function endCancellable(s: BarSession, signal: AbortSignal): void {
  if (s.running?.signal !== signal) return;
  s.running = null;
  s.controls.cancel.hidden = true;
}

/**
 * Opens `file` (with `wal`), cancellable, and says how it went.
 *
 * @example const r = await openOnly(s, file);
 */
export async function openOnly(s: BarSession, file: File, wal: File | null = null): Promise<OpenResult> {
  const signal = startCancellable(s);
  replace(
    s.controls.status,
    `Opening ${file.name}${wal === null ? '' : ` with ${wal.name}`} (${mb(file.size + (wal?.size ?? 0))}): reading its header and schema…`,
  );
  try {
    const r = await s.dbs.openFile(file, signal, wal);
    reportOpen(s.controls, file.name, r);
    return r;
  } finally {
    endCancellable(s, signal);
  }
}

/**
 * Runs PRAGMA quick_check over the whole open file, cancellable, and says what it found.
 *
 * @example c.checkButton.addEventListener('click', () => checkWholeFile(s));
 */
export async function checkWholeFile(s: BarSession): Promise<void> {
  const { checkButton, checkStatus } = s.controls;
  const signal = startCancellable(s);
  checkButton.disabled = true;
  replace(checkStatus, 'Checking every page of the file (PRAGMA quick_check)…');
  try {
    const r = await s.dbs.check(signal);
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
    endCancellable(s, signal);
  }
}

/**
 * The picker opens what is chosen: through `showOpenFilePicker` (keeping the handles) where the browser has it, else as plain files.
 *
 * @example listenToPicker(c, openFiles);
 */
export function listenToPicker(c: BarControls, openFiles: OpenFiles): void {
  const { picker, status } = c;
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
}
