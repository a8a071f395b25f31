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
export { answerGroups, questionView } from './answers.ts';
export { signalContributions, type SignalContribution } from './contributions.ts';
export { decide, targetRisks, type Decision } from './decide.ts';
export { signalLabel } from './signal-labels.ts';
export { runGeneration, type GenerationSettings, type RunStore } from './generation-run.ts';
