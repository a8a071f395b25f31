/**
 * The sentences a decision gives beside its verdict: how the candidates
 * agree, what a pool of one or two can tell, and which signals pushed
 * P(correct) up or down.
 */
import type { PoolBand } from '../profile.ts';
import type { SignalContribution } from './contributions.ts';
import { signalPhrase } from './signal-words.ts';
import type { AskResult } from './types.ts';

/** The signals a band's model actually weighs (non-zero weight), in its order. */
function weighed(band: PoolBand): string[] {
  return band.signals.filter((_, j) => band.model.weights[j] !== 0);
}

/**
 * What a pool of one or two queries can and cannot tell, and what would help.
 *
 * @example smallPoolWords(1, band, { orm_sql: null }); // ['One query: agreement cannot be measured; …', …]
 */
export function smallPoolWords(n: number, band: PoolBand | null, values: Readonly<Record<string, number | null>>): string[] {
  if (n >= 3) return [];
  const used = band === null ? [] : weighed(band);
  const missing = used.filter((s) => values[s] === null || values[s] === undefined);
  const from = used.filter((s) => !missing.includes(s)).map(signalPhrase);
  const source =
    from.length === 0
      ? 'no signal could be read for it'
      : from.length === 1
        ? `this P comes from ${from[0]} alone`
        : `this P comes from ${from.slice(0, -1).join(', ')} and ${from[from.length - 1]}`;
  const out = [
    n === 1
      ? `One query: agreement cannot be measured (a query always agrees with itself); ${source}.`
      : `Two queries: whether they agree says little on its own; ${source}.`,
  ];
  if (missing.length > 0) out.push(`Not available here: ${missing.map(signalPhrase).join(', ')}.`);
  out.push('More candidates would help: paste queries from other assistants or colleagues, or sample several with the live model.');
  return out;
}

/**
 * Sentences about how the candidates agree.
 *
 * @example agreementReasons(result, false)[0]; // '7 of 8 candidates returned the same result as this answer.'
 */
export function agreementReasons(r: AskResult, tied: boolean): string[] {
  const n = r.candidates.length;
  if (n === 0 || r.chosen < 0) return ['No candidate query was produced.'];
  const out: string[] = [];
  const run = r.candidates[r.chosen]!;
  const group = r.answers.find((a) => a.chosen);
  if (!run.exec.ok) {
    out.push(`The most common query fails to run (${run.exec.error.code}), so there is no result to stand behind.`);
  } else {
    out.push(`${group?.members.length ?? 1} of ${n} candidates returned the same result as this answer.`);
    if (run.exec.rows.length === 0) out.push('That result has no rows.');
  }
  const results = r.answers.length;
  if (results > 1 && tied) {
    out.push(`The candidates gave ${results} different results.`);
  } else if (results > 1) {
    out.push(`The candidates gave ${results} different results; this one has the highest estimated P(correct).`);
    const largest = Math.max(...r.answers.map((a) => a.members.length));
    if (group !== undefined && group.members.length < largest) out.push(`Another result was returned by more candidates (${largest}), but it scored lower.`);
  }
  const failed = Object.values(r.failures).reduce((s, k) => s + (k ?? 0), 0);
  if (failed > 0) out.push(`${failed} of ${n} candidates failed to run.`);
  return out;
}

/**
 * The signals that pushed P(correct) up (`supporting`) and down (`against`), the strongest three of each, in words.
 *
 * @example contributionReasons(supporting, against); // ['High, in its favour: samples returning the same result (0.88).']
 */
export function contributionReasons(supporting: readonly SignalContribution[], against: readonly SignalContribution[]): string[] {
  const named = (cs: readonly SignalContribution[]): string =>
    cs
      .slice(0, 3)
      .map((c) => `${signalPhrase(c.name)} (${c.value === null ? 'missing' : c.value.toFixed(2)})`)
      .join('; ');
  return [
    ...(supporting.length > 0 ? [`High, in its favour: ${named(supporting)}.`] : []),
    ...(against.length > 0 ? [`Low, against it: ${named(against)}.`] : []),
  ];
}
