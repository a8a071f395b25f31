/**
 * Verify mode survives a reload, per database: the SQL pasted into the box
 * and the "Candidates from" choice are kept for this tab (sessionStorage,
 * like the question: question-draft.ts) under the open database's name, and
 * put back when that database is open again. Text past
 * {@link VERIFY_DRAFT_MAX_CHARS} is not kept (the page says so), and only the
 * last {@link VERIFY_DRAFT_DATABASES} databases are remembered.
 */
import type { SourceKind } from './source-types.ts';

const KEY = 'confide.verify-drafts';
/** The longest pasted text kept across a reload (characters). */
export const VERIFY_DRAFT_MAX_CHARS = 1_000_000;
/** How many databases' drafts are kept (the most recently used). */
export const VERIFY_DRAFT_DATABASES = 20;

/** What is kept for one database. */
export interface VerifyDraft {
  readonly text: string;
  readonly source: SourceKind;
}

type Drafts = Record<string, VerifyDraft & { readonly at: number }>;

const SOURCES: readonly SourceKind[] = ['replay', 'verify', 'live'];

function readAll(storage: Storage): Drafts {
  try {
    const v = JSON.parse(storage.getItem(KEY) ?? '{}') as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return {};
    const out: Drafts = {};
    for (const [db, d] of Object.entries(v as Record<string, Partial<VerifyDraft & { at: number }>>)) {
      if (typeof d?.text === 'string' && SOURCES.includes(d.source as SourceKind))
        out[db] = { text: d.text, source: d.source as SourceKind, at: typeof d.at === 'number' ? d.at : 0 };
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The draft kept for a database, or null.
 *
 * @example readVerifyDraft(sessionStorage, 'planets.sqlite')?.source; // 'verify'
 */
export function readVerifyDraft(storage: Storage, db: string): VerifyDraft | null {
  const d = readAll(storage)[db];
  return d === undefined ? null : { text: d.text, source: d.source };
}

/**
 * Keeps a database's draft; false when it was not kept (too long, or storage off or full).
 *
 * @example saveVerifyDraft(sessionStorage, 'planets.sqlite', { text: 'SELECT 1;', source: 'verify' });
 */
export function saveVerifyDraft(storage: Storage, db: string, draft: VerifyDraft, now = Date.now()): boolean {
  if (draft.text.length > VERIFY_DRAFT_MAX_CHARS) return false;
  const all = readAll(storage);
  all[db] = { ...draft, at: now };
  const kept = Object.entries(all)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, VERIFY_DRAFT_DATABASES);
  try {
    storage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
    return true;
  } catch {
    return false;
  }
}

/** What keeping a draft needs from the Ask screen: the source choice and verify mode's box. */
export interface DraftSources {
  readonly select: HTMLSelectElement;
  readonly verify: { text(): string; setText(text: string): void; onInput(listener: () => void): void };
  kind(): SourceKind;
  set(kind: SourceKind): void;
}

/**
 * Keeps verify mode's box and the source choice per database from now on,
 * and puts a database's draft back whenever it is opened (call it after the
 * screen's own database listener, so the draft has the last word). The line
 * `note` says when a paste was too long to keep.
 *
 * @example keepVerifyDrafts(sources, dbs, note);
 */
export function keepVerifyDrafts(
  sources: DraftSources,
  dbs: { readonly current: { readonly name: string } | null; onChange(l: (db: { readonly name: string }) => void): void },
  note: HTMLElement,
  storage: Storage = sessionStorage,
): void {
  const save = (): void => {
    const db = dbs.current;
    if (db === null) return;
    const kept = saveVerifyDraft(storage, db.name, { text: sources.verify.text(), source: sources.kind() });
    note.textContent = kept ? '' : 'This paste is too long to keep across a reload.';
  };
  sources.verify.onInput(save);
  sources.select.addEventListener('change', save);
  dbs.onChange((db) => {
    const d = readVerifyDraft(storage, db.name);
    if (d === null) return;
    sources.verify.setText(d.text);
    if (d.source !== 'replay' || sources.kind() === 'replay') sources.set(d.source);
  });
}
