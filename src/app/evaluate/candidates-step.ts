/**
 * Evaluate's step 2: the candidates to evaluate, from a candidate file (read
 * off the main thread), the demo replay file, or a resumable live-model run
 * (generation-panel.ts), with a line saying what was read (or why nothing
 * was). The file on screen is always the one a run uses.
 */
import { tryParseCandidateFile } from '../../core/bench/index.ts';
import type { QuestionRecord } from '../../core/bench/index.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { DEMO_CANDIDATES_URL } from '../ask/replay-source.ts';
import { el, replace } from '../ui/dom.ts';
import { fileButton } from '../ui/file-button.ts';
import { plural } from '../ui/format.ts';
import type { ProgressView } from '../ui/progress.ts';
import { readCandidatesOffThread } from '../files-client.ts';
import type { LoadedBench } from './bench-source.ts';
import { generationPanel } from './generation-panel.ts';
import type { LiveGeneratorSource } from './generation-types.ts';

const errorLine = (message: string): HTMLElement => el('p', { class: 'error', role: 'alert' }, message);

/** Candidate records and where they came from (a file name, or the demo or a live run). */
export interface Candidates {
  readonly records: QuestionRecord[];
  readonly origin: string;
}

export interface CandidatesStep {
  /** The step's fieldset. */
  readonly element: HTMLElement;
  /** The candidates in, or null while none are (or a file is being read). */
  current(): Candidates | null;
}

export interface CandidatesStepDeps {
  readonly sqlPool: SqlPool;
  readonly live?: LiveGeneratorSource;
  /** The benchmark of step 1 (a live run generates for its questions). */
  bench(): LoadedBench | null;
  /**
   * Where reading a candidate file shows: this step's own line, so that
   * loading candidates while step 1 still reads the benchmark stops neither.
   */
  readonly loading: ProgressView;
  /** Called whenever the candidates are let go or new ones are in. */
  onChange(): void;
}

/** The step's status line and the candidates in; its parts read and set it as one closure would. */
interface CandidatesParts {
  readonly deps: CandidatesStepDeps;
  readonly status: HTMLDivElement;
  candidates: Candidates | null;
}

/**
 * Builds step 2.
 *
 * @example const candidates = candidatesStep({ sqlPool, bench: bench.current, loading, onChange: refresh });
 */
export function candidatesStep(deps: CandidatesStepDeps): CandidatesStep {
  const c: CandidatesParts = { deps, status: el('div', { class: 'cand-status', 'aria-live': 'polite' }), candidates: null };
  const input = el('input', { type: 'file', id: 'eval-candidates', accept: '.jsonl,.json,application/x-ndjson', class: 'visually-hidden' });
  input.addEventListener('change', () => readFile(c, input));
  const demo = el('button', { type: 'button' }, 'Use the demo replay candidates');
  demo.addEventListener('click', async () => {
    const r = await fetch(new URL(DEMO_CANDIDATES_URL, document.baseURI));
    if (r.ok) setCandidates(c, await r.text(), 'demo candidates (mutation generator)');
    else replace(c.status, errorLine(`The demo candidate file could not be loaded (HTTP ${r.status}).`));
  });
  const generation = generationPanel({
    sqlPool: deps.sqlPool,
    ...(deps.live ? { live: deps.live } : {}),
    bench: deps.bench,
    onRecords: (records, origin) => {
      c.candidates = { records, origin };
      replace(c.status, el('p', { id: 'cand-summary' }, `${origin}: ${plural(records.length, 'question')} with candidates.`));
      deps.onChange();
    },
  });
  return {
    current: () => c.candidates,
    element: el(
      'fieldset',
      {},
      el('legend', {}, '2. Candidates'),
      el('div', { class: 'row' }, fileButton(input, 'Load a candidate file…'), input, demo),
      deps.loading.element,
      generation,
      c.status,
    ),
  };
}

/** Takes read candidate records, or says why a file holds none. */
function showCandidates(c: CandidatesParts, records: QuestionRecord[], origin: string): void {
  if (records.length === 0) {
    c.candidates = null;
    replace(c.status, errorLine(`${origin} holds no questions: a candidate file has one JSON line per question, with "candidates".`));
    return c.deps.onChange();
  }
  c.candidates = { records, origin };
  replace(
    c.status,
    el(
      'p',
      { id: 'cand-summary' },
      `${origin}: ${plural(records.length, 'question')}, ${plural(
        records.reduce((s, x) => s + x.candidates.length, 0),
        'candidate',
      )}.`,
    ),
  );
  c.deps.onChange();
}

/** Parses a candidate file's text and takes its records, or says why it cannot. */
function setCandidates(c: CandidatesParts, text: string, origin: string): void {
  const r = tryParseCandidateFile(text, origin);
  if (!r.ok) {
    c.candidates = null;
    replace(c.status, errorLine(r.error.message));
    return c.deps.onChange();
  }
  showCandidates(c, r.records, origin);
}

/** Reads the chosen file off the main thread, the previous candidates let go at once (the file on screen is the one a run uses). */
async function readFile(c: CandidatesParts, input: HTMLInputElement): Promise<void> {
  const { loading, onChange } = c.deps;
  const f = input.files?.[0];
  if (!f) return;
  c.candidates = null;
  replace(c.status, el('p', { class: 'muted' }, `Reading ${f.name}…`));
  onChange();
  const signal = loading.start(`Reading ${f.name}`);
  try {
    const records = await readCandidatesOffThread(f, {
      signal,
      onProgress: (done, total) => loading.update(total > 0 ? done / total : null, `${plural(Math.round(done / 2 ** 20), 'MB')} read`),
    });
    loading.finish('');
    showCandidates(c, records, f.name);
  } catch (e) {
    loading.finish(signal.aborted ? 'Stopped.' : '');
    c.candidates = null;
    replace(c.status, errorLine(signal.aborted ? `Reading ${f.name} was stopped.` : e instanceof Error ? e.message : String(e)));
    onChange();
  }
}
