/**
 * A pluggable text embedder, so that a model can replace the lexical scorer
 * in schema relevance (the study uses embedding similarity).
 */

/** Embeds texts, one vector per text, in order; sync or async. */
export type EmbedFn = (texts: string[]) => Promise<Float32Array[]> | Float32Array[];

/**
 * Cosine similarity a·b / (|a| |b|), in [-1, 1]. A length mismatch is a
 * RangeError; a zero vector gives NaN (the angle is undefined).
 *
 * @example
 * cosineSimilarity(new Float32Array([1, 0]), new Float32Array([1, 1])); // ≈ 0.7071
 */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) {
    throw new RangeError(`cosineSimilarity: vectors of lengths ${a.length} and ${b.length}`);
  }
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  if (na === 0 || nb === 0) return NaN;
  return Math.max(-1, Math.min(1, dot / Math.sqrt(na * nb)));
}

/**
 * Cosine similarity of `question` with each phrase, embedding all texts in
 * one call (`[question, ...phrases]`). The embedder must return one vector
 * per text (RangeError otherwise).
 *
 * @example
 * await embeddingSimilarities(embed, 'How old is each singer?', ['singer', 'age']); // [0.81, 0.64]
 */
export async function embeddingSimilarities(embed: EmbedFn, question: string, phrases: readonly string[]): Promise<number[]> {
  const vectors = await embed([question, ...phrases]);
  if (vectors.length !== phrases.length + 1) {
    throw new RangeError(`embeddingSimilarities: ${phrases.length + 1} texts gave ${vectors.length} vectors`);
  }
  return phrases.map((_, i) => cosineSimilarity(vectors[0]!, vectors[i + 1]!));
}
