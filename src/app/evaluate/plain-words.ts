/**
 * The evaluation report in plain words, beside the tables `confide eval`
 * prints (whose titles and cells stay the CLI's, so the two can be compared):
 * what each table measures and what a good value looks like, and for the
 * rows whose names are jargon (signals such as `execution_sc`, strategies
 * such as `ex_bon`, "certified: no") a column saying what they are. Words
 * only: every number on the page comes from the report.
 */
import type { EvalReport, ReportTable } from '../../core/eval/index.ts';
import { signalWords } from '../../core/pipeline/index.ts';

/** What each table says, and what is good, keyed by the table's id (core/eval/tables.ts); the certificate's is tableNote's. */
const TABLE_NOTES: Readonly<Record<string, string>> = {
  signals:
    'How well each signal tells right answers from wrong ones. AUROC is the chance that a right answer scores higher than a wrong one: 0.5 is chance (a coin flip), 1 is perfect, and above about 0.7 is useful. Ties count as half ("midrank"). The 95% interval comes from resampling the questions: if it includes 0.5, the signal may be no better than chance on this data. ECE is how far the values are from the real share of right answers when read as probabilities (0 is perfect; under 0.05 is good). n is how many questions the signal has a value for.',
  paired:
    'Two signals compared on the same resampled questions: "diff" is the AUROC of a minus that of b. If the interval does not include 0, one really ranks answers better than the other here; if it does, the difference may be noise.',
  'error-correlation':
    "How alike two scorers' mistakes are (from −1 to 1). Low: they go wrong on different questions, so combining them can help. Near 1: they make the same mistakes.",
  combiner:
    'The signals combined into one P(correct). Each question is scored by a model fit without it ("cross-fit"), so these figures are not flattered by fitting. Higher AUROC means better ranking; lower ECE, MCE (the worst bin\'s gap) and Brier (the mean squared error of P) mean better calibrated probabilities. The last row is the combination minus its best single signal.',
  'combiner-guard':
    'What the combiner kept: it drops signals that are (nearly) constant, starts from the best single signal, and adds the others only where that beats the best signal alone; otherwise P(correct) is that signal\'s calibrated value. "No better than its best input" means combining did not help on this data.',
  reliability:
    'Calibration in bins: questions grouped by their P(correct). For a trustworthy P, the accuracy in each bin is close to its mean confidence (the diagonal in the plot). Bins with few questions say little.',
  selective:
    'Answering only when the score clears a threshold. For each target risk the threshold is chosen on half the questions (calibration) and measured on the other half (test). Coverage is the share of questions answered, risk the share of those answers that were wrong. Good: risk at or under its target with coverage as high as possible. "none (no valid subset)": no threshold kept the risk that low on the calibration half.',
  'reliability-score':
    'One number for answering and abstaining together: +1 per right answer, −c per wrong one, 0 per question abstained on, averaged over the test questions. RS(0) is the share answered right; RS(10) counts a wrong answer as costly as ten right ones. Higher is better; below 0, abstaining on everything would have scored better.',
  'by-pool-size':
    "How the calibration profile from this run does when there are fewer candidates: each question's pool cut to N of its candidates (N = 1 is one pasted query), judged by the profile's model for that many (a model per band of pool sizes), as Ask judges it: its best guess and that guess's P. ECE under 0.05 means the P can be read as a probability at that pool size. Each risk column gives coverage and risk on the test half at that risk's threshold (never below P 0.5): good when the risk stays at or under its target.",
  selection:
    'Best-of-N: with N candidates for each question, which one to pick. Accuracy is the share of questions whose pick is right. "oracle" (any candidate right) is a ceiling no way of picking can pass; compare every other row with majority_exec, the plain majority vote.',
  'accuracy-vs-n':
    'How the accuracy of each way of picking changes with the number of candidates N (the mean over random subsets of N). A rising line means more samples help.',
};

/**
 * The note beside table `id` (null for a table without one); the
 * certificate's states its own confidence level and grid.
 *
 * @example tableNote('signals', report); // 'How well each signal tells right answers from wrong ones. …'
 */
export function tableNote(id: string, report: Pick<EvalReport, 'certificate'>): string | null {
  if (id !== 'certificate') return TABLE_NOTES[id] ?? null;
  const c = report.certificate;
  const sure = `${Math.round((1 - c.delta) * 100)}%`;
  return `A guarantee rather than an estimate. "Certified: yes" means that, with probability at least ${sure}, answering at or above the threshold keeps the share of wrong answers at or under the target on questions like these, whatever the data. "Certified: no" means the ${c.n_test} test questions hold too few answers, or too many errors, to guarantee that target; it does not say the risk is higher. The upper bound is the worst error rate still consistent with what was seen (an exact binomial bound, "Clopper–Pearson"), checked at every threshold of the grid ${c.grid} with the ${Math.round(c.delta * 100)}% allowance for error shared between them ("Bonferroni").`;
}

/**
 * A selection strategy in words.
 *
 * @example strategyWords('ex_bon'); // 'the first candidate that runs and returns rows'
 */
export function strategyWords(name: string): string {
  if (name.startsWith('verifier_bon:')) return `the single candidate the ${name.slice(13)} verifier scores highest`;
  if (name.startsWith('cluster_bon:')) return `the result whose candidates the ${name.slice(12)} verifier scores highest on average`;
  const words: Record<string, string> = {
    first: 'the first candidate, as sampled',
    modal: 'the most frequent query text',
    majority_exec: 'the result most candidates return (majority vote)',
    ex_bon: 'the first candidate that runs and returns rows',
    oracle: 'any candidate, if one is right (pass@N): the ceiling',
  };
  return words[name] ?? '';
}

/**
 * The "In plain words" cell of a table's row, or null when the table has no such column.
 *
 * @example plainCell(selectionTable, ['ex_bon', '85.0%'], report); // 'the first candidate that runs and returns rows'
 */
export function plainCell(table: Pick<ReportTable, 'id'>, row: readonly string[], report: Pick<EvalReport, 'certificate'>): string | null {
  const first = row[0] ?? '';
  switch (table.id) {
    case 'signals':
      return signalWords(first.startsWith('scores.') ? first.slice(7) : first);
    case 'selection':
      return strategyWords(first);
    case 'certificate':
      return row[1] === 'yes'
        ? `guaranteed at this target (${Math.round((1 - report.certificate.delta) * 100)}% confidence)`
        : 'cannot be guaranteed with this test half';
    default:
      return null;
  }
}
