/** Correctness signals over a question's N candidates, and their registry. */
export type { AnswerClusters, CandidateExec, CandidateView, Clustering, QuestionView, Signal } from './types.ts';
export { candidateExec, questionView, type CandidateParts, type QuestionParts } from './view.ts';
export { buildClusters, clusterBy, largestClusterHead } from './clusters.ts';
export { executionSc, stringSc, structuralSc } from './agreement.ts';
export { executability, logprob, verifierSignal } from './modal-signals.ts';
export { embeddedSchemaRelevance, questionText, schemaRelevance, usedNames } from './schema-relevance.ts';
export {
  computeSignals,
  createSignalRegistry,
  defaultSignals,
  knownSignalNames,
  registryWithVerifiers,
  VERIFIER_SIGNALS,
  type SignalRegistry,
  type SignalValues,
} from './registry.ts';
