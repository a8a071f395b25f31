/**
 * Ask's question survives a reload: the question, its hint and the name of
 * the database it was for are kept for this tab (sessionStorage) as they are
 * typed or asked, and put back when the page loads. When the database open
 * after the reload is not the one the question was for, a line says so.
 */
import type { DatabaseController } from '../database.ts';
import { el, replace } from '../dom.ts';
import { jsonOf, pageStorage, readStored } from '../stored.ts';

const DRAFT_KEY = 'confide.ask-draft';

/** What is kept. */
export interface QuestionDraft {
  readonly question: string;
  readonly evidence: string;
  /** The database's file name when the question was typed or asked, or null when none was open. */
  readonly db: string | null;
}

/**
 * The kept draft, or null (none, storage off, or unreadable).
 *
 * @example readDraft(sessionStorage)?.question; // 'How many customers are there?'
 */
export function readDraft(storage: Storage): QuestionDraft | null {
  const isDraft = (v: unknown): v is Partial<QuestionDraft> => typeof (v as Partial<QuestionDraft> | null)?.question === 'string';
  const v = readStored(storage, DRAFT_KEY, 'the question typed before the reload', (raw) => jsonOf(raw, isDraft, 'a question'));
  if (v === null || typeof v.question !== 'string') return null;
  return { question: v.question, evidence: typeof v.evidence === 'string' ? v.evidence : '', db: typeof v.db === 'string' ? v.db : null };
}

export interface DraftKeeper {
  /** The line that says which database a restored question was for (empty otherwise). */
  readonly element: HTMLElement;
  /** Keeps the boxes' current text (call it when the page sets them, e.g. an example chip). */
  save(): void;
}

/**
 * Restores the kept question into empty boxes and keeps them from now on.
 *
 * @example const draft = keepQuestionDraft(question, evidence, dbs); form.append(draft.element);
 */
export function keepQuestionDraft(question: HTMLTextAreaElement, evidence: HTMLInputElement, dbs: DatabaseController, storage: Storage = pageStorage('session')): DraftKeeper {
  const element = el('p', { class: 'muted draft-note', id: 'ask-draft-note', 'aria-live': 'polite' });
  const restored = readDraft(storage);
  if (restored !== null && question.value === '') {
    question.value = restored.question;
    evidence.value = restored.evidence;
  }
  let forDb = restored?.db ?? null;
  const save = (): void => {
    forDb = dbs.current?.name ?? forDb;
    try {
      storage.setItem(DRAFT_KEY, JSON.stringify({ question: question.value, evidence: evidence.value, db: forDb }));
    } catch {
      // Storage off: the question is not kept past this page.
    }
    replace(element);
  };
  question.addEventListener('input', save);
  evidence.addEventListener('input', save);
  dbs.onChange((db) => {
    const stale = restored !== null && restored.db !== null && question.value === restored.question && db.name !== restored.db;
    replace(element, stale ? `This question, kept from before the reload, was for ${restored.db}; ${db.name} is open now.` : '');
  });
  return { element, save };
}
