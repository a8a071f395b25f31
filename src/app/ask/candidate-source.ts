/**
 * Where Ask's candidates come from: a replayed candidate file (the bundled
 * demo file, or one the person loads), their own SQL in verify mode, or a
 * live model. Holds the choice, the replay file and the line that says where
 * the candidates come from, and gives the chosen source's generator for the
 * open database, or says why there is none.
 */
import type { CandidateGenerator } from '../../core/pipeline/index.ts';
import type { OpenDatabase } from '../database/database.ts';
import { el, replace } from '../ui/dom.ts';
import { readReplayFile } from './replay-file.ts';
import { demoReplay } from './replay-source.ts';
import { replayHas, setReplay, showSource, type SourceControls, sourceControls, sourceKind } from './source-controls.ts';
import type { CandidateSourcePicker, LiveSource, NoCandidates, SourceKind } from './source-types.ts';

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
function sourceGenerator(s: SourceControls, db: OpenDatabase, none: NoCandidates): CandidateGenerator | null {
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
