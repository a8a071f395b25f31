/**
 * One decision as a line of `confide ask` output (JSON Lines), the format
 * other tools read:
 *
 *   {"id": …, "decision": "answer" | "abstain", "candidate": index | null,
 *    "sql": string | null, "p_correct": number | null, "reasons": [string, …]}
 *
 * `candidate` indexes the question's input candidates (0-based) and is set
 * only when Confide answers; `sql` is that candidate's query. `p_correct` is
 * the estimated P(correct) of the best result group (the one answered with,
 * or that would have been), null when it could not be estimated.
 */
import type { Decision } from './decide.ts';
import type { AskResult } from './types.ts';

export interface DecisionLine {
  readonly id: string;
  readonly decision: 'answer' | 'abstain';
  readonly candidate: number | null;
  readonly sql: string | null;
  readonly p_correct: number | null;
  readonly reasons: readonly string[];
}

/**
 * The output line for one question.
 *
 * @example decisionLine('dev_0001', result, decide(result, profile, 0.1)); // { id: 'dev_0001', decision: 'answer', candidate: 3, … }
 */
export function decisionLine(id: string, result: AskResult, decision: Decision): DecisionLine {
  const answered = decision.kind === 'answer' && decision.candidate >= 0;
  return {
    id,
    decision: answered ? 'answer' : 'abstain',
    candidate: answered ? decision.candidate : null,
    sql: answered ? (result.candidates[decision.candidate]!.sql ?? null) : null,
    p_correct: Number.isFinite(decision.probability) ? decision.probability : null,
    reasons: decision.reasons,
  };
}
