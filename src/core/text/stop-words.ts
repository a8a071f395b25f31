/**
 * Stop words: words that never link a question to a table or a column. One
 * list of function words every matcher drops, and two named extensions, one
 * per matcher: lexical similarity also drops pronouns, modals and the like;
 * schema linking (the ORM featurizer's features, fixed by the shipped model)
 * also drops the words nearly every schema has (`name`, `id`, …). Words are
 * lowercase and unstemmed.
 */

const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** English function words and the verbs of a question ("show", "list", "find"…). */
const FUNCTION_WORDS = words(`
  a an the of in on at to for from by with and or is are was were be been do
  does did what which who whom whose when where how many much all each every
  any some that this these those there their its it they than as me show list
  give find return tell have has had also please`);

/** More function words (negations, pronouns, modals, comparatives…), dropped by lexical similarity only. */
const MORE_FUNCTION_WORDS = words(`
  not no nor being why them he she his her then my i we our you your display
  get only more most least less both either per if s same whether into out
  about here can could would should will`);

/** Words nearly every schema has, too common to link a question to one name: dropped by schema linking only. */
const SCHEMA_FILLER_WORDS = words('number name names value values id');

/**
 * Lexical similarity's stop words: the function words and the more function words.
 *
 * @example
 * STOP_WORDS.has('would'); // true
 * STOP_WORDS.has('name');  // false
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...MORE_FUNCTION_WORDS]);

/**
 * Schema linking's stop words: the function words and the schema filler words.
 *
 * @example
 * LINK_STOP_WORDS.has('name');  // true
 * LINK_STOP_WORDS.has('would'); // false
 */
export const LINK_STOP_WORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...SCHEMA_FILLER_WORDS]);
