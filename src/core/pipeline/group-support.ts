/**
 * Which competing answers back one another as a person reads them
 * (results/support.ts): one rounds another to 2 or more decimals, or holds
 * another's rows plus explanatory columns. Said beside the answers, never
 * counted as agreement: measured on real systems' pools (Spider-A,
 * scripts/profile/result-support.ts), joining such results for the decision,
 * or scoring the support as a signal, ranked right answers below wrong ones
 * more often than result agreement alone (AUROC 0.849 and 0.848 against 0.880
 * at 19 candidates, lower at every pool size from 2), as the benchmark's rule
 * counts an extra column as a different answer.
 *
 * Only the first {@link SUPPORT_GROUPS} results (the ones shown side by side
 * before "Show all") of at most {@link SUPPORT_SHOWN_ROWS} rows and
 * {@link SUPPORT_SHOWN_COLUMNS} columns are compared, each result's keys made
 * once: this runs where the Ask runs (the page's thread), so it stays a few
 * milliseconds.
 */
import { backs, supportKeys, type SupportView } from '../results/support.ts';
import type { AnswerGroup, AnswerSupport, CandidateRun } from './types.ts';

/** Results compared for support: the first ones in the decision rule's order. */
export const SUPPORT_GROUPS = 4;
/** Most rows and columns of a result compared for support here. */
export const SUPPORT_SHOWN_ROWS = 500;
export const SUPPORT_SHOWN_COLUMNS = 4;

/**
 * The support among the first results.
 *
 * @example answerSupport(runs, answers); // [{ from: 1, to: 0, how: 'explains' }]: B holds A's rows and more columns
 */
export function answerSupport(runs: readonly CandidateRun[], answers: readonly AnswerGroup[]): AnswerSupport[] {
  const views: (SupportView | null)[] = answers.slice(0, SUPPORT_GROUPS).map((g) => {
    const exec = runs[g.head]!.exec;
    const small = exec.ok && exec.rows.length <= SUPPORT_SHOWN_ROWS && exec.columns.length <= SUPPORT_SHOWN_COLUMNS;
    return exec.ok && small && g.fingerprint !== '' ? { fingerprint: g.fingerprint, keys: supportKeys(exec) } : null;
  });
  const out: AnswerSupport[] = [];
  views.forEach((a, i) =>
    views.forEach((b, j) => {
      const how = a === null || b === null || i === j ? null : backs(a, b);
      if (how !== null) out.push({ from: i, to: j, how });
    }),
  );
  return out;
}

/**
 * In words, for the card of result `to`: "Answer B gives these rows with more columns" …
 *
 * @example supportWords({ from: 1, to: 0, how: 'rounds' }, (i) => 'AB'[i]!); // 'Answer B gives these numbers rounded.'
 */
export function supportWords(s: AnswerSupport, letter: (i: number) => string): string {
  return s.how === 'rounds'
    ? `Answer ${letter(s.from)} gives these numbers rounded (to 2 or more decimals).`
    : `Answer ${letter(s.from)} gives these rows with more columns beside them.`;
}
