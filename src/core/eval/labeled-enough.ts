/**
 * An evaluation needs at least two labeled questions (AUROC, the combiner's
 * folds and the half split all do). With fewer, the failure is a typed
 * error that says how many were found and why the others were left out:
 * skipped before preparing (a database missing or not opening, naming it
 * and the cause) or left out of the signal matrix (gold SQL that failed, no
 * candidates, a candidate without a label).
 */
import type { PreparedQuestion } from './prepare.ts';

/** The fewest labeled questions an evaluation runs on. */
export const MIN_LABELED_QUESTIONS = 2;

/** Too few labeled questions to evaluate; `message` says how many and why. */
export class TooFewLabeledError extends Error {
  override readonly name = 'TooFewLabeledError';
  readonly code = 'TOO_FEW_LABELED';
  constructor(
    readonly found: number,
    readonly reasons: readonly string[],
  ) {
    super(
      `need at least ${MIN_LABELED_QUESTIONS} labeled questions to evaluate, found ${found} labeled question${found === 1 ? '' : 's'}${reasons.length > 0 ? `: ${reasons.join('; ')}` : ''}.`,
    );
  }
}

/** A question's candidates all labeled (the signal matrix's rule: see matrix.ts). */
const labeled = (q: PreparedQuestion): boolean => q.goldError === undefined && q.candidates.length > 0 && q.candidates.every((c) => c.correct !== null);

/**
 * Why prepared questions are not labeled, counted: gold that failed, no candidates, unlabeled candidates.
 *
 * @example
 * leftOutReasons(prepared); // ['3 questions whose gold SQL failed to execute']
 */
export function leftOutReasons(prepared: readonly PreparedQuestion[]): string[] {
  const gold = prepared.filter((q) => q.goldError !== undefined).length;
  const none = prepared.filter((q) => q.goldError === undefined && q.candidates.length === 0).length;
  const unlabeled = prepared.filter((q) => q.goldError === undefined && q.candidates.length > 0 && q.candidates.some((c) => c.correct === null)).length;
  const n = (k: number, what: string): string => `${k} question${k === 1 ? '' : 's'} ${what}`;
  return [
    ...(gold > 0 ? [n(gold, 'whose gold SQL failed to execute')] : []),
    ...(none > 0 ? [n(none, 'with no candidates')] : []),
    ...(unlabeled > 0 ? [n(unlabeled, 'with a candidate left unlabeled (no gold SQL to compare with)')] : []),
  ];
}

declare const CHECKED: unique symbol;

/**
 * Prepared questions `requireLabeled` has passed: enough are labeled for a
 * report. Only `requireLabeled` and `stillLabeled` give this type, so a
 * report that takes it (`evaluateLabeled`) never checks again.
 */
export type LabeledQuestions = readonly PreparedQuestion[] & { readonly [CHECKED]: true };

/**
 * `prepared` as {@link LabeledQuestions}; throws {@link TooFewLabeledError}
 * when fewer than two are labeled. `skipped` are the reasons records were
 * left out before preparing (skipped-reasons.ts words them).
 *
 * @example
 * const checked = requireLabeled(run.prepared, skippedReasons(run.skipped));
 */
export function requireLabeled(prepared: readonly PreparedQuestion[], skipped: readonly string[] = []): LabeledQuestions {
  const found = prepared.filter(labeled).length;
  if (found < MIN_LABELED_QUESTIONS) throw new TooFewLabeledError(found, [...skipped, ...leftOutReasons(prepared)]);
  return prepared as LabeledQuestions;
}

/**
 * Copies of checked questions (scored by a verifier, slimmed for a worker)
 * as {@link LabeledQuestions}: the same questions in the same order, whose
 * labels a copy does not change. Throws a RangeError when the questions differ.
 *
 * @example const scored = stillLabeled(checked, withOrmScores);
 */
export function stillLabeled(checked: LabeledQuestions, copies: readonly PreparedQuestion[]): LabeledQuestions {
  if (copies.length !== checked.length || copies.some((q, i) => q.id !== checked[i]!.id))
    throw new RangeError(`${copies.length} questions came back for ${checked.length} checked ones, or in another order`);
  return copies as LabeledQuestions;
}
