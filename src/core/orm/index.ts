/**
 * The outcome reward model's face for the app: the agreement shares a
 * candidate is scored with, and the types of what the ORM worker scores.
 * Only what the app uses is here, so the app's bundle stays free of the
 * featurizer and the model code (they run in the ORM worker); training and
 * the engines import the ORM's modules by path.
 *
 * @example
 * const agreement = agreementShares(buildClusters(view)); // one per candidate
 */
export { agreementShares } from './agreement.ts';
export type { Agreement, OrmItem } from './featurize.ts';
