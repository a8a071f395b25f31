/**
 * What Ask shows after a question: the decision (re-decided when the risk
 * changes), every candidate, the request costs of a live model, errors, and
 * — when there are no candidates — an offer of what to do instead. Holds the
 * last result and the profile it was scored with.
 */
import { decide } from '../../core/pipeline/index.ts';
import type { AskOutcome, AskResult } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import type { Schema } from '../../core/schema.ts';
import { el, replace, type Child } from '../ui/dom.ts';
import { candidatesView } from './candidates-view.ts';
import { decisionView } from './decision-view.ts';
import type { EditHooks } from './edit-check.ts';

export interface AskResultArea {
  /** The offer of what to do when there are no candidates (placed next to the Ask button). */
  readonly offer: HTMLElement;
  readonly errors: HTMLElement;
  readonly costs: HTMLElement;
  readonly decision: HTMLElement;
  readonly candidates: HTMLElement;
  /** Empties everything and forgets the last result (the database changed). */
  clear(): void;
  /** Empties the errors and the offer (a new Ask begins). */
  clearMessages(): void;
  /** Says an error as an alert. */
  showError(...message: Child[]): void;
  /** Shows, next to the Ask button, what to do when there are no candidates, and scrolls to it. */
  offerAlternatives(why: string): void;
  /** Forgets the last result and empties the decision and the candidates. */
  drop(): void;
  clearCosts(): void;
  showCosts(costs: HTMLElement): void;
  /** Shows an Ask's outcome scored with `profile`, and moves focus to the decision. */
  show(out: AskOutcome, profile: CalibrationProfile): void;
  /** Decides the last result again at the current risk. */
  redecide(): void;
  /** Withdraws a decision made with another profile than `profile`. */
  profileChanged(profile: CalibrationProfile): void;
}

export interface AskResultDeps {
  /** The chosen target risk. */
  risk(): number;
  /** The offer's first button: check your own SQL for the question. */
  checkOwnSql(): void;
  /** The offer's second button, when there is a console to open. */
  readonly openConsole?: () => void;
  /** "Edit and check again" on answers and candidates (given the result they were shown in). */
  readonly edit?: (result: AskResult) => EditHooks;
  /** The open database's schema, for "Did you mean …?" under a candidate's error. */
  readonly schema?: () => Schema | null;
}

/** The area's boxes and the last result with the profile it was scored with; its parts read and set it as one closure would. */
interface ResultBoxes {
  readonly deps: AskResultDeps;
  readonly offer: HTMLDivElement;
  readonly errors: HTMLDivElement;
  readonly decision: HTMLDivElement;
  readonly candidates: HTMLDivElement;
  readonly costs: HTMLDivElement;
  last: { result: AskResult; profile: CalibrationProfile } | null;
}

/**
 * Builds the result area.
 *
 * @example
 * const result = askResultArea({ risk: () => risk.value(), checkOwnSql: sources.checkOwnSql });
 * result.show(await runAsk(request, deps), profile);
 */
export function askResultArea(deps: AskResultDeps): AskResultArea {
  const r: ResultBoxes = {
    deps,
    offer: el('div', { id: 'ask-offer', 'aria-live': 'assertive' }),
    errors: el('div', { 'aria-live': 'assertive' }),
    decision: el('div', { 'aria-live': 'polite' }),
    candidates: el('div'),
    costs: el('div', { 'aria-live': 'polite' }),
    last: null,
  };
  const { offer, errors, decision, candidates, costs } = r;
  return {
    offer,
    errors,
    costs,
    decision,
    candidates,
    clear() {
      r.last = null;
      replace(offer);
      replace(errors);
      replace(decision);
      replace(candidates);
      replace(costs);
    },
    clearMessages() {
      replace(errors);
      replace(offer);
    },
    showError: (...message) => showError(r, ...message),
    offerAlternatives: (why) => offerAlternatives(r, why),
    drop: () => drop(r),
    show: (out, profile) => showOutcome(r, out, profile),
    redecide: () => redecide(r),
    clearCosts: () => replace(costs),
    showCosts: (c) => replace(costs, c),
    profileChanged(profile) {
      if (r.last !== null && r.last.profile.name !== profile.name) {
        r.last = null;
        replace(decision, el('p', { class: 'muted' }, 'The calibration profile changed; ask again to use it.'));
      }
    },
  };
}

/** Says an error as an alert. */
function showError(r: ResultBoxes, ...message: Child[]): void {
  replace(r.errors, el('p', { class: 'error', role: 'alert' }, ...message));
}

/** Forgets the last result and empties the decision and the candidates. */
function drop(r: ResultBoxes): void {
  r.last = null;
  replace(r.decision);
  replace(r.candidates);
}

/** Decides the last result again at the current risk. */
function redecide(r: ResultBoxes): void {
  const { last, deps } = r;
  if (last === null) return;
  replace(r.decision, decisionView(last.result, decide(last.result, last.profile, deps.risk()), last.profile, deps.edit?.(last.result)));
}

/** Shows, next to the Ask button, what to do when there are no candidates (check your own SQL, open the console), and scrolls to it. */
function offerAlternatives(r: ResultBoxes, why: string): void {
  const { offer, deps } = r;
  replace(
    offer,
    el(
      'div',
      { class: 'notice offer', role: 'alert' },
      el('p', {}, why),
      el(
        'div',
        { class: 'row' },
        el(
          'button',
          {
            type: 'button',
            class: 'primary',
            id: 'offer-verify',
            onclick: () => {
              replace(offer);
              deps.checkOwnSql();
            },
          },
          'Check your own SQL for this question',
        ),
        deps.openConsole ? el('button', { type: 'button', id: 'offer-console', onclick: deps.openConsole }, 'Open the SQL console') : null,
      ),
    ),
  );
  offer.scrollIntoView({ block: 'nearest' });
}

/** Shows an Ask's outcome scored with `profile` (or its error, or the offer), and moves focus to the decision. */
function showOutcome(r: ResultBoxes, out: AskOutcome, profile: CalibrationProfile): void {
  const { decision, deps } = r;
  if (!out.ok) {
    drop(r);
    if (out.error.code === 'NOT_IN_REPLAY')
      offerAlternatives(
        r,
        `The replay file holds no candidates for this question, and no live model is loaded. Paste SQL candidates for it to have Confide check them, or run SQL yourself.`,
      );
    else if (out.error.code !== 'ABORTED') showError(r, out.error.message, ' ', el('span', { class: 'muted code' }, `(${out.error.code})`));
    return;
  }
  if (out.result.verifierErrors.length > 0) {
    replace(
      r.errors,
      ...out.result.verifierErrors.map((v) =>
        el('p', { class: 'notice', role: 'status' }, `The ${v.name} verifier did not score: ${v.message} (${v.code}). Its signal counts as missing.`),
      ),
    );
  }
  r.last = { result: out.result, profile };
  redecide(r);
  replace(r.candidates, candidatesView(out.result, deps.schema?.() ?? null, deps.edit?.(out.result)));
  decision.querySelector('h3')?.setAttribute('tabindex', '-1');
  (decision.querySelector('h3') as HTMLElement | null)?.focus();
}
