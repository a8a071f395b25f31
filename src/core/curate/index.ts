/**
 * Pure helpers of the curation pipeline: merge duplicate candidates, balance
 * labels 50/50, and report counts, balance and per-kind outcomes.
 *
 * @example
 * import { balance, curationReport, dedupeCandidates } from './core/curate/index.ts';
 */
export { balance } from './balance.ts';
export { type DedupedCandidate, dedupeCandidates, sourcesOf } from './dedupe.ts';
export { formatCurationReport } from './format.ts';
export { type CurationReport, type SourceTally, type Tally, curationReport } from './report.ts';
export { kindOfSource, mutantsToCandidates, mutationSource } from './sources.ts';
