/**
 * Evaluate's step 3: the run's settings (the labels' rule, bootstrap
 * resamples, seed, cross-fit folds, the reward model), the Run button with a
 * line saying what it waits for, the run's progress, and the output below the
 * steps where the report (or why there is none) appears. The run itself is
 * run-evaluation.ts.
 */
import type { SqlPool } from '../../engines/sql/index.ts';
import { ormModelLine } from '../orm/model-panel.ts';
import type { OrmClient } from '../orm/orm-client.ts';
import type { ProfileStore } from '../profiles/store.ts';
import { el, replace } from '../ui/dom.ts';
import { createProgress, type ProgressView } from '../ui/progress.ts';
import type { LoadedBench } from './bench-source.ts';
import type { Candidates } from './candidates-step.ts';
import { runEvaluation } from './run-evaluation.ts';
import { type RunSettingsForm, runSettingsForm, sayRule, settingsOf } from './run-settings.ts';

export { DEFAULT_BOOTSTRAP } from './run-settings.ts';

const errorLine = (message: string): HTMLElement => el('p', { class: 'error', role: 'alert' }, message);

/**
 * What the Run button waits for, or that it is ready.
 *
 * @example runWaitsFor(false, true, false); // 'Waiting for a benchmark (step 1).'
 */
function runWaitsFor(hasBench: boolean, hasCandidates: boolean, running: boolean): string {
  if (running) return 'Running: see the progress below.';
  if (!hasBench && !hasCandidates) return 'Waiting for a benchmark (step 1) and candidates (step 2).';
  if (!hasBench) return 'Waiting for a benchmark (step 1).';
  if (!hasCandidates) return 'Waiting for candidates (step 2).';
  return 'Ready to run.';
}

export interface RunStep {
  /** The step's fieldset. */
  readonly element: HTMLElement;
  /** Where the report, or why there is none, appears. */
  readonly out: HTMLElement;
  /** Turns the Run button on once a benchmark and candidates are in, and says what it waits for. */
  refresh(): void;
}

export interface RunStepDeps {
  readonly sqlPool: SqlPool;
  readonly profiles: ProfileStore;
  /** The outcome reward model, offered as an opt-in `orm` signal. */
  readonly orm?: OrmClient;
  bench(): LoadedBench | null;
  candidates(): Candidates | null;
}

/** Step 3's controls and whether a run is going; its parts read and set it as one closure would. */
interface RunControls {
  readonly deps: RunStepDeps;
  readonly runButton: HTMLButtonElement;
  readonly runHint: HTMLParagraphElement;
  readonly progress: ProgressView;
  readonly out: HTMLDivElement;
  readonly form: RunSettingsForm;
  running: boolean;
}

/**
 * Builds step 3 and its output.
 *
 * @example const run = runStep({ sqlPool, profiles, bench: bench.current, candidates: candidates.current }); run.refresh();
 */
export function runStep(deps: RunStepDeps): RunStep {
  const runButton = el('button', { type: 'button', class: 'primary', id: 'eval-run', disabled: true }, 'Run the evaluation');
  const runHint = el('p', { class: 'muted run-hint', id: 'eval-run-hint', 'aria-live': 'polite' });
  runButton.setAttribute('aria-describedby', 'eval-run-hint');
  const progress = createProgress('Evaluation progress');
  const out = el('div', { class: 'eval-out' });
  const c: RunControls = { deps, runButton, runHint, progress, out, form: runSettingsForm(), running: false };
  runButton.addEventListener('click', () => runOnce(c));
  return { out, refresh: () => refresh(c), element: runFieldset(c) };
}

/** Sets the rule to the benchmark's own (until the person picks one), and turns Run on once a benchmark and candidates are in, saying what it waits for. */
function refresh(c: RunControls): void {
  const { form, deps } = c;
  const bench = deps.bench();
  const candidates = deps.candidates();
  if (!form.rulePicked && bench !== null) form.rule.value = bench.layout === 'bird' ? 'bird' : 'spider';
  sayRule(form);
  c.runButton.disabled = c.running || bench === null || candidates === null;
  replace(c.runHint, runWaitsFor(bench !== null, candidates !== null, c.running));
}

/** One run: its report (or why there is none) in the output; Run is off meanwhile. */
async function runOnce(c: RunControls): Promise<void> {
  const { deps, out, progress, form } = c;
  const bench = deps.bench();
  const candidates = deps.candidates();
  if (!bench || !candidates) return;
  c.running = true;
  refresh(c);
  replace(out);
  const signal = progress.start('Evaluating');
  try {
    replace(
      out,
      await runEvaluation({
        sqlPool: deps.sqlPool,
        profiles: deps.profiles,
        bench,
        candidates,
        progress,
        signal,
        orm: () => (deps.orm && form.useOrm.checked ? deps.orm : null),
        settings: () => settingsOf(form),
      }),
    );
  } catch (e) {
    progress.finish(signal.aborted ? 'Stopped.' : '');
    if (!signal.aborted) replace(out, errorLine(e instanceof Error ? e.message : String(e)));
  } finally {
    c.running = false;
    refresh(c);
  }
}

/** The step's fieldset: the rule and its line, the settings and Run, what Run waits for, the reward model's checkbox, progress. */
function runFieldset(c: RunControls): HTMLElement {
  const { form, deps } = c;
  return el(
    'fieldset',
    {},
    el('legend', {}, '3. Run'),
    el('div', { class: 'row' }, el('label', { for: 'eval-rule' }, 'Labels'), form.rule),
    form.ruleNote,
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'eval-bootstrap' }, 'Bootstrap resamples'),
      form.bootstrap,
      el('label', { for: 'eval-seed' }, 'Seed'),
      form.seed,
      el('label', { for: 'eval-folds' }, 'Cross-fit'),
      form.folds,
      c.runButton,
    ),
    c.runHint,
    deps.orm
      ? el(
          'div',
          { class: 'check' },
          el('span', {}, form.useOrm, ' ', el('label', { for: 'eval-orm' }, 'Score every candidate with the outcome reward model (signals orm and orm_sql)')),
          el('div', {}, ormModelLine(deps.orm, 'eval-orm-model'), el('span', { class: 'muted' }, ' (change it under Ask)')),
        )
      : null,
    c.progress.element,
  );
}
