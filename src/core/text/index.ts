/** Text similarity for schema relevance: lexical by default, an embedder when one is given. */
export { wordTokens, stem, STOP_WORDS, contentTokens } from './tokens.ts';
export { trigrams, jaccard } from './trigrams.ts';
export { lexicalSimilarity } from './similarity.ts';
export { cosineSimilarity, embeddingSimilarities, type EmbedFn } from './embed.ts';
