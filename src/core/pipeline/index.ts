/**
 * The Ask pipeline: question → candidates → executions → verifier scores →
 * signals → P(correct) → decision at a chosen risk. Pure, with every
 * dependency (generator, SQL runner, verifiers, signal registry, calibration
 * profile) passed in.
 *
 * @example
 * const out = await runAsk(request, deps, { signal, onProgress });
 * if (out.ok) render(decide(out.result, deps.profile, 0.2));
 */
export * from './types.ts';
export { runAsk, type AskOptions } from './ask.ts';
export { executeCandidates, type ExecuteOptions } from './execute.ts';
export { answerGroups, compareGroups, runsView, P_TIE_TOLERANCE } from './answers.ts';
export { signalContributions, type SignalContribution } from './contributions.ts';
export { decide, DEFAULT_TARGET_RISK, riskWording, targetRisks, type Decision } from './decide.ts';
export {
  parseCandidateText,
  readingSummary,
  fixedCandidates,
  MAX_PASTED_CANDIDATES,
  MAX_CANDIDATE_TEXT_BYTES,
  type CandidateTextOutcome,
  type CandidateTextError,
  type CandidateTextErrorCode,
  type CandidateTextFormat,
} from './candidate-text.ts';
export { decisionLine, type DecisionLine } from './decision-line.ts';
export { signalPhrase, signalWords } from './signal-words.ts';
export { runGeneration, type GenerationSettings, type RunStore } from './generation-run.ts';
export { askRegistry } from './ask-registry.ts';
export { scoresOfVerifier } from '../verifiers/index.ts';
export { keepSources, copiesWords, type KeptCandidate } from './copies.ts';
export { answerSupport, supportWords, SUPPORT_GROUPS } from './group-support.ts';
export { tieMargin, tiedWithFirst, DEFAULT_TIE_MARGIN, MIN_TIE_MARGIN } from './ties.ts';
export { readPastedSql, SKIPPED_LISTED, type PasteReading, type ReadStatement, type SkippedText } from './paste-reading.ts';
export { riskChoices, choiceFor, choiceWords, thresholdOrderWords, type RiskChoice } from './risk-choices.ts';
