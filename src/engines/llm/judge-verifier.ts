/**
 * The LLM judge as one of the Ask pipeline's verifiers: its scores join the
 * candidates' `scores` under `judge`, where the signal registry reads the
 * modal candidate's. Every candidate is judged (identical queries once), so
 * the per-candidate view has a score for each; a judge failure comes back as
 * data and leaves the signal missing rather than stopping the Ask.
 */
import type { Verifier, VerifierOutcome } from '../../core/pipeline/types.ts';
import { JUDGE_SIGNAL, type Judge } from './judge.ts';
import { LlmFailure } from './failure.ts';

/**
 * Wraps a {@link Judge} as a pipeline `Verifier` named `judge`.
 *
 * @example
 * const verifiers = judgeOn ? [createJudgeVerifier(createJudge(engine, modelId))] : [];
 */
export function createJudgeVerifier(judge: Judge): Verifier {
  return {
    name: JUDGE_SIGNAL,
    async score(input, signal): Promise<VerifierOutcome> {
      try {
        const scores = await judge.scoreCandidates(
          {
            schema: input.schema,
            question: input.question,
            ...(input.evidence === undefined ? {} : { evidence: input.evidence }),
            sqls: input.candidates.map((c) => c.sql),
          },
          signal === undefined ? {} : { signal },
        );
        return { ok: true, scores };
      } catch (thrown) {
        if (!(thrown instanceof LlmFailure)) throw thrown;
        return { ok: false, error: { code: thrown.error.code, message: thrown.error.message } };
      }
    },
  };
}
