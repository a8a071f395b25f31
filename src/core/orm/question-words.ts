/**
 * What the featurizer (featurize.ts) reads off a question, the same for each
 * of its candidates: its word count, its distinct word stems and its cues.
 */
import { stem } from '../text/stem.ts';
import { cueQuestionFlags } from './cues.ts';
import { boundedMemo } from './memo.ts';
import { textWords } from './words.ts';

export interface QuestionWords {
  /** How many words it has. */
  readonly words: number;
  /** Its distinct word stems in order (numbers as `<num>`). */
  readonly stems: readonly string[];
  /** Which question cues it has (cues.ts). */
  readonly cues: readonly boolean[];
}

/**
 * A question's words. Questions repeat once per candidate: their readings are
 * kept (a bounded memo, cleared when full).
 *
 * @example questionWords('How many singers are there?').stems; // the distinct stems, in order
 */
export const questionWords = boundedMemo(1024, (question: string): QuestionWords => {
  const words = textWords(question);
  return {
    words: words.length,
    stems: [...new Set(words.map((w) => (/^\d/.test(w) ? '<num>' : stem(w))))],
    cues: cueQuestionFlags(question.toLowerCase()),
  };
});
