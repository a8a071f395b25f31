/**
 * Confide's statistics: tie-robust AUROC with a paired bootstrap, Pearson
 * correlation, the cross-fit logistic combiner, calibration (ECE, MCE,
 * Brier, reliability), risk–coverage with selective thresholds, a
 * distribution-free risk certificate, and TrustSQL's reliability score RS(c).
 * Pure functions over `ArrayLike<number>`;
 * `NaN` marks a missing score; randomness comes from a seeded {@link Rng}.
 *
 * @example
 * import { auroc, pairedBootstrap, createRng } from './stats/index.ts';
 * const r = pairedBootstrap({ sc, logprob }, correct, createRng(1));
 */
export { createRng, type Rng } from './rng.ts';
export { presentIndices, presentWeights, pick, toBinary, type Labels, type Scores } from './labels.ts';
export { quantileSorted, percentileInterval } from './quantile.ts';
export { auroc, aurocDetail, midranks, type AurocResult } from './auroc.ts';
export { aurocWeighted, presort, type Presorted } from './auroc-weighted.ts';
export { resampleCounts } from './resample.ts';
export {
  pairedBootstrap,
  type BootstrapOptions,
  type BootstrapResult,
  type PairedInterval,
  type SignalInterval,
} from './bootstrap.ts';
export { pearson } from './pearson.ts';
export { solveSpd } from './cholesky.ts';
export { fitLogistic, type LogisticFit, type LogisticOptions } from './logistic.ts';
export { predictLogistic, sigmoid, softplus, type LogisticModel } from './logistic-model.ts';
export {
  applyStandardization,
  fitStandardization,
  standardizeRows,
  type Standardization,
} from './standardize.ts';
export {
  crossfitLogistic,
  assignFolds,
  fitCombiner,
  predictCombiner,
  type CombinerModel,
  type CrossfitOptions,
  type FoldAssignment,
  type CrossfitResult,
} from './crossfit.ts';
export { calibration, ece, type CalibrationReport, type ReliabilityBin } from './calibration.ts';
export {
  riskCoverage,
  selectiveAtRisk,
  splitHalf,
  type RiskCoverageCurve,
  type RiskCoveragePoint,
  type SelectiveResult,
} from './risk-coverage.ts';
export { logGamma } from './gamma.ts';
export { betaQuantile, regularizedBeta } from './beta.ts';
export { clopperPearsonUpper } from './clopper-pearson.ts';
export {
  certify,
  probabilityGrid,
  quantileGrid,
  type Certificate,
  type CertificateOptions,
  type CertifiedTarget,
  type GridBound,
} from './certificate.ts';
export { rocCurve, type RocPoint } from './roc.ts';
export { answerCounts, bestReliabilityThreshold, reliabilityScore, type AnswerCounts } from './reliability-score.ts';
export {
  crossfitGuarded,
  fitGuardedCombiner,
  GUARD_LAMBDAS,
  type GuardChoice,
  type GuardedCrossfitResult,
  type GuardedFit,
  type GuardedOptions,
} from './guarded.ts';
