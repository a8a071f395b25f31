/**
 * The page-wide drop target: a file dragged over the page marks it, and the
 * files dropped open as one database (with its -wal), each with its file
 * handle where the drop hands one over, so it can be reopened after a reload.
 */
import type { OpenFiles } from './bar-open.ts';
import type { FileHandle } from './last-file.ts';

/**
 * Makes `body` a drop target for database files.
 *
 * @example dropTarget(document.body, openFiles);
 */
export function dropTarget(body: HTMLElement, openFiles: OpenFiles): void {
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
}
