/**
 * Question cues and the SQL constructs that usually realize them: "how many"
 * ↔ COUNT, "average" ↔ AVG, "highest" ↔ ORDER BY … DESC LIMIT or MAX, … Each
 * cue contributes three indicators to the featurizer: the question has the cue
 * and the SQL the construct (agree), the cue without the construct (missing),
 * the construct without the cue (unasked). Cue patterns match lowercase text
 * on word boundaries; they are English-only.
 */
import type { SqlShape } from './shape.ts';

export interface Cue {
  readonly name: string;
  readonly question: RegExp;
  readonly sql: (s: SqlShape) => boolean;
}

const has = (s: SqlShape, ...kws: string[]): boolean => kws.some((k) => (s.counts.get(k) ?? 0) > 0);
const cmp = (s: SqlShape, ...ops: string[]): boolean => ops.some((o) => (s.comparisons.get(o) ?? 0) > 0);
const N = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten)';

/** The cue table, in feature order. Changing it changes the featurizer version. */
export const CUES: readonly Cue[] = [
  { name: 'count', question: /\b(how many|number of|count)\b/, sql: (s) => has(s, 'count') },
  { name: 'avg', question: /\b(average|mean|avg)\b/, sql: (s) => has(s, 'avg') },
  { name: 'sum', question: /\b(total|sum|combined)\b/, sql: (s) => has(s, 'sum') },
  {
    name: 'high',
    question: /\b(most|highest|largest|maximum|max|biggest|greatest|top|oldest|longest|latest|best)\b/,
    sql: (s) => (s.orderDesc && s.limit !== null) || has(s, 'max'),
  },
  {
    name: 'low',
    question: /\b(least|lowest|smallest|minimum|min|fewest|youngest|shortest|earliest|cheapest)\b/,
    sql: (s) => (s.orderAsc && s.limit !== null) || has(s, 'min'),
  },
  { name: 'superlative', question: /\b(\w{3,}est|most|least)\b/, sql: (s) => s.limit !== null || has(s, 'max', 'min') },
  { name: 'group', question: /\b(each|per|every|respectively|for different)\b/, sql: (s) => has(s, 'group') },
  { name: 'distinct', question: /\b(distinct|different|unique)\b/, sql: (s) => has(s, 'distinct') },
  { name: 'negation', question: /\b(not|never|without|no|none|except|excluding|other than)\b|n't\b/, sql: (s) => has(s, 'not', 'except') || cmp(s, '!=') },
  { name: 'both', question: /\bboth\b/, sql: (s) => has(s, 'intersect') },
  { name: 'either', question: /\b(either|or)\b/, sql: (s) => has(s, 'union', 'or') },
  { name: 'order', question: /\b(order|ordered|sorted|sort|ascending|descending|alphabetical|alphabetically|ranked)\b/, sql: (s) => has(s, 'order') },
  { name: 'descending', question: /\b(descending|decreasing|reverse)\b/, sql: (s) => s.orderDesc },
  {
    name: 'greater',
    question: /\b(more than|greater than|larger than|higher than|bigger than|above|over|at least|after|exceeds?)\b/,
    sql: (s) => cmp(s, '>', '>='),
  },
  { name: 'less', question: /\b(less than|fewer than|smaller than|lower than|below|under|at most|before)\b/, sql: (s) => cmp(s, '<', '<=') },
  {
    name: 'like',
    question: /\b(contain|contains|containing|includes?|substring|starts?|begins?|ends? with|letter|word)\b/,
    sql: (s) => has(s, 'like', 'glob'),
  },
  { name: 'between', question: /\bbetween\b/, sql: (s) => has(s, 'between') || (cmp(s, '>', '>=') && cmp(s, '<', '<=')) },
  { name: 'threshold', question: new RegExp(`\\b(more than|at least|fewer than|less than|at most) ${N}\\b`), sql: (s) => has(s, 'having') },
];

/**
 * The three indicators of every cue, in {@link CUES} order: agree, missing,
 * unasked (each 0 or 1).
 *
 * @example
 * cueIndicators('how many singers are there?', sqlShape(featureTokens('SELECT count(*) FROM singer'))).slice(0, 3);
 * // [1, 0, 0]: the count cue is asked and answered
 */
export function cueIndicators(questionLower: string, shape: SqlShape): number[] {
  return cueIndicatorsOf(cueQuestionFlags(questionLower), shape);
}

/**
 * Which cues a lowercase question has, in {@link CUES} order (the question's
 * half of {@link cueIndicators}, the same for every candidate of it).
 *
 * @example
 * cueQuestionFlags('how many singers are there?')[0]; // true
 */
export function cueQuestionFlags(questionLower: string): boolean[] {
  return CUES.map((cue) => cue.question.test(questionLower));
}

/**
 * {@link cueIndicators} from the question's cue flags (cueQuestionFlags).
 *
 * @example
 * cueIndicatorsOf(cueQuestionFlags('how many singers?'), sqlShape(featureTokens('SELECT count(*) FROM singer'))).slice(0, 3); // [1, 0, 0]
 */
export function cueIndicatorsOf(questionFlags: readonly boolean[], shape: SqlShape): number[] {
  const out: number[] = new Array<number>(3 * CUES.length);
  for (let i = 0; i < CUES.length; i++) {
    const q = questionFlags[i] === true;
    const s = CUES[i]!.sql(shape);
    out[3 * i] = q && s ? 1 : 0;
    out[3 * i + 1] = q && !s ? 1 : 0;
    out[3 * i + 2] = !q && s ? 1 : 0;
  }
  return out;
}
