/**
 * How well a model scores a labeled set: mean binary cross-entropy, AUROC
 * (midrank ties, NaN with one class) and Best-of-N selection accuracy, the
 * share of questions whose highest-scored candidate is correct (ties go to
 * the earliest candidate; questions are keyed by `question`).
 */
import { auroc } from '../../stats/auroc.ts';
import { bceWithLogit, type LabeledFeatures } from './backprop.ts';
import { sigmoid } from '../../stats/logistic-model.ts';
import { forwardActivations, type MlpParams } from './mlp.ts';

/** A labeled candidate with the question it answers and its database. */
export interface GroupedExample extends LabeledFeatures {
  readonly question: string;
  readonly group: string;
}

export interface Evaluation {
  readonly examples: number;
  readonly positives: number;
  readonly loss: number;
  readonly auroc: number;
  readonly questions: number;
  /** Share of questions whose top-scored candidate is correct. */
  readonly selectionAccuracy: number;
  /** Share of questions with at least one correct candidate (the Best-of-N ceiling). */
  readonly oracleAccuracy: number;
}

/**
 * Scores `examples` with `params` and summarizes (see {@link summarizeScores}).
 *
 * @example
 * const e = evaluateMlp(params, validation);
 * console.log(e.auroc, e.selectionAccuracy);
 */
export function evaluateMlp(params: MlpParams, examples: readonly GroupedExample[]): Evaluation {
  const scores = new Float64Array(examples.length);
  let loss = 0;
  examples.forEach((ex, i) => {
    const acts = forwardActivations(params, ex.x);
    const z = acts[acts.length - 1]![0]!;
    loss += bceWithLogit(z, ex.y);
    scores[i] = sigmoid(z);
  });
  return { ...summarizeScores(examples, scores), loss: examples.length === 0 ? NaN : loss / examples.length };
}

/**
 * Summarizes given scores P(correct) of labeled candidates; `loss` is the
 * mean binary cross-entropy of the scores (clamped to [1e-7, 1 − 1e-7]).
 *
 * @example
 * summarizeScores([{ question: 'q1', y: 1 }, { question: 'q1', y: 0 }], [0.9, 0.2]).selectionAccuracy; // 1
 */
export function summarizeScores(examples: readonly { readonly question: string; readonly y: 0 | 1 }[], scores: ArrayLike<number>): Evaluation {
  if (scores.length !== examples.length) throw new RangeError(`${scores.length} scores for ${examples.length} examples`);
  let loss = 0;
  const best = new Map<string, { score: number; y: number; any: boolean }>();
  examples.forEach((ex, i) => {
    const p = Math.min(1 - 1e-7, Math.max(1e-7, scores[i]!));
    loss -= ex.y === 1 ? Math.log(p) : Math.log(1 - p);
    const b = best.get(ex.question);
    if (b === undefined) best.set(ex.question, { score: scores[i]!, y: ex.y, any: ex.y === 1 });
    else {
      if (scores[i]! > b.score) {
        b.score = scores[i]!;
        b.y = ex.y;
      }
      b.any ||= ex.y === 1;
    }
  });
  const q = [...best.values()];
  const labels = examples.map((e) => e.y);
  return {
    examples: examples.length,
    positives: labels.filter((y) => y === 1).length,
    loss: examples.length === 0 ? NaN : loss / examples.length,
    auroc: auroc(scores, labels),
    questions: q.length,
    selectionAccuracy: q.length === 0 ? NaN : q.filter((b) => b.y === 1).length / q.length,
    oracleAccuracy: q.length === 0 ? NaN : q.filter((b) => b.any).length / q.length,
  };
}
