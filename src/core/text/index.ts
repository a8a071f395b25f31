/** Text similarity for schema relevance: lexical by default, an embedder when one is given. */
export { wordTokens, contentTokens } from './tokens.ts';
export { stem, type StemRules } from './stem.ts';
export { STOP_WORDS, LINK_STOP_WORDS } from './stop-words.ts';
export { trigrams, jaccard } from './trigrams.ts';
export { lexicalSimilarity } from './similarity.ts';
export { cosineSimilarity, embeddingSimilarities, type EmbedFn } from './embed.ts';
