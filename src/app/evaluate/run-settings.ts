/**
 * Evaluate's run settings: the labels' rule (the benchmark's own evaluator
 * until the person picks one, with a line saying what it counts as right),
 * bootstrap resamples, seed, cross-fit folds, and the reward model's
 * checkbox; read as `confide eval` would take them.
 */
import { EQUIVALENCE_RULES, type EquivalenceRule, isEquivalenceRule, ruleInfo } from '../../core/results/index.ts';
import { el, replace } from '../ui/dom.ts';
import type { RunSettings } from './run-evaluation.ts';

/** Bootstrap resamples by default: the same as `confide eval --bootstrap`. */
export const DEFAULT_BOOTSTRAP = 2000;

/** The settings' controls, and whether the person picked the rule. */
export interface RunSettingsForm {
  readonly bootstrap: HTMLSelectElement;
  readonly seed: HTMLInputElement;
  readonly useOrm: HTMLInputElement;
  readonly folds: HTMLSelectElement;
  readonly rule: HTMLSelectElement;
  readonly ruleNote: HTMLParagraphElement;
  rulePicked: boolean;
}

/**
 * The controls at their defaults; a rule the person picks is kept from then on.
 *
 * @example const s = runSettingsForm(); settingsOf(s).bootstrap; // 2000
 */
export function runSettingsForm(): RunSettingsForm {
  const s: RunSettingsForm = {
    bootstrap: el(
      'select',
      { id: 'eval-bootstrap' },
      ...[200, 1000, DEFAULT_BOOTSTRAP].map((b) =>
        el('option', { value: b, selected: b === DEFAULT_BOOTSTRAP }, b === DEFAULT_BOOTSTRAP ? `${b} (as confide eval)` : String(b)),
      ),
    ),
    seed: el('input', { type: 'number', id: 'eval-seed', value: 1, min: 0, step: 1 }),
    useOrm: el('input', { type: 'checkbox', id: 'eval-orm' }),
    folds: el(
      'select',
      { id: 'eval-folds' },
      el('option', { value: '2' }, '2 folds by question'),
      el('option', { value: '5' }, '5 folds by question'),
      el('option', { value: 'db' }, 'leave one database out'),
    ),
    // The labels' rule (confide eval --rule): the benchmark's own evaluator until the person picks one.
    rule: el(
      'select',
      { id: 'eval-rule', 'aria-describedby': 'eval-rule-note' },
      ...EQUIVALENCE_RULES.map((r) => el('option', { value: r.rule }, `${r.rule} (${r.source})`)),
    ),
    ruleNote: el('p', { class: 'muted', id: 'eval-rule-note' }),
    rulePicked: false,
  };
  s.rule.addEventListener('change', () => {
    s.rulePicked = true;
    sayRule(s);
  });
  return s;
}

/**
 * The rule chosen (`spider` when the menu holds none).
 *
 * @example chosenRule(s); // 'bird'
 */
export const chosenRule = (s: RunSettingsForm): EquivalenceRule => (isEquivalenceRule(s.rule.value) ? s.rule.value : 'spider');

/**
 * Says what the chosen rule counts as right.
 *
 * @example sayRule(s);
 */
export function sayRule(s: RunSettingsForm): void {
  replace(s.ruleNote, `Labels: ${ruleInfo(chosenRule(s)).summary} (as confide eval --rule ${chosenRule(s)}).`);
}

/**
 * The settings as the run takes them (a seed below 0 or not a number is 0).
 *
 * @example runEvaluation({ …, settings: () => settingsOf(s) });
 */
export function settingsOf(s: RunSettingsForm): RunSettings {
  return {
    rule: chosenRule(s),
    bootstrap: Number(s.bootstrap.value),
    seed: Math.max(0, Math.floor(Number(s.seed.value) || 0)),
    ...(s.folds.value === 'db' ? { group: 'db_id' as const } : { folds: Number(s.folds.value) }),
  };
}
