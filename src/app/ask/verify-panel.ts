/**
 * Verify mode's input: SQL candidates for the question the person typed,
 * pasted (a chat reply with its SQL, a list of queries, statements, one per
 * line, or JSON lines) or loaded from a `.sql`, `.jsonl` or text file.
 * Reading is core's `parseCandidateText`; this panel says what it read: how
 * many queries, how many distinct (copies from one paste count once), and
 * what it left out. When the reading was not plain (code blocks, prose left
 * out, list markers taken off), the queries read are shown, and the first
 * Ask asks the person to check them (Ask again, or "Check these queries",
 * runs them; "Put these in the box" turns the reading into plain SQL to
 * edit). When Ask is pressed with nothing usable, the problem is said right
 * under the box, in words for a person, and focus goes to the box.
 */
import {
  fixedCandidates,
  keepSources,
  MAX_CANDIDATE_TEXT_BYTES,
  MAX_PASTED_CANDIDATES,
  parseCandidateText,
  readingSummary,
  type CandidateSource,
  type CandidateTextError,
  type CandidateTextOutcome,
} from '../../core/pipeline/index.ts';
import { fileButton } from '../ui/file-button.ts';
import { el, replace } from '../ui/dom.ts';
import { readingView } from './verify-reading.ts';

export interface VerifyPanel {
  readonly element: HTMLElement;
  /**
   * The candidates as a generator, or why there are none. `shown`: the panel
   * already showed why (its reading, to be checked before running).
   */
  source(): { ok: true; generator: CandidateSource; count: number } | { ok: false; message: string; shown?: boolean };
  focus(): void;
  /** Says `message` under the box, marks the box invalid, and moves focus to it. */
  showProblem(message: string): void;
  /** The box's text. */
  text(): string;
  /** Puts text in the box (a kept draft, or an edited pool) and reads it; `checked`: the person has seen this reading. */
  setText(text: string, checked?: boolean): void;
  /** Called when the person changes the box's text. */
  onInput(listener: () => void): void;
  /** The number of distinct candidates the box holds now (null when it holds none that can run). */
  poolSize(): number | null;
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
 * Builds the panel.
 *
 * @example const verify = verifyPanel(); form.append(verify.element); const s = verify.source();
 */
export function verifyPanel(): VerifyPanel {
  const text = el('textarea', {
    id: 'verify-sql',
    rows: 5,
    spellcheck: 'false',
    class: 'sql-input',
    placeholder:
      "SELECT count(*) FROM customers;\nSELECT count(DISTINCT name) FROM customers;\n(or paste a chat assistant's reply: its SQL is read, its prose left out)",
  });
  const file = el('input', { type: 'file', id: 'verify-file', accept: '.sql,.jsonl,.json,.txt,.md,text/plain,text/markdown,application/x-ndjson' });
  const status = el('p', { class: 'muted', id: 'verify-status', 'aria-live': 'polite' });
  const reading = el('div', { id: 'verify-reading' });
  const problem = el('p', { class: 'error field-problem', id: 'verify-problem', role: 'alert', hidden: true });
  text.setAttribute('aria-describedby', 'verify-status verify-problem');
  const inputListeners: (() => void)[] = [];
  /** The text whose reading the person has seen and accepted (Ask runs it without asking again). */
  let checkedText: string | null = null;
  const clearProblem = (): void => {
    problem.hidden = true;
    replace(problem);
    text.removeAttribute('aria-invalid');
  };
  let origin = 'pasted';
  let memo: { text: string; origin: string; outcome: CandidateTextOutcome } | null = null;
  /** The box read (once per text: status, reading and pool size all use it). */
  const read = (): CandidateTextOutcome => {
    if (memo === null || memo.text !== text.value || memo.origin !== origin)
      memo = { text: text.value, origin, outcome: parseCandidateText(text.value, origin) };
    return memo.outcome;
  };
  /** The queries read and what was left out, for a reading that was not plain; `ask`: the person must check them first. */
  const showReading = (r: Extract<CandidateTextOutcome, { ok: true }>, ask: boolean): void => {
    replace(
      reading,
      readingView(r, ask, {
        confirm: () => void (checkedText = text.value),
        useReading(plainText) {
          text.value = plainText;
          origin = 'pasted';
          checkedText = text.value;
          show();
          text.focus();
        },
      }),
    );
    if (ask) reading.querySelector<HTMLElement>('h4')?.focus();
  };
  const show = (): void => {
    if (text.value.trim() === '') {
      replace(reading);
      return replace(
        status,
        `Paste a chat reply with its SQL, one query per line, SQL statements ending in ";", or JSON lines with "sql" (up to ${MAX_PASTED_CANDIDATES}).`,
      );
    }
    const r = read();
    replace(status, r.ok ? readingSummary(r) : el('span', { class: 'error' }, origin === 'pasted' ? problemInWords(r.error, text.value) : r.error.message));
    if (r.ok) showReading(r, false);
    else replace(reading);
  };
  text.addEventListener('input', () => {
    origin = 'pasted';
    checkedText = null;
    clearProblem();
    show();
    for (const l of inputListeners) l();
  });
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f) return;
    // Read whole into the box (its format is told from all of it), so only up to the cap `confide ask` reads too.
    if (f.size > MAX_CANDIDATE_TEXT_BYTES) {
      replace(
        status,
        el(
          'span',
          { class: 'error' },
          `${f.name} is ${Math.round(f.size / 2 ** 20)} MB; at most ${MAX_CANDIDATE_TEXT_BYTES / 2 ** 20} MB of candidates is read for one question (up to ${MAX_PASTED_CANDIDATES}). For a whole benchmark, use Evaluate.`,
        ),
      );
      return;
    }
    origin = f.name;
    text.value = await f.text();
    checkedText = null;
    clearProblem();
    show();
    for (const l of inputListeners) l();
  });
  show();
  const element = el(
    'fieldset',
    { class: 'verify-panel', id: 'verify-panel' },
    el('legend', {}, 'Your SQL candidates for this question'),
    el(
      'p',
      { class: 'muted' },
      'From another assistant, a class, a colleague: Confide runs them read-only on the open database, groups them by result, scores each result and answers or abstains as with generated candidates. Paste a whole chat reply if you like: its SQL is read and its prose left out.',
    ),
    el('label', { for: 'verify-sql' }, 'Candidates'),
    text,
    problem,
    el('div', {}, fileButton(file, 'Or load a .sql or .jsonl file…', 'verify-file-button'), file),
    status,
    reading,
  );
  return {
    element,
    source() {
      const r = read();
      if (!r.ok) return { ok: false, message: origin === 'pasted' ? problemInWords(r.error, text.value) : r.error.message };
      if (!r.plain && checkedText !== text.value) {
        // Not plain: show what was read and let the person check it before anything runs.
        checkedText = text.value;
        showReading(r, true);
        return { ok: false, message: 'Check what Confide read from the box, then press Ask again.', shown: true };
      }
      return { ok: true, generator: fixedCandidates(r.candidates), count: r.candidates.length };
    },
    focus: () => text.focus(),
    showProblem(message) {
      replace(problem, message);
      problem.hidden = false;
      text.setAttribute('aria-invalid', 'true');
      text.focus();
      text.scrollIntoView({ block: 'center' });
    },
    text: () => text.value,
    setText(value, checked = false) {
      text.value = value;
      origin = 'pasted';
      checkedText = checked ? value : null;
      clearProblem();
      show();
    },
    onInput: (l) => void inputListeners.push(l),
    poolSize() {
      const r = read();
      return r.ok ? keepSources(r.candidates).length : null;
    },
  };
}
