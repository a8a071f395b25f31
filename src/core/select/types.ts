/** A Best-of-N strategy: which one of a question's N candidates to answer with. */
import type { QuestionView } from '../signals/types.ts';

/**
 * Picks a candidate. `select` returns its index, -1 when the question has no
 * candidates, or null when the strategy cannot choose here (a verifier score
 * no candidate carries). `correct` holds the candidates' labels; only the
 * oracle reads it.
 */
export interface Strategy {
  readonly name: string;
  select(q: QuestionView, correct?: readonly boolean[]): number | null;
}
