/**
 * The Ask screen: a question (with one-click examples and an optional hint),
 * where the candidates come from (a replayed file, your own SQL in verify
 * mode, or a live model), the risk control, then the pipeline's progress, its
 * decision and every candidate. Rendering only: the work is `runAsk` and
 * `decide` from src/core/pipeline. This file lays the screen out and wires its
 * parts: the candidate source (candidate-source.ts), the reward model
 * checkbox (orm-toggle.ts), one run (ask-run.ts) and the result area
 * (ask-result.ts).
 */
import { fixedCandidates, parseCandidateText, type AskResult, type CandidateSource, type Verifier } from '../../core/pipeline/index.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import type { DatabaseController } from '../database/database.ts';
import { el, replace } from '../ui/dom.ts';
import type { ProfileStore } from '../profiles/store.ts';
import { createProgress } from '../ui/progress.ts';
import { askResultArea } from './ask-result.ts';
import { askWithCosts } from './ask-run.ts';
import { candidateSourcePicker, type LiveSource } from './candidate-source.ts';
import { exampleChips } from './example-chips.ts';
import { ormToggle } from './orm-toggle.ts';
import { profileNote } from './profile-fit.ts';
import { keepQuestionDraft } from './question-draft.ts';
import { riskControl } from './risk-control.ts';
import { editedPool, poolText } from './edit-pool.ts';
import { keepVerifyDrafts } from './verify-draft.ts';

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

/**
 * Builds the Ask screen.
 *
 * @example panel.append(askView({ pool, dbs, profiles, openConsole: () => tabs.select('console') }));
 */
export function askView(deps: AskViewDeps): HTMLElement {
  const { pool, dbs, profiles } = deps;
  const question = el('textarea', { id: 'ask-question', rows: 2, required: true, placeholder: 'Type a question about the open database' });
  const evidence = el('input', { type: 'text', id: 'ask-evidence', placeholder: 'e.g. "expensive" means a price above 20' });
  const draft = keepQuestionDraft(question, evidence, dbs, () => void ask());
  const risk = riskControl();
  const sources = candidateSourcePicker(deps.live);
  const orm = ormToggle(deps.orm);
  /** "Edit and check again": the pool with the edit, through the same pipeline (in verify mode, by way of the box). */
  const recheck = (last: AskResult, index: number, sql: string): void => {
    const pool = editedPool(last, index, sql);
    if (sources.kind() !== 'verify') return void ask(fixedCandidates(pool));
    const read = parseCandidateText(sources.verify.text());
    sources.verify.setText(poolText(pool, read.ok && read.format === 'jsonl'), true);
    void ask();
  };
  const result = askResultArea({
    risk: () => risk.value(),
    checkOwnSql: sources.checkOwnSql,
    schema: () => dbs.current?.schema ?? null,
    ...(deps.openConsole ? { openConsole: deps.openConsole } : {}),
    edit: (last) => ({ recheck: (index, sql) => recheck(last, index, sql), schema: () => dbs.current?.schema ?? null }),
  });
  const progress = createProgress('Ask progress');
  const submit = el('button', { type: 'submit', class: 'primary', id: 'ask-submit' }, 'Ask');
  const profileBox = el('div', { 'aria-live': 'polite' });

  const chips = exampleChips({
    pool,
    dbs,
    replay: sources.replay,
    profile: () => profiles.active(),
    risk: () => risk.value(),
    verifiers: orm.verifiers,
    onPick(q) {
      question.value = q;
      if (sources.kind() !== 'replay') sources.set('replay');
      void ask();
    },
    onPlaceholder: (q) => (question.placeholder = q === null ? 'Type a question about the open database' : `e.g. ${q}`),
  });
  const showProfile = (): void => replace(profileBox, profileNote(profiles.active(), dbs.current));

  sources.onReplay(() => chips.refresh());
  dbs.onChange((db) => {
    result.clear();
    if (sources.kind() === 'replay' && sources.replay() !== null && !sources.replayHas(db)) sources.set('verify');
    showProfile();
    chips.refresh();
  });
  const draftNote = el('p', { class: 'muted', 'aria-live': 'polite' });
  keepVerifyDrafts(sources, dbs, draftNote);
  // The risk choices follow the pool: the box's distinct queries in verify mode, else the last Ask's.
  const poolNow = (): void => risk.setPool(sources.kind() === 'verify' ? sources.verify.poolSize() : null);
  sources.verify.onInput(poolNow);
  sources.select.addEventListener('change', poolNow);
  risk.onChange(() => {
    result.redecide();
    chips.relabel();
  });
  const syncProfile = (): void => {
    const p = profiles.active();
    orm.sync(p);
    showProfile();
    if (!p) return;
    risk.setProfile(p);
    result.profileChanged(p);
    chips.refresh();
  };
  profiles.onChange(syncProfile);
  syncProfile();

  /** One Ask; `given`: candidates to check instead of the chosen source's (an edited pool). */
  async function ask(given?: CandidateSource): Promise<void> {
    const db = dbs.current;
    const profile = profiles.active();
    result.clearMessages();
    const hint = draft.hintForAsk();
    draft.save();
    if (db === null) return result.showError('Open a database first.');
    if (profile === null) return result.showError('No calibration profile is available; import one under Profiles.');
    const generator = given ?? sources.generator(db, result);
    if (generator === null) return result.drop();
    submit.disabled = true;
    result.clearCosts();
    const { out, costs } = await askWithCosts({
      pool,
      db,
      profile,
      generator,
      progress,
      question: question.value.trim(),
      evidence: hint,
      live: sources.kind() === 'live' ? deps.live : undefined,
      verifiers: orm.verifiers(),
    });
    submit.disabled = false;
    if (costs !== null) result.showCosts(costs);
    if (dbs.current !== db) return progress.finish('The database changed; ask again.');
    progress.finish(!out.ok && out.error.code === 'ABORTED' ? 'Stopped.' : '');
    result.show(out, profile);
    if (out.ok) risk.setPool(out.result.candidates.length);
  }

  const form = el(
    'form',
    { class: 'ask-form', 'aria-labelledby': 'ask-heading' },
    el(
      'div',
      { class: 'fields' },
      el('label', { for: 'ask-question' }, 'Question'),
      el('div', { class: 'question-row' }, question, submit),
      draft.element,
      result.offer,
      sources.verify.element,
      chips.element,
      el('label', { for: 'ask-evidence' }, 'Evidence or hint (optional)'),
      evidence,
      draft.hintNote,
    ),
    el(
      'div',
      { class: 'controls' },
      risk.element,
      el('div', {}, el('label', { for: 'ask-source' }, 'Candidates from'), sources.select),
      sources.replayBox,
      orm.element,
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
  sources.show();
  return el(
    'section',
    { class: 'ask' },
    el('h2', { id: 'ask-heading' }, 'Ask'),
    form,
    el('div', { class: 'notes' }, profileBox, sources.note, draftNote),
    progress.element,
    result.errors,
    result.costs,
    result.decision,
    result.candidates,
  );
}
