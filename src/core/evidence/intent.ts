/**
 * What shape of answer a question asks for, read off its words (English
 * only, lowercase, word boundaries): a count ("how many"), a list ("which",
 * "list", "show", "what are"), one value per group ("for each", "per"), an
 * extreme ("highest", "most", "the oldest"), a percentage, an average or a
 * ratio. A question can ask several at once ("how many … for each …").
 * Also the years it names.
 */

export interface QuestionIntent {
  readonly count: boolean;
  readonly list: boolean;
  readonly each: boolean;
  readonly superlative: boolean;
  readonly percentage: boolean;
  /** An average, a ratio, a rate or a percentage: a value with a fraction. */
  readonly fraction: boolean;
  /** Years the question names (four digits, 1900–2099), as written. */
  readonly years: readonly string[];
}

const COUNT = /\b(how many|number of|count)\b/;
const LIST = /^(which|what|list|show|give|find|name|return|display|who|where|tell)\b|\b(list|show|give me|find|names? of|which)\b/;
const EACH = /\b(each|per|every|for all|respectively|by each|broken down by)\b/;
const SUPERLATIVE =
  /\b(most|least|highest|largest|maximum|biggest|greatest|top|oldest|longest|latest|best|lowest|smallest|minimum|fewest|youngest|shortest|earliest|cheapest|worst|newest|most recent)\b/;
const PERCENT = /\b(percent|percentage|per cent)\b|%/;
const FRACTION = /\b(average|mean|avg|ratio|rate|proportion|percent|percentage|per cent|share)\b|%/;

/**
 * The intent of `question`.
 *
 * @example questionIntent('How many orders did each customer place?'); // { count: true, each: true, … }
 */
export function questionIntent(question: string): QuestionIntent {
  const q = question.toLowerCase().trim();
  const count = COUNT.test(q);
  return {
    count,
    list: !count && LIST.test(q),
    each: EACH.test(q),
    superlative: SUPERLATIVE.test(q),
    percentage: PERCENT.test(q),
    fraction: FRACTION.test(q),
    years: [...new Set(q.match(/\b(19|20)\d\d\b/g) ?? [])],
  };
}
