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
import { type CandidateGenerator, fixedCandidates, keepSources, MAX_CANDIDATE_TEXT_BYTES, MAX_PASTED_CANDIDATES } from '../../core/pipeline/index.ts';
import { el, replace } from '../ui/dom.ts';
import { clearProblem, problemInWords, readBox, showBox, showReading, type VerifyBox, verifyBox, verifySection } from './verify-box.ts';

export { problemInWords } from './verify-box.ts';

export interface VerifyPanel {
  readonly element: HTMLElement;
  /**
   * The candidates as a generator, or why there are none. `shown`: the panel
   * already showed why (its reading, to be checked before running).
   */
  source(): { ok: true; generator: CandidateGenerator; count: number } | { ok: false; message: string; shown?: boolean };
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
 * Builds the panel.
 *
 * @example const verify = verifyPanel(); form.append(verify.element); const s = verify.source();
 */
export function verifyPanel(): VerifyPanel {
  const b = verifyBox();
  const { text } = b;
  text.addEventListener('input', () => {
    b.origin = 'pasted';
    b.checkedText = null;
    clearProblem(b);
    showBox(b);
    for (const l of b.inputListeners) l();
  });
  b.file.addEventListener('change', () => loadFile(b));
  showBox(b);
  return {
    element: verifySection(b),
    source() {
      const r = readBox(b);
      if (!r.ok) return { ok: false, message: b.origin === 'pasted' ? problemInWords(r.error, text.value) : r.error.message };
      if (!r.plain && b.checkedText !== text.value) {
        // Not plain: show what was read and let the person check it before anything runs.
        b.checkedText = text.value;
        showReading(b, r, true);
        return { ok: false, message: 'Check what Confide read from the box, then press Ask again.', shown: true };
      }
      return { ok: true, generator: fixedCandidates(r.candidates), count: r.candidates.length };
    },
    focus: () => text.focus(),
    showProblem(message) {
      replace(b.problem, message);
      b.problem.hidden = false;
      text.setAttribute('aria-invalid', 'true');
      text.focus();
      text.scrollIntoView({ block: 'center' });
    },
    text: () => text.value,
    setText(value, checked = false) {
      text.value = value;
      b.origin = 'pasted';
      b.checkedText = checked ? value : null;
      clearProblem(b);
      showBox(b);
    },
    onInput: (l) => void b.inputListeners.push(l),
    poolSize() {
      const r = readBox(b);
      return r.ok ? keepSources(r.candidates).length : null;
    },
  };
}

/** Reads the chosen file whole into the box (its format is told from all of it), so only up to the cap `confide ask` reads too. */
async function loadFile(b: VerifyBox): Promise<void> {
  const f = b.file.files?.[0];
  if (!f) return;
  if (f.size > MAX_CANDIDATE_TEXT_BYTES) {
    replace(
      b.status,
      el(
        'span',
        { class: 'error' },
        `${f.name} is ${Math.round(f.size / 2 ** 20)} MB; at most ${MAX_CANDIDATE_TEXT_BYTES / 2 ** 20} MB of candidates is read for one question (up to ${MAX_PASTED_CANDIDATES}). For a whole benchmark, use Evaluate.`,
      ),
    );
    return;
  }
  b.origin = f.name;
  b.text.value = await f.text();
  b.checkedText = null;
  clearProblem(b);
  showBox(b);
  for (const l of b.inputListeners) l();
}
