/**
 * Verify mode's box and what it says: the textarea, the file input, the
 * status line (how many queries, how many distinct, what was left out, or
 * the problem in words), the reading shown when it was not plain, and the
 * problem under the box; the box read once per text; the fieldset that lays
 * them out.
 */
import { type CandidateTextError, type CandidateTextOutcome, MAX_PASTED_CANDIDATES, parseCandidateText, readingSummary } from '../../core/pipeline/index.ts';
import { el, replace } from '../ui/dom.ts';
import { fileButton } from '../ui/file-button.ts';
import { readingView } from './verify-reading.ts';

/** The box's elements and state; its parts read and set it as one closure would. */
export interface VerifyBox {
  readonly text: HTMLTextAreaElement;
  readonly file: HTMLInputElement;
  readonly status: HTMLParagraphElement;
  readonly reading: HTMLDivElement;
  readonly problem: HTMLParagraphElement;
  readonly inputListeners: (() => void)[];
  /** The text whose reading the person has seen and accepted (Ask runs it without asking again). */
  checkedText: string | null;
  /** Where the text came from: 'pasted', or the file's name. */
  origin: string;
  memo: { text: string; origin: string; outcome: CandidateTextOutcome } | null;
}

/**
 * A reading problem in words for the person at the box: the parser names
 * its input "pasted", which reads like a variable name here.
 *
 * @example problemInWords({ code: 'EMPTY', message: 'pasted holds no SQL: …' }, ''); // 'The box is empty: …'
 */
export function problemInWords(error: Pick<CandidateTextError, 'code' | 'message'>, text: string): string {
  if (error.code === 'EMPTY') {
    return text.trim() === ''
      ? 'The box is empty: paste the SQL queries to check for this question (a chat reply with its SQL, one query per line, or statements ending in ";"), or load a .sql or .jsonl file, then press Ask.'
      : `The box holds no SQL query, only ${/left out/.test(error.message) ? 'prose, other code, ' : ''}blank lines or comments: paste the queries to check for this question, then press Ask.`;
  }
  return error.message.replace(/^pasted, line (\d+)/, 'Line $1 of the box').replace(/^pasted\b/, 'The box');
}

/**
 * The box, empty, with nothing read.
 *
 * @example const b = verifyBox(); b.text.value = 'SELECT 1';
 */
export function verifyBox(): VerifyBox {
  const text = el('textarea', {
    id: 'verify-sql',
    rows: 5,
    spellcheck: 'false',
    class: 'sql-input',
    placeholder:
      "SELECT count(*) FROM customers;\nSELECT count(DISTINCT name) FROM customers;\n(or paste a chat assistant's reply: its SQL is read, its prose left out)",
  });
  const b: VerifyBox = {
    text,
    file: el('input', { type: 'file', id: 'verify-file', accept: '.sql,.jsonl,.json,.txt,.md,text/plain,text/markdown,application/x-ndjson' }),
    status: el('p', { class: 'muted', id: 'verify-status', 'aria-live': 'polite' }),
    reading: el('div', { id: 'verify-reading' }),
    problem: el('p', { class: 'error field-problem', id: 'verify-problem', role: 'alert', hidden: true }),
    inputListeners: [],
    checkedText: null,
    origin: 'pasted',
    memo: null,
  };
  text.setAttribute('aria-describedby', 'verify-status verify-problem');
  return b;
}

/**
 * The panel's fieldset: legend, what verify mode does, the box, the problem, the file button, the status and the reading.
 *
 * @example form.append(verifySection(b));
 */
export function verifySection(b: VerifyBox): HTMLElement {
  return el(
    'fieldset',
    { class: 'verify-panel', id: 'verify-panel' },
    el('legend', {}, 'Your SQL candidates for this question'),
    el(
      'p',
      { class: 'muted' },
      'From another assistant, a class, a colleague: Confide runs them read-only on the open database, groups them by result, scores each result and answers or abstains as with generated candidates. Paste a whole chat reply if you like: its SQL is read and its prose left out.',
    ),
    el('label', { for: 'verify-sql' }, 'Candidates'),
    b.text,
    b.problem,
    el('div', {}, fileButton(b.file, 'Or load a .sql or .jsonl file…', 'verify-file-button'), b.file),
    b.status,
    b.reading,
  );
}

/**
 * Hides the problem under the box and unmarks the box.
 *
 * @example clearProblem(b);
 */
export function clearProblem(b: VerifyBox): void {
  b.problem.hidden = true;
  replace(b.problem);
  b.text.removeAttribute('aria-invalid');
}

/**
 * The box read (once per text: status, reading and pool size all use it).
 *
 * @example const r = readBox(b); if (r.ok) r.candidates.length;
 */
export function readBox(b: VerifyBox): CandidateTextOutcome {
  if (b.memo === null || b.memo.text !== b.text.value || b.memo.origin !== b.origin)
    b.memo = { text: b.text.value, origin: b.origin, outcome: parseCandidateText(b.text.value, b.origin) };
  return b.memo.outcome;
}

/**
 * The queries read and what was left out, for a reading that was not plain; `ask`: the person must check them first.
 *
 * @example showReading(b, r, true);
 */
export function showReading(b: VerifyBox, r: Extract<CandidateTextOutcome, { ok: true }>, ask: boolean): void {
  replace(
    b.reading,
    readingView(r, ask, {
      confirm: () => void (b.checkedText = b.text.value),
      useReading(plainText) {
        b.text.value = plainText;
        b.origin = 'pasted';
        b.checkedText = b.text.value;
        showBox(b);
        b.text.focus();
      },
    }),
  );
  if (ask) b.reading.querySelector<HTMLElement>('h4')?.focus();
}

/**
 * Says what the box holds: how to fill it when empty, else the reading's summary (and reading) or its problem.
 *
 * @example showBox(b);
 */
export function showBox(b: VerifyBox): void {
  if (b.text.value.trim() === '') {
    replace(b.reading);
    return replace(
      b.status,
      `Paste a chat reply with its SQL, one query per line, SQL statements ending in ";", or JSON lines with "sql" (up to ${MAX_PASTED_CANDIDATES}).`,
    );
  }
  const r = readBox(b);
  replace(b.status, r.ok ? readingSummary(r) : el('span', { class: 'error' }, b.origin === 'pasted' ? problemInWords(r.error, b.text.value) : r.error.message));
  if (r.ok) showReading(b, r, false);
  else replace(b.reading);
}
