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

/**
 * What a verifier with a switch of its own needs for it: `confide`'s flags
 * (`--<flag> FILE` scores with that model, `--no-<flag>` with none;
 * cli/verifier-flags.ts) and the page's checkbox under Ask
 * (app/ask/verifier-toggle.ts), on by default when the active profile reads
 * one of its scores.
 */
export interface VerifierControl<Flag extends string = string> {
  readonly flag: Flag;
  /** `confide ask --<flag>`'s help: the model file it takes and the default. */
  readonly askHelp: string;
  /** `confide eval --<flag>`'s help. */
  readonly evalHelp: string;
  /** `--no-<flag>`'s help. */
  readonly offHelp: string;
  /** The checkbox's label, and the summary of the fold that explains it. */
  readonly checkbox: string;
  readonly about: string;
  /** The fold's words when the active profile (named) reads one of its scores. */
  whenRead(profile: string): string;
  /** The fold's words when the active profile reads none of them. */
  readonly whenUnread: string;
}

/** A verifier: its name (a pipeline `Verifier` of this name gives its scores), its title and its scores. */
export interface VerifierDescriptor<Flag extends string = string> {
  /** The verifier's name; its first score carries the same name (`orm`). */
  readonly name: string;
  /** What it is, for a person ("the outcome reward model"). */
  readonly title: string;
  /** Its scores, the one named as the verifier first. */
  readonly scores: readonly VerifierScore[];
  /** Its switch, when it has one of its own (the judge runs whenever a chat model is loaded). */
  readonly control?: VerifierControl<Flag>;
}
