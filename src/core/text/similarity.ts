/**
 * Lexical similarity between a question and a schema name: the default,
 * model-free scorer behind schema relevance.
 */
import { contentTokens } from './tokens.ts';
import { jaccard, trigrams } from './trigrams.ts';

/**
 * How well `question` mentions `phrase` (a table or column name), in [0, 1]:
 *
 *   sim = ½ · overlap + ½ · fuzzy
 *   overlap = |P ∩ Q| / |P|
 *   fuzzy   = mean over p ∈ P of max over q ∈ Q of J(tri(p), tri(q))
 *
 * where Q and P are the distinct stemmed content tokens (`contentTokens`) of
 * the question and the phrase, tri(w) the padded character trigrams of w and
 * J the Jaccard index. A phrase fully named in the question scores 1; one
 * sharing no trigram with it scores 0. Returns 0 when either side has no
 * content tokens.
 *
 * @example
 * lexicalSimilarity('What is the average age of singers?', 'singer_age'); // 1
 * lexicalSimilarity('How old is each singer?', 'singer_age');   // 0.5 (old ≠ age)
 * lexicalSimilarity('How old is each singer?', 'concert_venue'); // 0
 */
export function lexicalSimilarity(question: string, phrase: string): number {
  const q = [...new Set(contentTokens(question))];
  const p = [...new Set(contentTokens(phrase))];
  if (q.length === 0 || p.length === 0) return 0;
  const qSet = new Set(q);
  const qTri = q.map(trigrams);
  let hits = 0;
  let fuzzy = 0;
  for (const w of p) {
    if (qSet.has(w)) hits++;
    const tri = trigrams(w);
    let best = 0;
    for (const t of qTri) best = Math.max(best, jaccard(tri, t));
    fuzzy += best;
  }
  return 0.5 * (hits / p.length) + 0.5 * (fuzzy / p.length);
}
