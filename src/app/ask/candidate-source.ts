/**
 * Where Ask's candidates come from: a replayed candidate file (the bundled
 * demo file, or one the person loads), their own SQL in verify mode, or a
 * live model. Holds the choice, the replay file and the line that says where
 * the candidates come from, and gives the chosen source's generator for the
 * open database, or says why there is none.
 */
import type { CandidateSource, Verifier } from '../../core/pipeline/index.ts';
import type { ModelRequest } from '../../engines/llm/index.ts';
import type { OpenDatabase } from '../database/database.ts';
import { fileButton } from '../ui/file-button.ts';
import { el, replace } from '../ui/dom.ts';
import { readCandidatesOffThread } from '../files-client.ts';
import { foldLine } from '../ui/fold.ts';
import { demoReplay, replayFromRecords, type ReplaySet } from './replay-source.ts';
import { verifyPanel, type VerifyPanel } from './verify-panel.ts';

/** A live model, when one can run: its panel, its generator once loaded, its judge, settings and request costs. */
export interface LiveSource {
  readonly element: HTMLElement;
  generator(): CandidateSource | null;
  /** Why there is no generator, in a sentence. */
  whyNot(): string;
  judge(): Verifier | null;
  settings(): { n: number; temperature: number };
  /** Starts recording the model's requests; the returned function stops and gives them. */
  track(): () => readonly ModelRequest[];
}

export type SourceKind = 'replay' | 'verify' | 'live';

/** Where a source with nothing to give says so: an offer of what to do instead, or an error line. */
export interface NoCandidates {
  offerAlternatives(why: string): void;
  showError(message: string): void;
}

export interface CandidateSourcePicker {
  /** The "Candidates from" select. */
  readonly select: HTMLSelectElement;
  /** The input for another candidate file, shown while replaying. */
  readonly replayBox: HTMLElement;
  /** Verify mode's box for the person's own SQL. */
  readonly verify: VerifyPanel;
  /** Where the candidates come from, or that the replay file is loading or could not be read. */
  readonly note: HTMLElement;
  kind(): SourceKind;
  /** Chooses a source and shows its controls. */
  set(kind: SourceKind): void;
  /** Shows the chosen source's controls and its line. */
  show(): void;
  replay(): ReplaySet | null;
  /** Whether the replay file holds questions for `db`. */
  replayHas(db: OpenDatabase | null): boolean;
  /** Called after a replay file is loaded (the demo file, or one the person chose). */
  onReplay(listener: () => void): void;
  /** Switches to verify mode and brings its box into view, focused. */
  checkOwnSql(): void;
  /** The chosen source's generator for `db`, or null once `none` has been told why. */
  generator(db: OpenDatabase, none: NoCandidates): CandidateSource | null;
}

/**
 * Builds the source choice and starts loading the demo replay file.
 *
 * @example
 * const sources = candidateSourcePicker(deps.live);
 * sources.onReplay(() => chips.refresh());
 * const generator = sources.generator(db, { offerAlternatives, showError });
 */
export function candidateSourcePicker(live: LiveSource | undefined): CandidateSourcePicker {
  const select = el(
    'select',
    { id: 'ask-source' },
    el('option', { value: 'replay' }, 'Replay a candidate file'),
    el('option', { value: 'verify' }, 'Your own SQL (verify mode)'),
    el('option', { value: 'live' }, 'Live model (WebGPU)'),
  );
  const replayFile = el('input', { type: 'file', id: 'ask-replay-file', accept: '.jsonl,.json,application/x-ndjson' });
  const replayBox = el('div', {}, fileButton(replayFile, 'Load another candidate file…', 'ask-replay-file-button'), replayFile);
  const verify = verifyPanel();
  const note = el('div', { class: 'source-note', 'aria-live': 'polite' });
  const listeners: (() => void)[] = [];
  let replay: ReplaySet | null = null;

  const kind = (): SourceKind => select.value as SourceKind;
  const show = (): void => {
    const k = kind();
    replayBox.hidden = k !== 'replay';
    verify.element.hidden = k !== 'verify';
    if (live) live.element.hidden = k !== 'live';
    if (k === 'live')
      return replace(note, live ? '' : el('p', { class: 'notice' }, 'Live generation needs WebGPU and a downloaded model; it is not available in this build.'));
    if (k === 'verify') return replace(note);
    if (replay === null) return replace(note, el('p', { class: 'muted' }, 'Loading the replay file…'));
    // Folded into one line that opens on demand (fold.ts).
    replace(
      note,
      foldLine({
        id: 'replay-notice',
        kind: 'info',
        summary: [el('strong', {}, 'Replay: '), `candidates come from ${replay.origin}`],
        body: [
          el(
            'p',
            {},
            `Candidates come from ${replay.origin}`,
            replay.mutationMade ? ", made by Confide's own mutation generator from reference queries (not by a language model)" : '',
            '. Running the queries, the signals, the score and the decision happen for real in this browser. For other questions, check your own SQL (verify mode) or use a live model.',
          ),
        ],
      }),
    );
  };
  const set = (k: SourceKind): void => {
    select.value = k;
    show();
  };
  const replayHas = (db: OpenDatabase | null): boolean => db !== null && (replay?.records.some((r) => r.db_id === db.dbId) ?? false);
  const setReplay = (loaded: ReplaySet): void => {
    replay = loaded;
    show();
    for (const l of listeners) l();
  };

  void demoReplay().then((r) => (r.ok ? setReplay(r.set) : replace(note, el('p', { class: 'error' }, r.message))));
  // Read and parsed in the bench-files worker as a stream, as Evaluate reads it: the page never holds the file as one string.
  let reading: AbortController | null = null;
  replayFile.addEventListener('change', async () => {
    const f = replayFile.files?.[0];
    if (!f) return;
    reading?.abort();
    const mine = (reading = new AbortController());
    replace(note, el('p', { class: 'muted', id: 'replay-reading' }, `Reading ${f.name}…`));
    try {
      const records = await readCandidatesOffThread(f, {
        signal: mine.signal,
        onProgress: (done, total) =>
          mine.signal.aborted ||
          replace(note, el('p', { class: 'muted', id: 'replay-reading' }, `Reading ${f.name}: ${total > 0 ? Math.round((100 * done) / total) : 0}%…`)),
      });
      if (mine.signal.aborted) return;
      select.value = 'replay';
      setReplay(replayFromRecords(records, f.name));
    } catch (e) {
      if (mine.signal.aborted) return;
      replace(note, el('p', { class: 'error', role: 'alert' }, e instanceof Error ? e.message : String(e)));
    }
  });
  select.addEventListener('change', show);

  const generator = (db: OpenDatabase, none: NoCandidates): CandidateSource | null => {
    const k = kind();
    if (k === 'verify') {
      const s = verify.source();
      if (!s.ok) {
        if (s.shown !== true) verify.showProblem(s.message); // under the box, where the person is
        return null;
      }
      return s.generator;
    }
    if (k === 'live') {
      const g = live?.generator() ?? null;
      if (g === null) none.offerAlternatives(live?.whyNot() ?? 'Live generation needs WebGPU and a downloaded model; check SQL you already have instead.');
      return g;
    }
    if (replay === null) {
      none.showError('The replay file is not loaded yet.');
      return null;
    }
    if (!replayHas(db)) {
      none.offerAlternatives(
        `The replay file holds no questions for "${db.name}", and no live model is loaded. Paste SQL candidates for your question to have Confide check them, or run SQL yourself.`,
      );
      return null;
    }
    return replay.generator;
  };

  return {
    select,
    replayBox,
    verify,
    note,
    kind,
    set,
    show,
    replayHas,
    generator,
    replay: () => replay,
    onReplay: (l) => void listeners.push(l),
    checkOwnSql() {
      set('verify');
      verify.focus();
      verify.element.scrollIntoView({ block: 'nearest' });
    },
  };
}
