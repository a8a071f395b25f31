/**
 * Notes above an answer that a person needs to read once, not before every
 * answer: each has a "Got it" button, and once pressed it stays hidden in
 * this browser (localStorage, by its key) until what it says changes (the
 * key names it: another candidate file, another profile or database). Two
 * kinds look different: `info` says how something works (the demo's
 * candidates are replayed); `warning` says a result may not hold (a profile
 * fit on other data). Storage that is off or full only means the note shows
 * again next time.
 */
import { el, type Child } from './dom.ts';
import { pageStorage } from './stored.ts';

const PREFIX = 'confide.dismissed.';

export interface DismissibleOptions {
  /** What the note says, as a key: a new key shows the note again. */
  readonly key: string;
  readonly kind: 'info' | 'warning';
  readonly id?: string;
  readonly storage?: Storage;
  /** Called after the note is gone: show a reminder in its place, and move focus on (its button is gone). */
  readonly onDismiss?: () => void;
}

/** Whether the note under `key` was dismissed in this browser. */
export function isDismissed(key: string, storage: Storage = pageStorage('local')): boolean {
  try {
    return storage.getItem(PREFIX + key) !== null;
  } catch {
    return false;
  }
}

/**
 * The note, or null when it was dismissed already.
 *
 * @example box.replaceChildren(dismissibleNote({ key: 'replay:demo', kind: 'info', id: 'replay-notice' }, 'Replay: …') ?? '');
 */
export function dismissibleNote(options: DismissibleOptions, ...body: Child[]): HTMLElement | null {
  const storage = options.storage ?? pageStorage('local');
  if (isDismissed(options.key, storage)) return null;
  const note = el('div', { class: `note ${options.kind}`, id: options.id, role: options.kind === 'warning' ? 'status' : 'note' },
    el('p', {}, ...body),
  );
  note.append(el('button', {
    type: 'button', class: 'small note-dismiss', 'aria-label': 'Got it: hide this note', onclick: () => {
      try {
        storage.setItem(PREFIX + options.key, '1');
      } catch {
        // Storage off or full: hidden for now, shown again next time.
      }
      note.remove();
      options.onDismiss?.();
    },
  }, 'Got it'));
  return note;
}
