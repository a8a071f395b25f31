/**
 * The Ask screen: a question (with one-click examples and an optional hint),
 * where the candidates come from (a replayed file, your own SQL in verify
 * mode, or a live model), the risk control, then the pipeline's progress, its
 * decision and every candidate. Rendering only: the work is `runAsk` and
 * `decide` from src/core/pipeline.
 */
import { askRegistry, runAsk } from '../../core/pipeline/index.ts';
import { decide } from '../../core/pipeline/index.ts';
import type { AskResult, AskStage, CandidateSource, Verifier } from '../../core/pipeline/index.ts';
import { profileSignals, type CalibrationProfile } from '../../core/profile.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import type { ModelRequest } from '../../engines/llm/index.ts';
import type { DatabaseController, OpenDatabase } from '../database.ts';
import { el, replace } from '../dom.ts';
import type { ProfileStore } from '../profiles/store.ts';
import { createProgress } from '../progress.ts';
import { askCosts, type StageSeconds } from './ask-costs.ts';
import { candidatesView } from './candidates-view.ts';
import { decisionView } from './decision-view.ts';
import { exampleChips } from './example-chips.ts';
import { profileFitNotice } from './profile-fit.ts';
import { keepQuestionDraft } from './question-draft.ts';
import { readCandidatesOffThread } from '../evaluate/bench-source.ts';
import { demoReplay, replayFromRecords, type ReplaySet } from './replay-source.ts';
import { riskControl } from './risk-control.ts';
import { verifyPanel } from './verify-panel.ts';
import { dismissibleNote } from '../notices.ts';

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

export interface AskViewDeps {
  readonly pool: SqlPool;
  readonly dbs: DatabaseController;
  readonly profiles: ProfileStore;
  readonly live?: LiveSource;
  /** The outcome reward model, offered as an opt-in verifier, with the panel that names and changes the model. */
  readonly orm?: { readonly verifier: Verifier; readonly panel: HTMLElement };
  /** Shows the SQL console (offered when Ask has no candidates). */
  readonly openConsole?: () => void;
}

type SourceKind = 'replay' | 'verify' | 'live';

/** Seconds in each stage, from when each was first reported to when the next one (or the Ask) began. */
function stageSeconds(starts: ReadonlyMap<AskStage, number>, end: number): StageSeconds {
  const order: AskStage[] = ['generate', 'execute', 'verify', 'signals'];
  const out: Partial<Record<AskStage, number>> = {};
  order.forEach((stage, i) => {
    const from = starts.get(stage);
    if (from === undefined) return;
    const next = order.slice(i + 1).map((s) => starts.get(s)).find((t) => t !== undefined) ?? end;
    out[stage] = (next - from) / 1000;
  });
  return out;
}

/**
 * Builds the Ask screen.
 *
 * @example panel.append(askView({ pool, dbs, profiles, openConsole: () => tabs.select('console') }));
 */
export function askView(deps: AskViewDeps): HTMLElement {
  const { pool, dbs, profiles } = deps;
  const question = el('textarea', { id: 'ask-question', rows: 2, required: true, placeholder: 'Type a question about the open database' });
  const evidence = el('input', { type: 'text', id: 'ask-evidence', placeholder: 'e.g. "expensive" means a price above 20' });
  const draft = keepQuestionDraft(question, evidence, dbs);
  const risk = riskControl();
  const source = el('select', { id: 'ask-source' },
    el('option', { value: 'replay' }, 'Replay a candidate file'),
    el('option', { value: 'verify' }, 'Your own SQL (verify mode)'),
    el('option', { value: 'live' }, 'Live model (WebGPU)'),
  );
  const replayFile = el('input', { type: 'file', id: 'ask-replay-file', accept: '.jsonl,.json,application/x-ndjson' });
  const replayBox = el('div', {}, el('label', { for: 'ask-replay-file' }, 'Other candidate file (optional)'), replayFile);
  const verify = verifyPanel();
  const sourceNote = el('div', { class: 'source-note', 'aria-live': 'polite' });
  const progress = createProgress('Ask progress');
  const offer = el('div', { id: 'ask-offer', 'aria-live': 'assertive' });
  const errorBox = el('div', { 'aria-live': 'assertive' });
  const decisionBox = el('div', { 'aria-live': 'polite' });
  const candidatesBox = el('div');
  const costsBox = el('div', { 'aria-live': 'polite' });
  const submit = el('button', { type: 'submit', class: 'primary', id: 'ask-submit' }, 'Ask');
  const useOrm = el('input', { type: 'checkbox', id: 'ask-orm' });
  /** The profile the checkbox's default was last set for. */
  let ormProfile: string | null = null;
  const ormNote = el('span', { class: 'muted', id: 'ask-orm-note' });
  const profileLine = el('p', { class: 'muted profile-line' });
  const fitNotice = el('div', { 'aria-live': 'polite' });
  let replay: ReplaySet | null = null;
  let last: { result: AskResult; profile: CalibrationProfile } | null = null;

  const kind = (): SourceKind => source.value as SourceKind;
  const clearResult = (): void => {
    last = null;
    replace(offer);
    replace(errorBox);
    replace(decisionBox);
    replace(candidatesBox);
    replace(costsBox);
  };
  const chips = exampleChips({
    pool, dbs,
    replay: () => replay,
    profile: () => profiles.active(),
    risk: () => risk.value(),
    verifiers: () => (deps.orm && useOrm.checked ? [deps.orm.verifier] : []),
    onPick(q) {
      question.value = q;
      if (kind() !== 'replay') setSource('replay');
      void ask();
    },
    onPlaceholder: (q) => (question.placeholder = q === null ? 'Type a question about the open database' : `e.g. ${q}`),
  });

  const showSource = (): void => {
    const k = kind();
    replayBox.hidden = k !== 'replay';
    verify.element.hidden = k !== 'verify';
    if (deps.live) deps.live.element.hidden = k !== 'live';
    if (k === 'live') return replace(sourceNote, deps.live ? '' : el('p', { class: 'notice' }, 'Live generation needs WebGPU and a downloaded model; it is not available in this build.'));
    if (k === 'verify') return replace(sourceNote);
    if (replay === null) return replace(sourceNote, el('p', { class: 'muted' }, 'Loading the replay file…'));
    // Information, read once: "Got it" leaves one muted line (notices.ts).
    const note = dismissibleNote({ key: `replay:${replay.origin}`, kind: 'info', id: 'replay-notice', onDismiss: () => (showSource(), question.focus()) },
      el('strong', {}, 'Replay: '),
      `candidates come from ${replay.origin}`,
      replay.mutationMade ? ", made by Confide's own mutation generator from reference queries (not by a language model)" : '',
      '. Running the queries, the signals, the score and the decision happen for real in this browser. For other questions, check your own SQL (verify mode) or use a live model.');
    replace(sourceNote, note ?? el('p', { class: 'muted', id: 'replay-line' }, `Candidates are replayed from ${replay.origin}.`));
  };
  const setSource = (k: SourceKind): void => {
    source.value = k;
    showSource();
  };
  const replayHas = (db: OpenDatabase | null): boolean => db !== null && (replay?.records.some((r) => r.db_id === db.dbId) ?? false);
  const setReplay = (set: ReplaySet): void => {
    replay = set;
    showSource();
    chips.refresh();
  };
  const renderDecision = (): void => {
    if (last === null) return;
    replace(decisionBox, decisionView(last.result, decide(last.result, last.profile, risk.value()), last.profile));
  };
  const syncOrmNote = (): void => {
    const p = profiles.active();
    const used = p !== null && profileSignals(p).some((s) => s === 'orm' || s === 'orm_sql');
    if (p !== null && p.name !== ormProfile) {
      // On by default when the profile reads it (a single pasted query is judged by it); the person may turn it off.
      ormProfile = p.name;
      useOrm.checked = used;
    }
    replace(ormNote, used
      ? `Profile "${p!.name}" reads this score (for a single query it is the main signal); turned off, P(correct) is estimated without it. Runs in a worker (onnxruntime, about 27 MB, downloaded once from this site).`
      : `The active profile does not use this score, so it will not change P(correct); it is shown for each candidate. To use it, run Evaluate with the reward model on and save that profile.`);
  };
  const showFit = (): void => replace(fitNotice, profileFitNotice(profiles.active(), dbs.current, () => (showFit(), question.focus())));

  void demoReplay().then((r) => (r.ok ? setReplay(r.set) : replace(sourceNote, el('p', { class: 'error' }, r.message))));
  // Read and parsed in the bench-files worker as a stream, as Evaluate reads it: the page never holds the file as one string.
  let reading: AbortController | null = null;
  replayFile.addEventListener('change', async () => {
    const f = replayFile.files?.[0];
    if (!f) return;
    reading?.abort();
    const mine = (reading = new AbortController());
    replace(sourceNote, el('p', { class: 'muted', id: 'replay-reading' }, `Reading ${f.name}…`));
    try {
      const records = await readCandidatesOffThread(f, {
        signal: mine.signal,
        onProgress: (done, total) => mine.signal.aborted || replace(sourceNote, el('p', { class: 'muted', id: 'replay-reading' }, `Reading ${f.name}: ${total > 0 ? Math.round((100 * done) / total) : 0}%…`)),
      });
      if (mine.signal.aborted) return;
      source.value = 'replay';
      setReplay(replayFromRecords(records, f.name));
    } catch (e) {
      if (mine.signal.aborted) return;
      replace(sourceNote, el('p', { class: 'error', role: 'alert' }, e instanceof Error ? e.message : String(e)));
    }
  });
  source.addEventListener('change', showSource);
  dbs.onChange((db) => {
    clearResult();
    if (kind() === 'replay' && replay !== null && !replayHas(db)) setSource('verify');
    showFit();
    chips.refresh();
  });
  risk.onChange(() => {
    renderDecision();
    chips.relabel();
  });
  const syncProfile = (): void => {
    const p = profiles.active();
    syncOrmNote();
    showFit();
    if (!p) return replace(profileLine, 'No calibration profile: import one under Profiles.');
    risk.setProfile(p);
    replace(profileLine, `Calibration profile: "${p.name}" (change it under Profiles).`);
    if (last !== null && last.profile.name !== p.name) {
      last = null;
      replace(decisionBox, el('p', { class: 'muted' }, 'The calibration profile changed; ask again to use it.'));
    }
    chips.refresh();
  };
  profiles.onChange(syncProfile);
  syncProfile();

  /** Shows, next to the Ask button, what to do when there are no candidates, and scrolls to it. */
  const offerAlternatives = (why: string): void => {
    replace(offer, el('div', { class: 'notice offer', role: 'alert' },
      el('p', {}, why),
      el('div', { class: 'row' },
        el('button', { type: 'button', class: 'primary', id: 'offer-verify', onclick: () => {
          replace(offer);
          setSource('verify');
          verify.focus();
          verify.element.scrollIntoView({ block: 'nearest' });
        } }, 'Check your own SQL for this question'),
        deps.openConsole ? el('button', { type: 'button', id: 'offer-console', onclick: deps.openConsole }, 'Open the SQL console') : null,
      ),
    ));
    offer.scrollIntoView({ block: 'nearest' });
  };

  const pickGenerator = (db: OpenDatabase): CandidateSource | null => {
    const k = kind();
    if (k === 'verify') {
      const s = verify.source();
      if (!s.ok) {
        verify.showProblem(s.message); // under the box, where the person is
        return null;
      }
      return s.generator;
    }
    if (k === 'live') {
      const g = deps.live?.generator() ?? null;
      if (g === null) offerAlternatives(deps.live?.whyNot() ?? 'Live generation needs WebGPU and a downloaded model; check SQL you already have instead.');
      return g;
    }
    if (replay === null) {
      replace(errorBox, el('p', { class: 'error', role: 'alert' }, 'The replay file is not loaded yet.'));
      return null;
    }
    if (!replayHas(db)) {
      offerAlternatives(`The replay file holds no questions for "${db.name}", and no live model is loaded. Paste SQL candidates for your question to have Confide check them, or run SQL yourself.`);
      return null;
    }
    return replay.generator;
  };

  async function ask(): Promise<void> {
    const db = dbs.current;
    const profile = profiles.active();
    replace(errorBox);
    replace(offer);
    draft.save();
    if (db === null) return replace(errorBox, el('p', { class: 'error', role: 'alert' }, 'Open a database first.'));
    if (profile === null) return replace(errorBox, el('p', { class: 'error', role: 'alert' }, 'No calibration profile is available; import one under Profiles.'));
    const generator = pickGenerator(db);
    if (generator === null) {
      last = null;
      replace(decisionBox);
      replace(candidatesBox);
      return;
    }
    submit.disabled = true;
    replace(costsBox);
    const signal = progress.start('Asking');
    const live = kind() === 'live' ? deps.live : undefined;
    const judge = live?.judge() ?? null;
    const requests = live?.track();
    const began = performance.now();
    const stageStart = new Map<AskStage, number>();
    const verifiers = [...(deps.orm && useOrm.checked ? [deps.orm.verifier] : []), ...(judge ? [judge] : [])];
    const out = await runAsk(
      {
        question: question.value.trim(),
        ...(evidence.value.trim() ? { evidence: evidence.value.trim() } : {}),
        schema: db.schema,
        dbId: db.dbId,
        ...(live ? { n: live.settings().n, temperature: live.settings().temperature, seed: 1 } : {}),
      },
      {
        generator,
        runMany: (sqls, o, onProgress) => {
          // The execute stage begins here: runAsk reports its first progress only once queries finish.
          if (!stageStart.has('execute')) stageStart.set('execute', performance.now());
          return pool.runMany(db.key, sqls, o, onProgress);
        },
        verifiers,
        registry: askRegistry(profile, verifiers.map((v) => v.name)),
        profile,
      },
      {
        signal,
        onProgress: (p) => {
          if (!stageStart.has(p.stage)) stageStart.set(p.stage, performance.now());
          progress.update(p.progress, `${p.stage}: ${p.text}`);
        },
      },
    );
    submit.disabled = false;
    if (requests) replace(costsBox, askCosts(stageSeconds(stageStart, performance.now()), requests(), (performance.now() - began) / 1000));
    if (dbs.current !== db) return progress.finish('The database changed; ask again.');
    if (!out.ok) {
      progress.finish(out.error.code === 'ABORTED' ? 'Stopped.' : '');
      last = null;
      replace(decisionBox);
      replace(candidatesBox);
      if (out.error.code === 'NOT_IN_REPLAY') offerAlternatives(`The replay file holds no candidates for this question, and no live model is loaded. Paste SQL candidates for it to have Confide check them, or run SQL yourself.`);
      else if (out.error.code !== 'ABORTED') replace(errorBox, el('p', { class: 'error', role: 'alert' }, out.error.message, ' ', el('span', { class: 'muted code' }, `(${out.error.code})`)));
      return;
    }
    progress.finish('');
    if (out.result.verifierErrors.length > 0) {
      replace(errorBox, ...out.result.verifierErrors.map((v) => el('p', { class: 'notice', role: 'status' }, `The ${v.name} verifier did not score: ${v.message} (${v.code}). Its signal counts as missing.`)));
    }
    last = { result: out.result, profile };
    renderDecision();
    replace(candidatesBox, candidatesView(out.result));
    decisionBox.querySelector('h3')?.setAttribute('tabindex', '-1');
    (decisionBox.querySelector('h3') as HTMLElement | null)?.focus();
  }

  const form = el('form', { class: 'ask-form', 'aria-labelledby': 'ask-heading' },
    el('div', { class: 'fields' },
      el('label', { for: 'ask-question' }, 'Question'),
      el('div', { class: 'question-row' }, question, submit),
      draft.element,
      offer,
      verify.element,
      chips.element,
      el('label', { for: 'ask-evidence' }, 'Evidence or hint (optional)'), evidence,
    ),
    el('div', { class: 'controls' },
      risk.element,
      el('div', {}, el('label', { for: 'ask-source' }, 'Candidates from'), source),
      replayBox,
      deps.orm ? el('div', { class: 'check' }, el('span', {}, useOrm, ' ', el('label', { for: 'ask-orm' }, 'Score with the outcome reward model')), ormNote, deps.orm.panel) : null,
      deps.live?.element ?? null,
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (question.value.trim() === '') {
      const example = question.placeholder.startsWith('e.g. ') ? question.placeholder.slice(5) : '';
      if (example === '') return question.focus();
      question.value = example;
    }
    void ask();
  });
  question.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  showSource();
  return el('section', { class: 'ask' },
    el('h2', { id: 'ask-heading' }, 'Ask'),
    form,
    profileLine,
    fitNotice,
    sourceNote,
    progress.element,
    errorBox,
    costsBox,
    decisionBox,
    candidatesBox,
  );
}
