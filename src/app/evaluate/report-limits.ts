/**
 * What an evaluation report can and cannot support, in plain words, before
 * anyone reads a number off it or saves it as a profile: too few questions,
 * only one class (every answer right, or every answer wrong), figures that are
 * undefined (NaN) and why. Reads the report only.
 */
import type { EvalReport } from '../../core/eval/index.ts';

/** Below this many questions a fitted profile's thresholds are rough (a warning, not a refusal). */
export const SMALL_SAMPLE_QUESTIONS = 30;

export interface ReportLimits {
  readonly correct: number;
  readonly wrong: number;
  /** True when all evaluated questions are right, or all wrong: AUROC and the thresholds are undefined. */
  readonly oneClass: boolean;
  readonly small: boolean;
  /** Why a figure shows as "n/a", or null when nothing is undefined for a structural reason. */
  readonly missingWhy: string | null;
  /** Warnings to read before saving a profile, in order of severity. */
  readonly warnings: readonly string[];
}

/**
 * The limits of `report`.
 *
 * @example reportLimits(report).oneClass; // true when all 6 questions were right
 */
export function reportLimits(report: EvalReport): ReportLimits {
  const correct = report.per_question.filter((q) => q.correct).length;
  const wrong = report.per_question.length - correct;
  const n = report.per_question.length;
  const oneClass = n > 0 && (correct === 0 || wrong === 0);
  const small = n < SMALL_SAMPLE_QUESTIONS;
  const which = correct === 0 ? 'wrong' : 'right';
  const missingWhy = oneClass
    ? `n/a: undefined for this run. All ${n} evaluated answers were ${which}, so there is nothing to tell apart: AUROC, its intervals and the risk thresholds need both right and wrong answers.`
    : null;
  const warnings: string[] = [];
  if (oneClass)
    warnings.push(
      `All ${n} evaluated answers were ${which}: a profile fit on this run cannot tell right from wrong, and its thresholds are meaningless. Evaluate more (or harder) questions first.`,
    );
  if (small)
    warnings.push(
      `Only ${n} question${n === 1 ? '' : 's'} (${correct} right, ${wrong} wrong): thresholds fit on so few are rough and may not keep the risk they promise. ${SMALL_SAMPLE_QUESTIONS} or more is a reasonable minimum.`,
    );
  return { correct, wrong, oneClass, small, missingWhy, warnings };
}

/**
 * A report table cell as shown on screen: "NaN" (how `confide eval` prints an
 * undefined figure) becomes "n/a", so no undefined figure reads as a number.
 *
 * @example screenCell('NaN'); // 'n/a'
 */
export function screenCell(cell: string): string {
  return cell.replace(/\bNaN\b/g, 'n/a');
}
