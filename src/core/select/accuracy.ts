/**
 * How often a strategy picks a correct candidate, over a benchmark and as the
 * number of samples N grows (GradeSQL's accuracy-vs-N curves).
 */
import type { QuestionView } from '../signals/types.ts';
import type { Rng } from '../stats/rng.ts';
import type { Strategy } from './types.ts';

/** One point of an accuracy-vs-N curve. */
export interface AccuracyPoint {
  readonly strategy: string;
  readonly n: number;
  readonly accuracy: number;
}

function checkLabels(questions: readonly QuestionView[], labels: readonly (readonly boolean[])[]): void {
  if (labels.length !== questions.length) {
    throw new RangeError(`labels: ${labels.length} label rows for ${questions.length} questions`);
  }
  questions.forEach((q, i) => {
    if (labels[i]!.length !== q.candidates.length) {
      throw new RangeError(`labels: question ${i} has ${q.candidates.length} candidates and ${labels[i]!.length} labels`);
    }
  });
}

/** 1 when the pick is correct, 0 when wrong or when there is nothing to pick, null when the strategy cannot choose. */
function score(strategy: Strategy, q: QuestionView, correct: readonly boolean[]): number | null {
  const pick = strategy.select(q, correct);
  if (pick === null) return null;
  return pick >= 0 && correct[pick] ? 1 : 0;
}

/**
 * Share of questions where `strategy` picks a correct candidate. A question
 * with no candidates counts as wrong. NaN when there are no questions or
 * when the strategy cannot choose for some question (its accuracy over this
 * set is undefined). `labels[i][j]`: whether candidate j of question i is correct.
 *
 * @example
 * selectionAccuracy(views, labels, majorityExec); // 0.71
 */
export function selectionAccuracy(questions: readonly QuestionView[], labels: readonly (readonly boolean[])[], strategy: Strategy): number {
  checkLabels(questions, labels);
  if (questions.length === 0) return NaN;
  let sum = 0;
  for (let i = 0; i < questions.length; i++) {
    const s = score(strategy, questions[i]!, labels[i]!);
    if (s === null) return NaN;
    sum += s;
  }
  return sum / questions.length;
}

/**
 * The default sample sizes: 1, 2, 4, 8, … below the largest pool, then the
 * largest pool size itself.
 *
 * @example
 * defaultNs(12); // [1, 2, 4, 8, 12]
 */
export function defaultNs(poolSize: number): number[] {
  const ns: number[] = [];
  for (let n = 1; n < poolSize; n *= 2) ns.push(n);
  if (poolSize >= 1) ns.push(poolSize);
  return ns;
}

/**
 * `k` of `n` indices drawn uniformly without replacement (partial
 * Fisher–Yates on `rng.next()`), returned in ascending order.
 */
function subset(n: number, k: number, rng: Pick<Rng, 'next'>): number[] {
  const idx = new Array<number>(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  for (let i = 0; i < k; i++) {
    const j = i + Math.min(n - i - 1, Math.floor(rng.next() * (n - i)));
    const t = idx[i]!;
    idx[i] = idx[j]!;
    idx[j] = t;
  }
  // The first k, ascending (insertion sort: k is a sample size, small).
  const out = idx.slice(0, k);
  for (let i = 1; i < k; i++) {
    const v = out[i]!;
    let j = i - 1;
    for (; j >= 0 && out[j]! > v; j--) out[j + 1] = out[j]!;
    out[j + 1] = v;
  }
  return out;
}

/**
 * Accuracy of each strategy when only N samples are available, for each N in
 * `ns`: per question, `draws` random subsets of size N (without replacement,
 * original order kept) are scored and averaged; a question with at most N
 * candidates uses its whole pool once (the strategies are deterministic).
 * Every strategy sees the same subsets. The value is the mean over questions;
 * NaN where a strategy cannot choose on some subset (see `selectionAccuracy`).
 * Draws are taken N by N, question by question, so a seed fixes the result.
 *
 * @example
 * accuracyVsN(views, labels, [modal, majorityExec, oracle], undefined, { rng: createRng(7) });
 * // [{strategy: 'modal', n: 1, accuracy: 0.62}, …, {strategy: 'oracle', n: 8, accuracy: 0.88}]
 */
export function accuracyVsN(
  questions: readonly QuestionView[],
  labels: readonly (readonly boolean[])[],
  strategies: readonly Strategy[],
  ns: readonly number[] = defaultNs(Math.max(0, ...questions.map((q) => q.candidates.length))),
  options: { readonly rng: Pick<Rng, 'next'>; readonly draws?: number },
): AccuracyPoint[] {
  checkLabels(questions, labels);
  const draws = options.draws ?? 50;
  if (!Number.isInteger(draws) || draws < 1) throw new RangeError(`accuracyVsN: draws must be a positive integer, got ${draws}`);
  const out: AccuracyPoint[] = [];
  for (const n of ns) {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`accuracyVsN: N must be a positive integer, got ${n}`);
    const sums = strategies.map(() => 0);
    questions.forEach((q, qi) => {
      const size = q.candidates.length;
      const rounds = size <= n ? 1 : draws;
      for (let d = 0; d < rounds; d++) {
        const idx = size <= n ? null : subset(size, n, options.rng);
        const view = idx === null ? q : { ...q, candidates: idx.map((i) => q.candidates[i]!) };
        const correct = idx === null ? labels[qi]! : idx.map((i) => labels[qi]![i]!);
        strategies.forEach((s, si) => {
          const v = score(s, view, correct);
          sums[si]! += v === null ? NaN : v / rounds;
        });
      }
    });
    strategies.forEach((s, si) => {
      out.push({ strategy: s.name, n, accuracy: questions.length === 0 ? NaN : sums[si]! / questions.length });
    });
  }
  return out;
}
