/**
 * What Confide knows about a verifier, in one place: the scores it gives each
 * candidate and how each reads. The engine that computes them lives in
 * `src/engines/` (one per shell-independent contract, `pipeline/types.ts`'s
 * `Verifier`); everything else (which signals exist, which scores a cut pool
 * drops, the words in reasons and in Evaluate, whether a profile reads the
 * verifier) is derived from these descriptors (`verifiers/index.ts`).
 */

/** One score a verifier gives every candidate; a signal of the same name reads the modal candidate's. */
export interface VerifierScore {
  /** The name in a candidate's `scores`, a signal's name and a profile's input (`orm_sql`). */
  readonly name: string;
  /** A few plain words for a decision's reasons ("the LLM judge"). */
  readonly phrase: string;
  /** What it measures in a person's words, for Evaluate's signal table. */
  readonly words: string;
  /**
   * True when a candidate's score reads the other candidates of its pool (the
   * reward model given the candidate's agreement with them): a pool cut to
   * fewer candidates drops it rather than keep a value it no longer means.
   */
  readonly readsPool: boolean;
}

/** A verifier: its name (a pipeline `Verifier` of this name gives its scores), its title and its scores. */
export interface VerifierDescriptor {
  /** The verifier's name; its first score carries the same name (`orm`). */
  readonly name: string;
  /** What it is, for a person ("the outcome reward model"). */
  readonly title: string;
  /** Its scores, the one named as the verifier first. */
  readonly scores: readonly VerifierScore[];
}
