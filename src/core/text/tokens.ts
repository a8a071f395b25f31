/**
 * Words for schema relevance: split identifiers and prose alike into
 * lowercase word tokens, strip common English suffixes, drop function words.
 */

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
 * A tiny suffix stripper (a few of Porter's step-1 rules, not Porter): on
 * words of 4+ letters, `ies` → `y`, `sses` → `ss`, `xes`/`ches`/`shes`/`zes`
 * lose `es`, a final `s` goes unless the word ends in `ss`, `us` or `is`;
 * then `ing` (6+ letters) and `ed` (5+ letters) go; then a final `e` goes
 * (4+ letters). Applied to both sides of a comparison, so only consistency
 * matters: `named`, `names` and `name` all become `nam`.
 *
 * @example
 * stem('countries'); // 'country'
 * stem('singers');   // 'singer'
 * stem('ages');      // 'age'
 */
export function stem(word: string): string {
  let w = word;
  if (w.length < 4) return w;
  if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(x|ch|sh|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length >= 6 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length >= 5 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length >= 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/**
 * English function words and the verbs of a question ("show", "list",
 * "find"…) that never name a table or a column.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an the of in on at to for from by with and or not no nor is are was were be been
  being do does did what which who whom whose when where why how many much all each
  every any some that this these those there their its it they them he she his her
  than then as me my i we our you your show list give find return display tell get
  have has had also only more most least less both either per if please s same
  whether into out about does there here can could would should will`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Stemmed word tokens of `text` minus stop words, in order (repeats kept).
 *
 * @example
 * contentTokens('What are the ages of all singers?'); // ['age', 'singer']
 */
export function contentTokens(text: string): string[] {
  return wordTokens(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stem);
}
