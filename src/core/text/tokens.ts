/**
 * Words for schema relevance: split identifiers and prose alike into
 * lowercase word tokens, strip common English suffixes (stem.ts, its
 * `inflections` rules), drop function words (stop-words.ts, `STOP_WORDS`).
 */
import { stem } from './stem.ts';
import { STOP_WORDS } from './stop-words.ts';

/**
 * Lowercase word tokens of `text`: split on anything that is not a letter or
 * digit, between a lowercase letter and an uppercase one (`singerAge`), before
 * the last capital of a run of capitals (`HTMLCode` → html, code), and between
 * letters and digits (`song2name` → song, 2, name).
 *
 * @example
 * wordTokens("Singer_ID, songReleaseYear's"); // ['singer', 'id', 'song', 'release', 'year', 's']
 */
export function wordTokens(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(?=\d)/g, '$1 ')
    .replace(/(\d)(?=[A-Za-z])/g, '$1 ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * Stemmed word tokens of `text` minus stop words, in order (repeats kept).
 *
 * @example
 * contentTokens('What are the ages of all singers?'); // ['age', 'singer']
 */
export function contentTokens(text: string): string[] {
  return wordTokens(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => stem(w, 'inflections'));
}
