/**
 * The one stemmer: a lowercase word reduced to a stem that its plural (and,
 * with `inflections`, its `-ing`/`-ed` forms) shares. A few of Porter's
 * step-1 rules, not Porter. Applied to both sides of a comparison, so only
 * consistency matters, but a trained model's features hold the stems it was
 * trained on: the rule set a caller uses is part of its output.
 */

/**
 * Which rules {@link stem} applies. Both leave words under four letters
 * alone and turn `ies` into `y`.
 *
 * - `plurals` (schema linking and the ORM featurizer, fixed by the shipped
 *   model's features): words starting with a digit stay as they are; `es`
 *   goes after s, x, z, ch or sh; a final `s` goes unless it follows another
 *   `s`. `status` → `statu`, `houses` → `hous`, `1990s` stays.
 * - `inflections` (lexical similarity): `es` goes after ss, x, z, ch or sh;
 *   a final `s` goes unless the word ends in `ss`, `us` or `is`; then `ing`
 *   (6+ letters) or `ed` (5+ letters) goes; then a final `e` goes (4+
 *   letters). `named`, `names` and `name` all become `nam`; `status` stays.
 */
export type StemRules = 'plurals' | 'inflections';

/**
 * Stem of a lowercase word under `rules` (default `plurals`; see
 * {@link StemRules}).
 *
 * @example
 * stem('countries');               // 'country'
 * stem('singers');                 // 'singer'
 * stem('status');                  // 'statu'
 * stem('status', 'inflections');   // 'status'
 * stem('named', 'inflections');    // 'nam'
 */
export function stem(word: string, rules: StemRules = 'plurals'): string {
  const plurals = rules === 'plurals';
  if (word.length < 4 || (plurals && /^\d/.test(word))) return word;
  let w = word;
  if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if ((plurals ? /(s|x|z|ch|sh)es$/ : /(ss|x|z|ch|sh)es$/).test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !(plurals ? /ss$/ : /(ss|us|is)$/).test(w)) w = w.slice(0, -1);
  if (plurals) return w;
  if (w.length >= 6 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length >= 5 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length >= 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}
