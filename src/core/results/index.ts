/** Result equivalence (spider, spider-keep-distinct, bird), the texts each rule runs, fingerprints and candidate labels. */
export { cellKey, cellsEqual } from './cell-key.ts';
export { resultsEquivalent } from './equivalence.ts';
export { resultFingerprint, TIE_ORDER_LIMIT, type FingerprintOptions } from './fingerprint.ts';
export { groupingKey, NOISE_DIGITS } from './float-noise.ts';
export { labelCandidate, type CandidateLabel, type LabelOptions } from './label.ts';
export { labelText, type LabelText } from './label-text.ts';
export { EQUIVALENCE_RULES, isEquivalenceRule, ruleInfo, type RuleInfo } from './rules.ts';
export { removeDistinct, spiderText, type SpiderSide, type SpiderText } from './spider-text.ts';
export { DEFAULT_RULE, type Comparison, type CompareOptions, type EquivalenceRule, type ResultTable } from './types.ts';
export { comparisonOf } from './rules.ts';
