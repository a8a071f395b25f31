/**
 * The outcome of an Ask at the chosen risk: either the answer (its SQL,
 * highlighted; its rows, paginated; how likely it is right and why) or an
 * abstention (why, in plain words, and the competing answers side by side so
 * the person can pick one or rephrase). Renders pipeline output only.
 */
import type { Decision } from '../../core/pipeline/index.ts';
import { signalContributions } from '../../core/pipeline/index.ts';
import type { AnswerGroup, AskResult } from '../../core/pipeline/index.ts';
import type { CalibrationProfile } from '../../core/profile.ts';
import { el } from '../dom.ts';
import { formatPercent, plural } from '../format.ts';
import { resultTable } from '../result-table.ts';
import { sqlBlock } from '../sql-view.ts';
import { signalBars } from './signal-bars.ts';

/** Letters name the distinct results: A is the most common. */
export const groupLetter = (i: number): string => String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26)) : '');

function reasonsList(d: Decision): HTMLElement {
  return el('ul', { class: 'reasons' }, ...d.reasons.map((r) => el('li', {}, r)));
}

function alternative(result: AskResult, g: AnswerGroup, i: number): HTMLElement {
  const run = result.candidates[g.head]!;
  const p = result.perCandidate[g.head]!.probability;
  return el('article', { class: 'alternative', 'aria-label': `Answer ${groupLetter(i)}` },
    el('h4', {}, `Answer ${groupLetter(i)}`, g.modal ? ' (most common query)' : ''),
    el('p', { class: 'muted' }, `${g.members.length} of ${result.candidates.length} candidates; ${formatPercent(p)} likely right if chosen`),
    sqlBlock(run.sql ?? '', `SQL of answer ${groupLetter(i)}`),
    run.exec.ok ? resultTable(run.exec, { pageSize: 5, label: `Result of answer ${groupLetter(i)}` }) : null,
  );
}

/**
 * Renders the decision for one Ask.
 *
 * @example panel.replaceChildren(decisionView(result, decide(result, profile, 0.2), profile));
 */
export function decisionView(result: AskResult, decision: Decision, profile: CalibrationProfile): HTMLElement {
  const contributions = signalContributions(profile, result.signals);
  const signals = el('details', { class: 'why-signals' }, el('summary', {}, 'Signals behind this estimate'), signalBars(result.signals, contributions),
    el('p', { class: 'muted' }, `Combined by profile "${profile.name}". Signals marked "for" raised the estimate, "against" lowered it.`));
  const probability = el('p', {}, el('span', { class: 'probability' }, formatPercent(decision.probability)), ' likely right',
    decision.threshold === null ? '' : ` (this risk level needs ${formatPercent(decision.threshold)})`);
  if (decision.kind === 'answer') {
    const run = result.candidates[decision.candidate]!;
    return el('section', { class: 'decision answer', 'aria-labelledby': 'decision-heading', 'data-decision': 'answer' },
      el('h3', { id: 'decision-heading' }, decision.headline),
      probability,
      sqlBlock(run.sql ?? '', 'Chosen SQL'),
      run.exec.ok ? resultTable(run.exec, { label: 'Result of the answer' }) : null,
      el('h4', {}, 'Why'),
      reasonsList(decision),
      signals,
    );
  }
  const groups = result.answers.slice(0, 4);
  return el('section', { class: 'decision abstain', 'aria-labelledby': 'decision-heading', 'data-decision': 'abstain' },
    el('h3', { id: 'decision-heading' }, decision.headline),
    probability,
    el('h4', {}, 'Why not'),
    reasonsList(decision),
    groups.length > 0
      ? el('div', {},
          el('h4', {}, groups.length > 1 ? 'Competing answers' : 'The answer it would have given'),
          el('p', { class: 'muted' }, `Compare them: if one is what you meant, use it; otherwise rephrase the question or add a hint.${result.answers.length > groups.length ? ` Showing the ${groups.length} most common of ${plural(result.answers.length, 'distinct result')}.` : ''}`),
          el('div', { class: 'alternatives' }, ...groups.map((g, i) => alternative(result, g, i))),
        )
      : el('p', {}, 'None of the candidates ran, so there is no answer to compare.'),
    signals,
  );
}
