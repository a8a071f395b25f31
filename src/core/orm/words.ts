/**
 * Words for schema linking: question text and schema names reduced to
 * comparable lowercase stems.
 *
 * Convention: a word is a maximal run of Unicode letters or digits; names are
 * also split at `_` and camelCase boundaries; a stem is core/text's `stem`
 * with its default `plurals` rules (a plural ending dropped from words longer
 * than three letters). Numbers keep their digits; the number words one to
 * twelve and "once"/"twice" count as numbers in questions.
 */
import { stem } from '../text/stem.ts';

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  once: 1,
  twice: 2,
};

/**
 * Lowercase words of free text, in order (numbers keep decimals: `3.5`).
 *
 * @example
 * textWords('How many singers are from France?'); // ['how', 'many', 'singers', 'are', 'from', 'france']
 */
export function textWords(text: string): string[] {
  return text.toLowerCase().match(/\d+(?:\.\d+)?|[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Stems of a schema name: split at `_`, spaces, digits and camelCase, lowercased.
 *
 * @example
 * nameStems('SingerInConcert'); // ['singer', 'in', 'concert']
 * nameStems('stu_ages');        // ['stu', 'age']
 */
export function nameStems(name: string): string[] {
  return [...nameStemsShared(name)];
}

/**
 * {@link nameStems} without the copy: the memo's own array, not to be changed.
 *
 * @example
 * nameStemsShared('stu_ages'); // ['stu', 'age']
 */
export function nameStemsShared(name: string): readonly string[] {
  let stems = NAME_STEMS.get(name);
  if (stems === undefined) {
    const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Za-z])(\d)/g, '$1 $2');
    stems = textWords(spaced).map((w) => stem(w));
    if (NAME_STEMS.size >= NAME_STEMS_KEPT) NAME_STEMS.clear();
    NAME_STEMS.set(name, stems);
  }
  return stems;
}

/** Schema names repeat on every candidate of a database: their stems are kept (a bounded memo, cleared when full). */
const NAME_STEMS = new Map<string, readonly string[]>();
const NAME_STEMS_KEPT = 8192;

/**
 * The numbers a text mentions: numerals and the number words one to twelve.
 *
 * @example
 * textNumbers('the top three songs after 2010'); // [3, 2010]
 */
export function textNumbers(text: string): number[] {
  const out: number[] = [];
  for (const w of textWords(text)) {
    if (/^\d/.test(w)) out.push(Number(w));
    else if (w in NUMBER_WORDS) out.push(NUMBER_WORDS[w]!);
  }
  return out;
}
