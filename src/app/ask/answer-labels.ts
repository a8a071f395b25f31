/**
 * What the heading of a competing answer says about it, each part on its
 * real basis: how many of the N candidates return that result, whether it
 * has the highest P (the decision rule's first group; said only when no
 * other result's P is within noise of it: `pTied`), whether it is
 * returned by the most candidates (or tied for it), and whether its query is
 * the most frequent text, said only when some text repeats (with all texts
 * different, "most common query" would only mean "the first one"). Pure:
 * reads the pipeline's AskResult, computes nothing new.
 */
import type { AnswerGroup, AskResult } from '../../core/pipeline/index.ts';

/**
 * The parts of an answer's label, e.g. ['3 of 8 candidates', 'highest P', 'most candidates'].
 *
 * @example answerBasis(result, result.answers[1]!); // ['1 of 8 candidates']
 */
export function answerBasis(result: AskResult, g: AnswerGroup, pTied: readonly number[] = []): string[] {
  const n = result.candidates.length;
  const sizes = result.answers.map((a) => a.members.length);
  const most = Math.max(...sizes);
  const tied = sizes.filter((s) => s === most).length;
  const parts = [`${g.members.length} of ${n} candidate${n === 1 ? '' : 's'}`];
  // A result whose P is within noise of others' is never "highest P" (core/pipeline/ties.ts).
  if (pTied.includes(result.answers.indexOf(g))) parts.push('P tied within noise');
  else if (g.chosen) parts.push('highest P');
  if (g.members.length === most && tied < sizes.length) parts.push(tied > 1 ? 'tied for most candidates' : 'most candidates');
  const text = result.clusters.strings;
  const modalCopies = result.modal < 0 ? 0 : (text.members[text.of[result.modal]!]?.length ?? 0);
  if (g.modal && modalCopies > 1) parts.push(`most frequent query (${modalCopies} identical)`);
  return parts;
}

/**
 * An answer's heading: "Answer B: 3 of 8 candidates; most candidates";
 * `pTied` are the positions of results whose P are tied within noise.
 *
 * @example answerHeading(result, result.answers[0]!, 'A'); // 'Answer A: 2 of 8 candidates; highest P'
 */
export function answerHeading(result: AskResult, g: AnswerGroup, letter: string, pTied: readonly number[] = []): string {
  return `Answer ${letter}: ${answerBasis(result, g, pTied).join('; ')}`;
}
