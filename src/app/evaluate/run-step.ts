/**
 * Evaluate's step 3: the run's settings (the labels' rule, bootstrap
 * resamples, seed, cross-fit folds, the reward model), the Run button with a
 * line saying what it waits for, the run's progress, and the output below the
 * steps where the report (or why there is none) appears. The run itself is
 * run-evaluation.ts.
 */
import { EQUIVALENCE_RULES, isEquivalenceRule, ruleInfo } from '../../core/results/index.ts';
import type { SqlPool } from '../../engines/sql/index.ts';
import { el, replace } from '../ui/dom.ts';
import { ormModelLine } from '../orm/model-panel.ts';
import type { OrmClient } from '../orm/orm-client.ts';
import type { ProfileStore } from '../profiles/store.ts';
import { createProgress } from '../ui/progress.ts';
import type { LoadedBench } from './bench-source.ts';
import type { Candidates } from './candidates-step.ts';
import { runEvaluation } from './run-evaluation.ts';

const errorLine = (message: string): HTMLElement => el('p', { class: 'error', role: 'alert' }, message);

/** Bootstrap resamples by default: the same as `confide eval --bootstrap`. */
export const DEFAULT_BOOTSTRAP = 2000;

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
  readonly pool: SqlPool;
  readonly profiles: ProfileStore;
  /** The outcome reward model, offered as an opt-in `orm` signal. */
  readonly orm?: OrmClient;
  bench(): LoadedBench | null;
  candidates(): Candidates | null;
}

/**
 * Builds step 3 and its output.
 *
 * @example const run = runStep({ pool, profiles, bench: bench.current, candidates: candidates.current }); run.refresh();
 */
export function runStep(deps: RunStepDeps): RunStep {
  const runButton = el('button', { type: 'button', class: 'primary', id: 'eval-run', disabled: true }, 'Run the evaluation');
  const runHint = el('p', { class: 'muted run-hint', id: 'eval-run-hint', 'aria-live': 'polite' });
  runButton.setAttribute('aria-describedby', 'eval-run-hint');
  const progress = createProgress('Evaluation progress');
  const out = el('div', { class: 'eval-out' });
  const bootstrap = el(
    'select',
    { id: 'eval-bootstrap' },
    ...[200, 1000, DEFAULT_BOOTSTRAP].map((b) =>
      el('option', { value: b, selected: b === DEFAULT_BOOTSTRAP }, b === DEFAULT_BOOTSTRAP ? `${b} (as confide eval)` : String(b)),
    ),
  );
  const seed = el('input', { type: 'number', id: 'eval-seed', value: 1, min: 0, step: 1 });
  const useOrm = el('input', { type: 'checkbox', id: 'eval-orm' });
  const folds = el(
    'select',
    { id: 'eval-folds' },
    el('option', { value: '2' }, '2 folds by question'),
    el('option', { value: '5' }, '5 folds by question'),
    el('option', { value: 'db' }, 'leave one database out'),
  );
  // The labels' rule (confide eval --rule): the benchmark's own evaluator until the person picks one.
  const rule = el(
    'select',
    { id: 'eval-rule', 'aria-describedby': 'eval-rule-note' },
    ...EQUIVALENCE_RULES.map((r) => el('option', { value: r.rule }, `${r.rule} (${r.source})`)),
  );
  const ruleNote = el('p', { class: 'muted', id: 'eval-rule-note' });
  const chosenRule = () => (isEquivalenceRule(rule.value) ? rule.value : 'spider');
  const sayRule = (): void => replace(ruleNote, `Labels: ${ruleInfo(chosenRule()).summary} (as confide eval --rule ${chosenRule()}).`);
  let rulePicked = false;
  rule.addEventListener('change', () => {
    rulePicked = true;
    sayRule();
  });
  let running = false;

  const refresh = (): void => {
    const bench = deps.bench();
    const candidates = deps.candidates();
    if (!rulePicked && bench !== null) rule.value = bench.layout === 'bird' ? 'bird' : 'spider';
    sayRule();
    runButton.disabled = running || bench === null || candidates === null;
    replace(runHint, runWaitsFor(bench !== null, candidates !== null, running));
  };

  runButton.addEventListener('click', async () => {
    const bench = deps.bench();
    const candidates = deps.candidates();
    if (!bench || !candidates) return;
    running = true;
    refresh();
    replace(out);
    const signal = progress.start('Evaluating');
    try {
      replace(
        out,
        await runEvaluation({
          pool: deps.pool,
          profiles: deps.profiles,
          bench,
          candidates,
          progress,
          signal,
          orm: () => (deps.orm && useOrm.checked ? deps.orm : null),
          settings: () => ({
            rule: chosenRule(),
            bootstrap: Number(bootstrap.value),
            seed: Math.max(0, Math.floor(Number(seed.value) || 0)),
            ...(folds.value === 'db' ? { group: 'db_id' as const } : { folds: Number(folds.value) }),
          }),
        }),
      );
    } catch (e) {
      progress.finish(signal.aborted ? 'Stopped.' : '');
      if (!signal.aborted) replace(out, errorLine(e instanceof Error ? e.message : String(e)));
    } finally {
      running = false;
      refresh();
    }
  });

  return {
    out,
    refresh,
    element: el(
      'fieldset',
      {},
      el('legend', {}, '3. Run'),
      el('div', { class: 'row' }, el('label', { for: 'eval-rule' }, 'Labels'), rule),
      ruleNote,
      el(
        'div',
        { class: 'row' },
        el('label', { for: 'eval-bootstrap' }, 'Bootstrap resamples'),
        bootstrap,
        el('label', { for: 'eval-seed' }, 'Seed'),
        seed,
        el('label', { for: 'eval-folds' }, 'Cross-fit'),
        folds,
        runButton,
      ),
      runHint,
      deps.orm
        ? el(
            'div',
            { class: 'check' },
            el('span', {}, useOrm, ' ', el('label', { for: 'eval-orm' }, 'Score every candidate with the outcome reward model (signals orm and orm_sql)')),
            el('div', {}, ormModelLine(deps.orm, 'eval-orm-model'), el('span', { class: 'muted' }, ' (change it under Ask)')),
          )
        : null,
      progress.element,
    ),
  };
}
