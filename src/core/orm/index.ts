/**
 * The outcome reward model's face for the app and the other layers: the
 * agreement shares a candidate is scored with, the item and feature types, the
 * model's sidecar and its typed errors. Training (fit, backprop, adam) and the
 * featurizer's internals are imported by path from the training code only.
 *
 * @example
 * const items = view.candidates.map((c, i) => ({ ...c, agreement: agreementShares(clusters)[i] }));
 */
export { agreementShares, viewAgreement, withAgreement } from './agreement.ts';
export { featurize, featurizeBatch, type Agreement, type OrmItem, type SparseFeatures } from './featurize.ts';
export { ORM_MAX_MODEL_BYTES, OrmError, toOrmErrorData, type OrmErrorCode, type OrmErrorData } from './errors.ts';
export { ORM_INPUT, ORM_OUTPUT, parseSidecar, type OrmSidecar } from './sidecar.ts';
