/**
 * Ask's question survives a reload: the question, its hint and the name of
 * the database it was for are kept for this tab (sessionStorage) as they are
 * typed or asked, and put back when the page loads. When the database open
 * after the reload is not the one the question was for, a line says so.
 *
 * A hint belongs to its question: a hint typed (or changed) belongs to the
 * next question asked with it. Asking another question afterwards takes it
 * out of the box, and a line says so and offers to ask with it all the same.
 */
import type { DatabaseController } from '../database/database.ts';
import { el, replace } from '../ui/dom.ts';
import { jsonOf, pageStorage, readStored } from '../stored.ts';

const DRAFT_KEY = 'confide.ask-draft';

/** What is kept. */
export interface QuestionDraft {
  readonly question: string;
  readonly evidence: string;
  /** The database's file name when the question was typed or asked, or null when none was open. */
  readonly db: string | null;
  /** The question the hint was asked with, or null (no hint, or not asked with one yet). */
  readonly hintFor?: string | null;
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
  return {
    question: v.question,
    evidence: typeof v.evidence === 'string' ? v.evidence : '',
    db: typeof v.db === 'string' ? v.db : null,
    ...(typeof v.hintFor === 'string' ? { hintFor: v.hintFor } : {}),
  };
}

export interface DraftKeeper {
  /** The line that says which database a restored question was for (empty otherwise). */
  readonly element: HTMLElement;
  /** The line under the hint that says when a hint was left out because it belongs to another question. */
  readonly hintNote: HTMLElement;
  /** Keeps the boxes' current text (call it when the page sets them, e.g. an example chip). */
  save(): void;
  /**
   * Call as an Ask begins: a hint typed for another question is taken out of
   * the box (the hint note offers to ask with it). Returns the hint to ask with.
   */
  hintForAsk(): string;
}

/** Questions compare as a person reads them: case and spacing aside. */
const sameQuestion = (a: string, b: string): boolean => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Restores the kept question into empty boxes and keeps them from now on;
 * `askAgain` runs an Ask (the hint note's "Ask with the hint").
 *
 * @example const draft = keepQuestionDraft(question, evidence, dbs, () => form.requestSubmit()); form.append(draft.element);
 */
export function keepQuestionDraft(
  question: HTMLTextAreaElement,
  evidence: HTMLInputElement,
  dbs: DatabaseController,
  askAgain: () => void = () => undefined,
  storage: Storage = pageStorage('session'),
): DraftKeeper {
  const element = el('p', { class: 'muted draft-note', id: 'ask-draft-note', 'aria-live': 'polite' });
  const hintNote = el('p', { class: 'muted hint-note', id: 'ask-hint-note', 'aria-live': 'polite' });
  const restored = readDraft(storage);
  let hintFor: string | null = restored?.hintFor ?? null;
  if (restored !== null && question.value === '') {
    question.value = restored.question;
    evidence.value = restored.evidence;
  }
  let forDb = restored?.db ?? null;
  const save = (): void => {
    forDb = dbs.current?.name ?? forDb;
    try {
      storage.setItem(DRAFT_KEY, JSON.stringify({ question: question.value, evidence: evidence.value, db: forDb, hintFor }));
    } catch {
      // Storage off: the question is not kept past this page.
    }
    replace(element);
  };
  question.addEventListener('input', save);
  // A hint typed or changed belongs to the next question asked.
  evidence.addEventListener('input', () => {
    hintFor = null;
    replace(hintNote);
    save();
  });
  const hintForAsk = (): string => {
    const hint = evidence.value.trim();
    if (hint === '') {
      hintFor = null;
      return '';
    }
    if (hintFor === null || sameQuestion(hintFor, question.value)) {
      hintFor = question.value;
      replace(hintNote);
      save();
      return hint;
    }
    const was = hintFor;
    evidence.value = '';
    hintFor = null;
    save();
    replace(
      hintNote,
      `The hint “${hint}” was for another question (“${was.trim()}”), so this one was asked without it. `,
      el(
        'button',
        {
          type: 'button',
          class: 'small',
          id: 'ask-keep-hint',
          onclick: () => {
            evidence.value = hint;
            hintFor = question.value;
            replace(hintNote);
            save();
            askAgain();
          },
        },
        'Ask with the hint',
      ),
    );
    return '';
  };
  dbs.onChange((db) => {
    const stale = restored !== null && restored.db !== null && question.value === restored.question && db.name !== restored.db;
    replace(element, stale ? `This question, kept from before the reload, was for ${restored.db}; ${db.name} is open now.` : '');
  });
  return { element, hintNote, save, hintForAsk };
}
