/** Best-of-N selection and accuracy vs N. */
export type { Strategy } from './types.ts';
export { clusterBon, defaultStrategies, exBon, first, majorityExec, modal, oracle, verifierBon } from './strategies.ts';
export { accuracyVsN, defaultNs, selectionAccuracy, type AccuracyPoint } from './accuracy.ts';
