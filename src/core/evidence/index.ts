/**
 * Evidence from what a query returns: one candidate's result read against
 * the question and the database (result shape vs intent, SQL smells, small
 * probe queries), as features a verifier reads and findings a person reads.
 */
export { EVIDENCE_FEATURES, type CandidateEvidence, type EvidenceFeature, type Finding, type FindingCode } from './types.ts';
export { gatherEvidence, type EvidenceCandidate, type Gathered, type GatherOptions } from './gather.ts';
export { questionIntent, type QuestionIntent } from './intent.ts';
export { MAX_PROBES } from './probes.ts';
