/**
 * The console's history: the last queries run, each with the name of the
 * database it ran on, newest first, kept in this browser (localStorage). A
 * query run again on the same database moves to the top; the same query on
 * another database is its own entry. Entries written before the database was
 * recorded (plain strings) are read with `db: null`. The editor's text is
 * kept too (the draft), so the last query is there again after a reload.
 * A stored history that does not read is set aside (stored.ts).
 */
import { jsonOf, readStored } from '../stored.ts';

/** Most queries kept. */
export const HISTORY_SIZE = 20;
const HISTORY_KEY = 'confide.console-history';

export interface HistoryEntry {
  readonly sql: string;
  /** The database's file name, or null when it was not recorded. */
  readonly db: string | null;
}

const entryOf = (x: unknown): HistoryEntry | null => {
  if (typeof x === 'string') return { sql: x, db: null };
  if (typeof x !== 'object' || x === null) return null;
  const { sql, db } = x as { sql?: unknown; db?: unknown };
  return typeof sql === 'string' ? { sql, db: typeof db === 'string' ? db : null } : null;
};

/**
 * The stored history (empty when there is none, storage is off, or it does not parse).
 *
 * @example readHistory(localStorage); // [{ sql: 'SELECT 1', db: 'demo.sqlite' }]
 */
export function readHistory(storage: Storage): HistoryEntry[] {
  const v = readStored(storage, HISTORY_KEY, 'your SQL console history', (raw) => jsonOf(raw, Array.isArray, 'a list'));
  return v === null
    ? []
    : (v as unknown[])
        .map(entryOf)
        .filter((e): e is HistoryEntry => e !== null)
        .slice(0, HISTORY_SIZE);
}

/**
 * Puts `entry` on top of `history` (dropping its older copy), stores the result and returns it.
 * A refused write (storage full or off) keeps the history for this page only.
 *
 * @example history = remember(localStorage, history, { sql, db: db.name });
 */
export function remember(storage: Storage, history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const next = [entry, ...history.filter((h) => h.sql !== entry.sql || h.db !== entry.db)].slice(0, HISTORY_SIZE);
  try {
    storage.setItem(HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Storage full or off: the history still lasts for this page.
  }
  return next;
}

const DRAFT_KEY = 'confide.console-draft';
/** Longest editor text kept across a reload. */
export const DRAFT_MAX_CHARS = 100_000;

/**
 * The editor's text as last left (kept across a reload), or null when none was kept.
 *
 * @example editor.setValue(readConsoleDraft(localStorage) ?? readHistory(localStorage)[0]?.sql ?? '');
 */
export function readConsoleDraft(storage: Storage): string | null {
  try {
    return storage.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
}

/**
 * Keeps the editor's text for the next visit (a text past DRAFT_MAX_CHARS is not kept; a refused write is ignored).
 *
 * @example saveConsoleDraft(localStorage, editor.value());
 */
export function saveConsoleDraft(storage: Storage, text: string): void {
  try {
    if (text.length <= DRAFT_MAX_CHARS) storage.setItem(DRAFT_KEY, text);
  } catch {
    // Storage full or off: the text lasts for this page.
  }
}
