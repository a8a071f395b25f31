/**
 * Character trigrams for fuzzy word matching.
 */

/**
 * The set of character trigrams of `word`, padded with one `#` on each side
 * so that short words still have trigrams and word edges count:
 * `age` → {#ag, age, ge#}. The empty word has none.
 *
 * @example
 * [...trigrams('age')]; // ['#ag', 'age', 'ge#']
 */
export function trigrams(word: string): Set<string> {
  const out = new Set<string>();
  if (word.length === 0) return out;
  const padded = `#${word}#`;
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/**
 * Jaccard index |A ∩ B| / |A ∪ B| of two sets; 0 when both are empty.
 *
 * @example
 * jaccard(trigrams('singer'), trigrams('singers')); // 5 / 7
 */
export function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}
