/**
 * Every candidate of an Ask, inspectable: its SQL, its result or error, its
 * clusters (same text, same structure, same result), how many copies one
 * paste held of it (they count once), each signal as if it were the answer,
 * its P(correct) under the profile, and verifier scores; each can be edited
 * and checked again, or opened in the console (edit-check.ts).
 */
import type { AnswerGroup, AskResult } from '../../core/pipeline/index.ts';
import type { Schema } from '../../core/schema.ts';
import { el } from '../ui/dom.ts';
import { execErrorView } from '../ui/exec-error-view.ts';
import { formatMs, formatNumber, plural } from '../ui/format.ts';
import { resultTable } from '../results/table.ts';
import { sqlBlock } from '../ui/sql-view.ts';
import { formatP, groupLetter } from './decision-view.ts';
import { queryActions, type EditHooks } from './edit-check.ts';
import { queryReading } from './query-reading.ts';

/**
 * Where a candidate came from, without the answer key: a replayed demo
 * candidate is "replayed" whether it is the reference query or a mutation.
 */
function sourceLabel(source: string): string {
  return source === 'gold' || source.startsWith('mutation:') ? 'replayed' : source;
}
import { signalBars } from './signal-bars.ts';

/** One Ask's result with what each candidate's parts look up: its result's letter, each result's size, its group. */
interface Inspected {
  readonly result: AskResult;
  readonly schema: Schema | null;
  readonly hooks: EditHooks | undefined;
  readonly letterOf: Map<number, string>;
  readonly sizeOfResult: Map<string, number>;
  readonly groupOf: Map<number, AnswerGroup>;
}

type Candidate = AskResult['candidates'][number];

/**
 * The inspector for one Ask's candidates; with the database's `schema`, a
 * candidate that names an unknown column or table says which names are near.
 *
 * @example panel.append(candidatesView(result, db.schema));
 */
export function candidatesView(result: AskResult, schema: Schema | null = null, hooks?: EditHooks): HTMLElement {
  const letterOf = new Map<number, string>();
  result.answers.forEach((g, i) => g.members.forEach((m) => letterOf.set(m, groupLetter(i))));
  const sizeOfResult = new Map<string, number>();
  result.answers.forEach((g, i) => sizeOfResult.set(groupLetter(i), g.members.length));
  const groupOf = new Map<number, AnswerGroup>();
  result.answers.forEach((g) => g.members.forEach((m) => groupOf.set(m, g)));
  const x: Inspected = { result, schema, hooks, letterOf, sizeOfResult, groupOf };
  const items = result.candidates.map((c, i) => candidateItem(x, c, i));
  return el(
    'section',
    { class: 'candidates', 'aria-labelledby': 'candidates-heading' },
    el(
      'h3',
      { id: 'candidates-heading' },
      `All ${plural(result.candidates.length, 'candidate')}${result.given > result.candidates.length ? ` (${result.given} given)` : ''}`,
    ),
    el('p', { class: 'muted' }, `${plural(result.answers.length, 'distinct result')}; open a candidate to inspect it.`),
    ...items,
  );
}

/** One candidate, folded: its summary line; open, its SQL, reading, actions, result or error, facts, own P(correct) and signals. */
function candidateItem(x: Inspected, c: Candidate, i: number): HTMLElement {
  const letter = x.letterOf.get(i);
  const group = x.groupOf.get(i);
  const own = x.result.perCandidate[i]!;
  const ownP =
    group && i !== group.head
      ? el(
          'p',
          { class: 'muted own-p' },
          `As the answer with this exact query: ${formatP(own.probability)}. Result ${letter} is shown with its best-scored query (#${group.head + 1}); queries written differently score differently (text and structure agreement, log-probability, verifier scores).`,
        )
      : null;
  return el(
    'details',
    { class: 'candidate', 'data-index': i },
    candidateSummary(x, c, i),
    sqlBlock(c.sql ?? '(the reply held no SQL)', `SQL of candidate ${i + 1}`),
    c.sql === null || c.sql === undefined ? null : queryReading(c.sql),
    c.sql === null || c.sql === undefined ? null : queryActions(c.sql, i, `candidate #${i + 1}`, x.hooks),
    c.exec.ok
      ? el(
          'div',
          {},
          el('p', { class: 'muted' }, `Ran in ${formatMs(c.exec.ms)}.`),
          resultTable(c.exec, { pageSize: 10, label: `Result of candidate ${i + 1}` }),
        )
      : el('div', {}, ...execErrorView(c.exec.error, { schema: x.schema, sql: c.sql ?? '', alert: false })),
    candidateFacts(x, c, i),
    ownP,
    el('p', { class: 'muted' }, 'Signals if this candidate were the answer:'),
    signalBars(own.signals),
  );
}

/** The line a folded candidate shows: its number, source, copies, outcome, its result's P(correct), whether it is the answer. */
function candidateSummary(x: Inspected, c: Candidate, i: number): HTMLElement {
  const letter = x.letterOf.get(i);
  const group = x.groupOf.get(i);
  const outcome = c.exec.ok ? `result ${letter ?? '?'}, ${plural(c.exec.rows.length, 'row')}` : `fails: ${c.exec.error.code}`;
  return el(
    'summary',
    {},
    el('strong', {}, `#${i + 1}`),
    ' ',
    el('span', { class: 'badge replay' }, sourceLabel(c.source)),
    ' ',
    c.copies ? el('span', { class: 'badge copies' }, `pasted ${c.copies} times`) : '',
    c.copies ? ' ' : '',
    outcome,
    group ? ` · result ${letter}: ${formatP(group.probability)}` : '',
    i === x.result.chosen ? el('span', { class: 'badge ok' }, ' answer candidate') : '',
  );
}

/** A candidate's facts: copies, how many share its text, structure and result, its log-probability and verifier scores. */
function candidateFacts(x: Inspected, c: Candidate, i: number): HTMLElement {
  const { clusters } = x.result;
  const letter = x.letterOf.get(i);
  const scores = Object.entries(c.scores);
  return el(
    'dl',
    { class: 'facts' },
    c.copies ? el('dt', {}, 'Copies') : null,
    c.copies ? el('dd', {}, `${c.copies} identical in one paste: one source, counted once`) : null,
    el('dt', {}, 'Same text as'),
    el('dd', {}, plural(clusters.strings.members[clusters.strings.of[i]!]?.length ?? 1, 'candidate')),
    el('dt', {}, 'Same structure as'),
    el('dd', {}, plural(clusters.structures.members[clusters.structures.of[i]!]?.length ?? 1, 'candidate')),
    el('dt', {}, 'Same result as'),
    el('dd', {}, letter ? `${plural(x.sizeOfResult.get(letter) ?? 1, 'candidate')} (result ${letter})` : 'none (it failed)'),
    el('dt', {}, 'Mean log-probability'),
    el('dd', {}, c.logprob === undefined ? 'not recorded' : formatNumber(c.logprob, 3)),
    el('dt', {}, 'Verifier scores'),
    el(
      'dd',
      { class: 'verifier-scores', 'data-scores': JSON.stringify(c.scores) },
      scores.length === 0 ? 'none' : scores.map(([k, v]) => `${k} ${formatNumber(v, 3)}`).join(', '),
    ),
  );
}
