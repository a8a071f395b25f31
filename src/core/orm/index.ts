/**
 * The outcome reward model's face for the app: the agreement shares a
 * candidate is scored with, the types of what the ORM worker scores, the
 * rows an evaluation run's prepared questions are scored in, and the
 * sidecar check and error codes a person's own model is loaded with. Only
 * what the app uses is here, so the app's bundle stays free of the
 * featurizer and the model code (they run in the ORM worker); training and
 * the engines import the ORM's modules by path.
 *
 * @example
 * const agreement = agreementShares(buildClusters(view)); // one per candidate
 */
export { agreementShares, viewAgreement } from './agreement.ts';
export { ORM_MAX_MODEL_BYTES, type OrmErrorData } from './errors.ts';
export { modelPairProblem, ORM_MAX_SIDECAR_BYTES, parseSidecar, type OrmSidecar } from './sidecar.ts';
export type { Agreement, OrmItem } from './featurize.ts';
export { poolAgreement, scorePreparedQuestions, scoreQuestions, type OrmQuestion, type OrmScoreFn, type ScoreQuestionsOptions } from './scoring.ts';
