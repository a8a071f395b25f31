/**
 * One decision as a line of `confide ask` output (JSON Lines), the format
 * other tools read:
 *
 *   {"id": …, "decision": "answer" | "abstain", "candidate": index | null,
 *    "best": index | null, "best_sql": string | null, "sql": string | null,
 *    "p_correct": number | null, "pool": n, "given": n, "threshold": number | null,
 *    "ruled_out": [finding code, …], "reasons": [string, …]}
 *
 * `candidate` indexes the question's input candidates (0-based; of copies
 * from one paste, which count once, the first) and is set only when Confide
 * answers; `sql` is that candidate's query. `best` is the
 * best guess on every line, abstentions too: the shown candidate of the top
 * result group (the one answered with, or that would have been; the most
 * common query when none ran), so withheld answers can be checked;
 * `best_sql` is its query. `p_correct` is the best guess's estimated
 * P(correct), null when it could not be estimated; `pool` the number of
 * candidates judged (copies of one query from one paste count once) and
 * `given` the number given; `threshold` the P this risk setting needed for a
 * pool of `pool` (null: it never answers there). `ruled_out` names what the
 * best guess's result shows that keeps Confide from answering with it
 * whatever its P (a mistake, or a likely one in a query no other query
 * agrees with; core/pipeline/decide.ts), empty when nothing does.
 */
import type { Decision } from './decide.ts';
import type { AskResult } from './types.ts';

export interface DecisionLine {
  readonly id: string;
  readonly decision: 'answer' | 'abstain';
  readonly candidate: number | null;
  readonly best: number | null;
  readonly best_sql: string | null;
  readonly sql: string | null;
  readonly p_correct: number | null;
  readonly pool: number;
  readonly given: number;
  readonly threshold: number | null;
  readonly ruled_out: readonly string[];
  readonly reasons: readonly string[];
}

/**
 * The output line for one question.
 *
 * @example decisionLine('dev_0001', result, decide(result, profile, 0.1)); // { id: 'dev_0001', decision: 'answer', candidate: 3, … }
 */
export function decisionLine(id: string, result: AskResult, decision: Decision): DecisionLine {
  const answered = decision.kind === 'answer' && decision.candidate >= 0;
  const best = decision.candidate >= 0 ? decision.candidate : null;
  // Indices into the candidates given: a kept copy stands where its first copy stood (copies.ts).
  const given = (i: number): number => result.candidates[i]!.index;
  return {
    id,
    decision: answered ? 'answer' : 'abstain',
    candidate: answered ? given(decision.candidate) : null,
    best: best === null ? null : given(best),
    best_sql: best === null ? null : (result.candidates[best]!.sql ?? null),
    sql: answered ? (result.candidates[decision.candidate]!.sql ?? null) : null,
    p_correct: Number.isFinite(decision.probability) ? decision.probability : null,
    pool: decision.poolSize,
    given: result.given,
    threshold: decision.threshold,
    ruled_out: [...new Set(decision.ruledOut.map((f) => f.code))],
    reasons: [...decision.reasons, ...decision.smallPool],
  };
}
