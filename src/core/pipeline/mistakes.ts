/**
 * Findings (core/evidence) that keep Confide from answering with a query:
 * certain mistakes at any risk, likely ones when no other query returns its
 * result.
 */
import type { Finding, FindingCode } from '../evidence/types.ts';
import type { AskResult } from './types.ts';

/**
 * Findings that show a mistake whatever the question asks: a literal the
 * compared column never holds while it holds it in another case or spacing,
 * and (when the result is empty) a NOT IN over a column holding NULL, which is
 * never true. Confide does not answer with such a query at any risk; its P is
 * shown as estimated.
 */
export const CERTAIN_MISTAKES: ReadonlySet<FindingCode> = new Set(['LITERAL_CASE', 'NOT_IN_NULLS', 'EQUALS_NULL']);

/**
 * Findings that show a likely mistake: no rows where the question asks for
 * some, only ids where it asks which ones, a literal the column never holds
 * in any case or spacing, a literal that leaves out the column's other
 * spellings of it, groups split by spelling, a year compared with text
 * dates, a year the question names and the query does not, `LIMIT 1`
 * cutting a tie or a LIMIT without ORDER BY leaving rows out, integer division where it asks for a
 * fraction, HAVING without GROUP BY. On Spider-A's real candidates outside flight_2 (whose
 * gold queries compare with values the database does not hold) a candidate
 * with one of the first three was right 8–42% of the time (model card).
 * Confide does not answer with such a query when no other query returns
 * its result: agreement between independent queries can vouch for an empty
 * or surprising result, one query alone cannot.
 */
export const LIKELY_MISTAKES: ReadonlySet<FindingCode> = new Set([
  'EMPTY_LIST',
  'SHAPE_IDS_ONLY',
  'LITERAL_ABSENT',
  'LITERAL_VARIANTS',
  'INTEGER_DIVISION',
  'HAVING_WITHOUT_GROUP',
  'LIMIT_CUTS_TIE',
  'LIMIT_DROPS_ROWS',
  'GROUP_BY_SPELLINGS',
  'YEAR_VS_TEXT_DATE',
  'YEAR_UNUSED',
]);

/**
 * The chosen query's findings that rule it out: CERTAIN_MISTAKES (NOT IN over
 * NULL only with an empty result), and LIKELY_MISTAKES when no other query
 * returned its result.
 *
 * @example mistakes(result, findings).likely.map((f) => f.code); // ['EMPTY_LIST'] for a lone query with no rows
 */
export function mistakes(result: AskResult, findings: readonly Finding[]): { certain: Finding[]; likely: Finding[] } {
  const run = result.chosen >= 0 ? result.candidates[result.chosen] : undefined;
  const empty = run?.exec.ok && run.exec.rows.length === 0;
  const alone = (result.answers[0]?.members.length ?? 0) <= 1;
  return {
    certain: findings.filter((f) => CERTAIN_MISTAKES.has(f.code) && (f.code !== 'NOT_IN_NULLS' || empty)),
    likely: alone ? findings.filter((f) => LIKELY_MISTAKES.has(f.code)) : [],
  };
}
