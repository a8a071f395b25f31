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
import { el, replace } from '../ui/dom.ts';
import { readReplayFile } from './replay-file.ts';
import { demoReplay, type ReplaySet } from './replay-source.ts';
import { replayHas, setReplay, showSource, type SourceControls, sourceControls, sourceKind } from './source-controls.ts';
import type { VerifyPanel } from './verify-panel.ts';

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
  const s = sourceControls(live);
  const show = (): void => showSource(s);
  const set = (k: SourceKind): void => {
    s.select.value = k;
    show();
  };
  void demoReplay().then((r) => (r.ok ? setReplay(s, r.set) : replace(s.note, el('p', { class: 'error' }, r.message))));
  s.replayFile.addEventListener('change', () => readReplayFile(s));
  s.select.addEventListener('change', show);
  return {
    select: s.select,
    replayBox: s.replayBox,
    verify: s.verify,
    note: s.note,
    kind: () => sourceKind(s),
    set,
    show,
    replayHas: (db) => replayHas(s, db),
    generator: (db, none) => sourceGenerator(s, db, none),
    replay: () => s.replay,
    onReplay: (l) => void s.listeners.push(l),
    checkOwnSql() {
      set('verify');
      s.verify.focus();
      s.verify.element.scrollIntoView({ block: 'nearest' });
    },
  };
}

/** The chosen source's generator for `db`, or null once `none` (or, in verify mode, the box) has been told why. */
function sourceGenerator(s: SourceControls, db: OpenDatabase, none: NoCandidates): CandidateSource | null {
  const { live, verify, replay } = s;
  const k = sourceKind(s);
  if (k === 'verify') {
    const v = verify.source();
    if (!v.ok) {
      if (v.shown !== true) verify.showProblem(v.message); // under the box, where the person is
      return null;
    }
    return v.generator;
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
  if (!replayHas(s, db)) {
    none.offerAlternatives(
      `The replay file holds no questions for "${db.name}", and no live model is loaded. Paste SQL candidates for your question to have Confide check them, or run SQL yourself.`,
    );
    return null;
  }
  return replay.generator;
}
