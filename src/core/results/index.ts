/** Result equivalence (spider, bird), fingerprints and candidate labels. */
export { cellKey, cellsEqual } from './cell-key.ts';
export { resultsEquivalent } from './equivalence.ts';
export { resultFingerprint, TIE_ORDER_LIMIT, type FingerprintOptions } from './fingerprint.ts';
export { groupingKey, NOISE_DIGITS } from './float-noise.ts';
export { labelCandidate, type CandidateLabel, type LabelOptions } from './label.ts';
export { hasOrderBy } from './order-by.ts';
export { DEFAULT_RULE, type CompareOptions, type EquivalenceRule, type ResultTable } from './types.ts';
