/**
 * The outcome of an Ask at the chosen risk: either the answer (its SQL,
 * highlighted; its rows, paginated; how likely it is right and why) or an
 * abstention (why, in plain words, and the competing answers side by side so
 * the person can pick one or rephrase; when the best results' P are within
 * noise, they are said to disagree and none is called "highest P"). Every
 * query shown can be edited and checked again, or opened in the console
 * (edit-check.ts); the hint an Ask was scored with is shown beside its P.
 * Renders pipeline output only.
 */
import { riskWording, signalContributions, supportWords, type AnswerGroup, type AskResult, type Decision } from '../../core/pipeline/index.ts';
import { bandFor, type CalibrationProfile } from '../../core/profile.ts';
import { el } from '../ui/dom.ts';
import { resultActions } from '../results/actions.ts';
import { formatPercent } from '../ui/format.ts';
import { resultTable } from '../results/table.ts';
import { sqlBlock } from '../ui/sql-view.ts';
import { answerHeading } from './answer-labels.ts';
import { competingAnswers, groupLetter } from './competing-answers.ts';
import { queryActions, type EditHooks } from './edit-check.ts';
import { queryReading } from './query-reading.ts';
import { signalBars } from './signal-bars.ts';

export { groupLetter } from './competing-answers.ts';

function reasonsList(d: Decision): HTMLElement {
  return el('ul', { class: 'reasons' }, ...d.reasons.map((r) => el('li', {}, r)));
}

/** A P(correct) as "P 0.68 (68%)", or says why there is none. */
export function formatP(p: number): string {
  return Number.isFinite(p) ? `P ${p.toFixed(2)}` : 'no P (a signal the profile needs is missing)';
}

/** The person's own pick among the competing answers, in full, with its actions. */
function chosenByYou(result: AskResult, g: AnswerGroup, letter: string, back: () => void, hooks?: EditHooks): HTMLElement {
  const run = result.candidates[g.head]!;
  return el(
    'section',
    { class: 'your-choice', 'aria-label': `Your choice: answer ${letter}`, 'data-group': letter },
    el('h4', { tabindex: -1 }, `Your choice: answer ${letter}`),
    el(
      'p',
      { class: 'notice' },
      `Confide did not answer at this risk level; you chose answer ${letter} (${formatP(g.probability)}, ${g.members.length} of ${result.candidates.length} candidates). Check it before you rely on it.`,
    ),
    sqlBlock(run.sql ?? '', `SQL of answer ${letter}`),
    queryReading(run.sql ?? ''),
    run.exec.ok ? resultTable(run.exec, { label: `Result of answer ${letter}` }) : null,
    resultActions({ sql: run.sql ?? '', ...(run.exec.ok ? { result: run.exec } : {}), name: `answer-${letter}` }),
    queryActions(run.sql ?? '', g.head, `answer ${letter}`, hooks),
    el('button', { type: 'button', class: 'small', onclick: back }, 'Back to the competing answers'),
  );
}

function alternative(result: AskResult, g: AnswerGroup, i: number, use: () => void, tied: readonly number[], hooks?: EditHooks): HTMLElement {
  const run = result.candidates[g.head]!;
  const backedBy = result.support.filter((s) => s.to === i).map((s) => el('p', { class: 'muted support' }, supportWords(s, groupLetter)));
  return el(
    'article',
    { class: `alternative${tied.includes(i) ? ' tied' : ''}`, 'aria-label': `Answer ${groupLetter(i)}`, 'data-group': groupLetter(i) },
    el('h4', {}, answerHeading(result, g, groupLetter(i), tied)),
    el('p', { class: 'muted' }, formatP(g.probability), g.rowCount === 0 && run.exec.ok ? '; empty result' : ''),
    ...backedBy,
    sqlBlock(run.sql ?? '', `SQL of answer ${groupLetter(i)}`),
    queryReading(run.sql ?? ''),
    run.exec.ok ? resultTable(run.exec, { pageSize: 5, label: `Result of answer ${groupLetter(i)}` }) : null,
    el('button', { type: 'button', class: 'small use-answer', onclick: use }, `Use answer ${groupLetter(i)}`),
    queryActions(run.sql ?? '', g.head, `answer ${groupLetter(i)}`, hooks),
  );
}

/** The hint the Ask was scored with, shown beside its P: it moves the scores (schema relevance, the verifier). */
function hintLine(result: AskResult): HTMLElement | null {
  return result.evidence
    ? el('span', { class: 'muted hint-used' }, `Scored with the hint “${result.evidence}”: it counts in schema relevance and the verifier's reading.`)
    : null;
}

/**
 * Renders the decision for one Ask.
 *
 * @example panel.replaceChildren(decisionView(result, decide(result, profile, 0.2), profile));
 */
export function decisionView(result: AskResult, decision: Decision, profile: CalibrationProfile, hooks?: EditHooks): HTMLElement {
  const band = bandFor(profile, result.candidates.length);
  const contributions = band === null ? [] : signalContributions(band, result.signals);
  const rule = el(
    'p',
    { class: 'muted risk-rule' },
    `Risk setting: ${riskWording(decision.targetRisk)}, on the profile's calibration data; `,
    decision.band === null
      ? `no model for a pool of ${result.candidates.length}.`
      : `for ${decision.band} that means answering when P ≥ ${decision.threshold === null ? '(never)' : decision.threshold.toFixed(2)}.`,
  );
  // The decision, the result and the reasons come first; the profile's rule and the signals open on demand.
  const signals = el(
    'details',
    { class: 'why-signals' },
    el('summary', {}, 'Signals behind this estimate, and the risk rule'),
    rule,
    signalBars(result.signals, contributions),
    el('p', { class: 'muted' }, `Combined by profile "${profile.name}". Signals marked "for" raised the estimate, "against" lowered it.`),
  );
  const probability = el(
    'p',
    {},
    el('span', { class: 'probability' }, formatPercent(decision.probability)),
    ' likely right',
    Number.isFinite(decision.probability) ? ` (P = ${decision.probability.toFixed(2)})` : ' (no estimate: a signal the profile needs is missing)',
    result.evidence ? el('br') : null,
    hintLine(result),
    decision.smallPool.length > 0 ? el('ul', { class: 'small-pool notice', role: 'note' }, ...decision.smallPool.map((line) => el('li', {}, line))) : null,
  );
  if (decision.kind === 'answer') {
    const run = result.candidates[decision.candidate]!;
    return el(
      'section',
      { class: 'decision answer', 'aria-labelledby': 'decision-heading', 'data-decision': 'answer' },
      el('h3', { id: 'decision-heading' }, decision.headline),
      probability,
      sqlBlock(run.sql ?? '', 'Chosen SQL'),
      queryReading(run.sql ?? ''),
      run.exec.ok ? resultTable(run.exec, { label: 'Result of the answer' }) : null,
      resultActions({ sql: run.sql ?? '', ...(run.exec.ok ? { result: run.exec } : {}), name: 'answer' }),
      queryActions(run.sql ?? '', decision.candidate, 'the answer', hooks),
      el('h4', {}, 'Why'),
      reasonsList(decision),
      signals,
    );
  }
  const cards = {
    alternative: (r: AskResult, g: AnswerGroup, i: number, use: () => void) => alternative(r, g, i, use, decision.tied, hooks),
    chosen: (r: AskResult, g: AnswerGroup, letter: string, back: () => void) => chosenByYou(r, g, letter, back, hooks),
  };
  const compare = result.answers.length > 0 ? competingAnswers(result, cards) : null;
  return el(
    'section',
    {
      class: 'decision abstain',
      'aria-labelledby': 'decision-heading',
      'data-decision': 'abstain',
      'data-tied': decision.tied.length > 0 ? decision.tied.length : null,
    },
    el('h3', { id: 'decision-heading' }, decision.headline),
    probability,
    el('h4', {}, 'Why not'),
    reasonsList(decision),
    compare ?? el('p', {}, 'None of the candidates ran, so there is no answer to compare.'),
    signals,
  );
}
