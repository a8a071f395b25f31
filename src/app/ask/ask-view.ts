/**
 * The Ask screen: a question (and an optional hint), where the candidates
 * come from (replayed file or a live model), the risk control, then the
 * pipeline's progress, its decision and every candidate. Rendering only: the
 * work is `runAsk` and `decide` from src/core/pipeline.
 */
import { runAsk } from '../../core/pipeline/index.ts';
import { decide } from '../../core/pipeline/index.ts';
import type { AskResult, CandidateSource, Verifier } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import { createSignalRegistry, defaultSignals, verifierSignal } from '../../core/signals/index.ts';
import type { SqlPool } from '../../engines/sql/pool-types.ts';
import type { DatabaseController } from '../database.ts';
import { el, replace } from '../dom.ts';
import type { ProfileStore } from '../profiles/store.ts';
import { createProgress } from '../progress.ts';
import { candidatesView } from './candidates-view.ts';
import { decisionView } from './decision-view.ts';
import { demoReplay, replayFromText, type ReplaySet } from './replay-source.ts';
import { riskControl } from './risk-control.ts';

/** A live model, when one can run: its panel, its generator once loaded, its judge and settings. */
export interface LiveSource {
  readonly element: HTMLElement;
  generator(): CandidateSource | null;
  judge(): Verifier | null;
  settings(): { n: number; temperature: number };
}

export interface AskViewDeps {
  readonly pool: SqlPool;
  readonly dbs: DatabaseController;
  readonly profiles: ProfileStore;
  readonly live?: LiveSource;
  /** The outcome reward model, offered as an opt-in verifier. */
  readonly orm?: Verifier;
}

/** The default signals plus a verifier signal for each verifier and each one the profile uses. */
function registryFor(profile: CalibrationProfile, verifiers: readonly Verifier[]) {
  const registry = createSignalRegistry(defaultSignals());
  const names = new Set([...verifiers.map((v) => v.name), ...profile.signals.filter((s) => s === 'orm' || s === 'judge')]);
  for (const n of names) if (registry.get(n) === undefined) registry.register(verifierSignal(n));
  return registry;
}

/**
 * Builds the Ask screen.
 *
 * @example panel.append(askView({ pool, dbs, profiles }));
 */
export function askView(deps: AskViewDeps): HTMLElement {
  const { pool, dbs, profiles } = deps;
  const question = el('textarea', { id: 'ask-question', rows: 2, required: true, placeholder: 'e.g. How many customers are there?' });
  const evidence = el('input', { type: 'text', id: 'ask-evidence', placeholder: 'e.g. "expensive" means a price above 20' });
  const risk = riskControl();
  const source = el('select', { id: 'ask-source' },
    el('option', { value: 'replay' }, 'Replay a candidate file'),
    el('option', { value: 'live' }, 'Live model (WebGPU)'),
  );
  const replayFile = el('input', { type: 'file', id: 'ask-replay-file', accept: '.jsonl,.json,application/x-ndjson' });
  const sourceNote = el('div', { class: 'source-note', 'aria-live': 'polite' });
  const examples = el('div', { class: 'examples' });
  const progress = createProgress('Ask progress');
  const errorBox = el('div', { 'aria-live': 'assertive' });
  const decisionBox = el('div', { 'aria-live': 'polite' });
  const candidatesBox = el('div');
  const submit = el('button', { type: 'submit', class: 'primary' }, 'Ask');
  const useOrm = el('input', { type: 'checkbox', id: 'ask-orm' });
  const profileLine = el('p', { class: 'muted profile-line' });
  let replay: ReplaySet | null = null;
  let last: { result: AskResult; profile: CalibrationProfile } | null = null;

  const showSource = (): void => {
    const live = source.value === 'live';
    replayFile.closest('div')!.hidden = live;
    if (deps.live) deps.live.element.hidden = !live;
    if (live) {
      replace(sourceNote, deps.live ? '' : el('p', { class: 'notice' }, 'Live generation needs WebGPU and a downloaded model; it is not available in this build.'));
      return;
    }
    if (replay === null) return replace(sourceNote, el('p', { class: 'muted' }, 'Loading the replay file…'));
    replace(sourceNote, el('p', { class: 'notice', id: 'replay-notice' },
      el('strong', {}, 'Replay: '),
      `candidates come from ${replay.origin}`,
      replay.mutationMade ? ", made by Confide's own mutation generator from the gold SQL (not by a language model)" : '',
      '. Everything after generation (running the queries, the signals, the score and the decision) runs for real in this browser. A question that is not in the file needs live generation, which needs WebGPU.'));
  };
  const showExamples = (): void => {
    const db = dbs.current;
    const mine = replay?.records.filter((r) => db !== null && r.db_id === db.dbId) ?? [];
    if (mine.length === 0) return replace(examples);
    const pick = (q: string) => () => {
      question.value = q;
      question.focus();
    };
    replace(examples, el('details', {},
      el('summary', {}, `Questions in the replay file for this database (${mine.length})`),
      el('ul', {}, ...mine.map((r) => el('li', {}, el('button', { type: 'button', class: 'example', onclick: pick(r.question) }, r.question)))),
    ));
  };
  const setReplay = (set: ReplaySet): void => {
    replay = set;
    showSource();
    showExamples();
  };
  const renderDecision = (): void => {
    if (last === null) return;
    replace(decisionBox, decisionView(last.result, decide(last.result, last.profile, risk.value()), last.profile));
  };

  void demoReplay().then((r) => (r.ok ? setReplay(r.set) : replace(sourceNote, el('p', { class: 'error' }, r.message))));
  replayFile.addEventListener('change', async () => {
    const f = replayFile.files?.[0];
    if (!f) return;
    const r = replayFromText(await f.text(), f.name);
    if (r.ok) setReplay(r.set);
    else replace(sourceNote, el('p', { class: 'error', role: 'alert' }, r.message));
  });
  source.addEventListener('change', showSource);
  dbs.onChange(showExamples);
  risk.onChange(renderDecision);
  const syncProfile = (): void => {
    const p = profiles.active();
    if (!p) return replace(profileLine, 'No calibration profile: import one under Profiles.');
    risk.setProfile(p);
    const ece = Number.isFinite(p.provenance.ece) ? p.provenance.ece.toFixed(3) : 'n/a';
    replace(profileLine, `Calibration profile: "${p.name}", fit on ${p.provenance.data}; candidates from ${p.provenance.generator}; cross-fit ECE ${ece}. Change it under Profiles.`);
    if (last !== null && last.profile.name !== p.name) {
      last = null;
      replace(decisionBox, el('p', { class: 'muted' }, 'The calibration profile changed; ask again to use it.'));
    }
  };
  profiles.onChange(syncProfile);
  syncProfile();

  const ask = async (): Promise<void> => {
    const db = dbs.current;
    const profile = profiles.active();
    replace(errorBox);
    if (db === null) return replace(errorBox, el('p', { class: 'error', role: 'alert' }, 'Open a database first.'));
    if (profile === null) return replace(errorBox, el('p', { class: 'error', role: 'alert' }, 'No calibration profile is available; import one under Profiles.'));
    const generator = source.value === 'live' ? (deps.live?.generator() ?? null) : (replay?.generator ?? null);
    if (generator === null) {
      const why = source.value === 'live' ? 'Load a model first (it needs WebGPU), or switch to replay.' : 'The replay file is not loaded yet.';
      return replace(errorBox, el('p', { class: 'error', role: 'alert' }, why));
    }
    submit.disabled = true;
    const signal = progress.start('Asking');
    const live = source.value === 'live' ? deps.live : undefined;
    const judge = live?.judge() ?? null;
    const verifiers = [...(deps.orm && useOrm.checked ? [deps.orm] : []), ...(judge ? [judge] : [])];
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
        runMany: (sqls, o, onProgress) => pool.runMany(db.key, sqls, o, onProgress),
        normalizedSql: (sql) => pool.normalizedSql(db.key, sql),
        verifiers,
        registry: registryFor(profile, verifiers),
        profile,
      },
      { signal, onProgress: (p) => progress.update(p.progress, `${p.stage}: ${p.text}`) },
    );
    submit.disabled = false;
    if (!out.ok) {
      progress.finish(out.error.code === 'ABORTED' ? 'Stopped.' : '');
      last = null;
      replace(decisionBox);
      replace(candidatesBox);
      if (out.error.code !== 'ABORTED') replace(errorBox, el('p', { class: 'error', role: 'alert' }, el('strong', {}, out.error.code), ': ', out.error.message));
      return;
    }
    progress.finish('');
    if (out.result.verifierErrors.length > 0) {
      replace(errorBox, ...out.result.verifierErrors.map((v) => el('p', { class: 'notice', role: 'status' }, `The ${v.name} verifier did not score (${v.code}: ${v.message}); its signal counts as missing.`)));
    }
    last = { result: out.result, profile };
    renderDecision();
    replace(candidatesBox, candidatesView(out.result));
    decisionBox.querySelector('h3')?.setAttribute('tabindex', '-1');
    (decisionBox.querySelector('h3') as HTMLElement | null)?.focus();
  };

  const form = el('form', { class: 'ask-form', 'aria-labelledby': 'ask-heading' },
    el('div', { class: 'fields' },
      el('label', { for: 'ask-question' }, 'Question'), question,
      el('label', { for: 'ask-evidence' }, 'Evidence or hint (optional)'), evidence,
    ),
    el('div', { class: 'controls' },
      risk.element,
      el('div', {}, el('label', { for: 'ask-source' }, 'Candidates from'), source),
      el('div', {}, el('label', { for: 'ask-replay-file' }, 'Other candidate file (optional)'), replayFile),
      deps.orm ? el('div', { class: 'check' }, el('span', {}, useOrm, ' ', el('label', { for: 'ask-orm' }, 'Also score with the outcome reward model')), el('span', { class: 'muted' }, 'Runs in a worker; what the bundled model was trained on and how well it does is in its model card, models/README.md.')) : null,
      submit,
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (question.value.trim() === '') return question.focus();
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
    sourceNote,
    deps.live?.element ?? null,
    examples,
    progress.element,
    errorBox,
    decisionBox,
    candidatesBox,
  );
}
