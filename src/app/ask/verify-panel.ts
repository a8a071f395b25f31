/**
 * Verify mode's input: SQL candidates for the question the person typed,
 * pasted (one query per line, `;`-ended statements, or JSON lines) or loaded
 * from a `.sql`, `.jsonl` or text file. Parsing is core's
 * `parseCandidateText`; this panel only shows what it read or why not. When
 * Ask is pressed with nothing usable in the box, the problem is said right
 * under the box, in words for a person, and focus goes to the box.
 */
import { fixedCandidates, MAX_CANDIDATE_TEXT_BYTES, MAX_PASTED_CANDIDATES, parseCandidateText, type CandidateSource, type CandidateTextError } from '../../core/pipeline/index.ts';
import { fileButton } from '../file-button.ts';
import { el, replace } from '../dom.ts';
import { plural } from '../format.ts';

export interface VerifyPanel {
  readonly element: HTMLElement;
  /** The candidates as a generator, or why there are none (with the line when a file is malformed). */
  source(): { ok: true; generator: CandidateSource; count: number } | { ok: false; message: string };
  focus(): void;
  /** Says `message` under the box, marks the box invalid, and moves focus to it. */
  showProblem(message: string): void;
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
      ? 'The box is empty: paste the SQL queries to check for this question (one per line, or statements ending in ";"), or load a .sql or .jsonl file, then press Ask.'
      : 'The box holds no SQL query, only blank lines or comments: paste the queries to check for this question, then press Ask.';
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
    id: 'verify-sql', rows: 5, spellcheck: 'false', class: 'sql-input',
    placeholder: "SELECT count(*) FROM customers;\nSELECT count(DISTINCT name) FROM customers;",
  });
  const file = el('input', { type: 'file', id: 'verify-file', accept: '.sql,.jsonl,.json,.txt,text/plain,application/x-ndjson' });
  const status = el('p', { class: 'muted', id: 'verify-status', 'aria-live': 'polite' });
  const problem = el('p', { class: 'error field-problem', id: 'verify-problem', role: 'alert', hidden: true });
  text.setAttribute('aria-describedby', 'verify-status verify-problem');
  const clearProblem = (): void => {
    problem.hidden = true;
    replace(problem);
    text.removeAttribute('aria-invalid');
  };
  let origin = 'pasted';
  const read = () => parseCandidateText(text.value, origin);
  const show = (): void => {
    if (text.value.trim() === '') return replace(status, 'Paste one query per line, SQL statements ending in ";", or JSON lines with "sql" (up to 200).');
    const r = read();
    replace(status, r.ok ? `${plural(r.candidates.length, 'candidate')} read (${r.format === 'jsonl' ? 'JSON lines' : r.format === 'sql' ? 'SQL statements' : 'one per line'}).` : el('span', { class: 'error' }, origin === 'pasted' ? problemInWords(r.error, text.value) : r.error.message));
  };
  text.addEventListener('input', () => {
    origin = 'pasted';
    clearProblem();
    show();
  });
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    if (!f) return;
    // Read whole into the box (its format is told from all of it), so only up to the cap `confide ask` reads too.
    if (f.size > MAX_CANDIDATE_TEXT_BYTES) {
      replace(status, el('span', { class: 'error' }, `${f.name} is ${Math.round(f.size / 2 ** 20)} MB; at most ${MAX_CANDIDATE_TEXT_BYTES / 2 ** 20} MB of candidates is read for one question (up to ${MAX_PASTED_CANDIDATES}). For a whole benchmark, use Evaluate.`));
      return;
    }
    origin = f.name;
    text.value = await f.text();
    clearProblem();
    show();
  });
  show();
  const element = el('fieldset', { class: 'verify-panel', id: 'verify-panel' },
    el('legend', {}, 'Your SQL candidates for this question'),
    el('p', { class: 'muted' }, 'From another assistant, a class, a colleague: Confide runs them read-only on the open database, groups them by result, scores each result and answers or abstains as with generated candidates.'),
    el('label', { for: 'verify-sql' }, 'Candidates'), text,
    problem,
    el('div', {}, fileButton(file, 'Or load a .sql or .jsonl file…', 'verify-file-button'), file),
    status,
  );
  return {
    element,
    source() {
      const r = read();
      if (!r.ok) return { ok: false, message: origin === 'pasted' ? problemInWords(r.error, text.value) : r.error.message };
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
  };
}
