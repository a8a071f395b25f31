import { el, replace } from '../ui/dom.ts';
import { createProgress } from '../ui/progress.ts';
import { askForm, askSection } from './ask-form.ts';
import { askOnce, recheck } from './ask-once.ts';
import type { AskParts, AskViewDeps } from './ask-parts.ts';
import { askResultArea } from './ask-result.ts';
import { candidateSourcePicker } from './candidate-source.ts';
import { type ExampleChips, exampleChips } from './example-chips.ts';
import { tickedVerifiers, verifierToggle } from './verifier-toggle.ts';
import { profileNote } from './profile-fit.ts';
import { keepQuestionDraft } from './question-draft.ts';
import { riskControl } from './risk-control.ts';
import { keepVerifyDrafts } from './verify-draft.ts';

export type { AskViewDeps } from './ask-parts.ts';

/**
 * Builds the Ask screen.
 *
 * @example panel.append(askView({ sqlPool, dbs, profiles, openConsole: () => tabs.select('console') }));
 */
export function askView(deps: AskViewDeps): HTMLElement {
  const { dbs } = deps;
  const question = el('textarea', { id: 'ask-question', rows: 2, required: true, placeholder: 'Type a question about the open database' });
  const evidence = el('input', { type: 'text', id: 'ask-evidence', placeholder: 'e.g. "expensive" means a price above 20' });
  const draft = keepQuestionDraft(question, evidence, dbs, () => void askOnce(p));
  const risk = riskControl();
  const sources = candidateSourcePicker(deps.live);
  const toggles = (deps.switchable ?? []).map(verifierToggle);
  const result = askResultArea({
    risk: () => risk.value(),
    checkOwnSql: sources.checkOwnSql,
    schema: () => dbs.current?.schema ?? null,
    ...(deps.openConsole ? { openConsole: deps.openConsole } : {}),
    edit: (last) => ({ recheck: (index, sql) => recheck(p, last, index, sql), schema: () => dbs.current?.schema ?? null }),
  });
  const progress = createProgress('Ask progress');
  const submit = el('button', { type: 'submit', class: 'primary', id: 'ask-submit' }, 'Ask');
  const p: AskParts = { deps, question, draft, risk, sources, toggles, result, progress, submit };
  const profileBox = el('div', { 'aria-live': 'polite' });
  const chips = askChips(p);
  const draftNote = el('p', { class: 'muted', 'aria-live': 'polite' });
  wireAsk(p, chips, profileBox, draftNote);
  const form = askForm(p, evidence, chips, () => void askOnce(p));
  sources.show();
  return askSection(p, form, profileBox, draftNote);
}

/** The example chips: a pick fills the question, switches to replayed candidates and asks. */
function askChips(p: AskParts): ExampleChips {
  const { deps, question, sources } = p;
  return exampleChips({
    sqlPool: deps.sqlPool,
    dbs: deps.dbs,
    replay: sources.replay,
    profile: () => deps.profiles.active(),
    risk: () => p.risk.value(),
    verifiers: () => tickedVerifiers(p.toggles),
    onPick(q) {
      question.value = q;
      if (sources.kind() !== 'replay') sources.set('replay');
      void askOnce(p);
    },
    onPlaceholder: (q) => (question.placeholder = q === null ? 'Type a question about the open database' : `e.g. ${q}`),
  });
}

/** What follows what: another database (results cleared, chips and profile note renewed), the verify drafts, the pool's size, the risk, the active profile. */
function wireAsk(p: AskParts, chips: ExampleChips, profileBox: HTMLElement, draftNote: HTMLElement): void {
  const { deps, sources, risk, result } = p;
  const { dbs, profiles } = deps;
  const showProfile = (): void => replace(profileBox, profileNote(profiles.active(), dbs.current));
  sources.onReplay(() => chips.refresh());
  dbs.onChange((db) => {
    result.clear();
    if (sources.kind() === 'replay' && sources.replay() !== null && !sources.replayHas(db)) sources.set('verify');
    showProfile();
    chips.refresh();
  });
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
    const active = profiles.active();
    for (const t of p.toggles) t.sync(active);
    showProfile();
    if (!active) return;
    risk.setProfile(active);
    result.profileChanged(active);
    chips.refresh();
  };
  profiles.onChange(syncProfile);
  syncProfile();
}
