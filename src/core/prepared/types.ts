/**
 * A question of a candidate file after execution and labelling: what
 * evaluation prepares (eval/prepare.ts) and what the reward model's training
 * and scoring (orm/) and the statistics read. Below the rooms that read it,
 * so none of them imports the room that produces it.
 */
import type { CandidateRecord } from '../bench/types.ts';
import type { ExecOutcome } from '../exec/types.ts';
import type { QuestionView } from '../signals/types.ts';

/** One candidate after execution and labeling. */
export interface PreparedCandidate {
  readonly record: CandidateRecord;
  readonly outcome: ExecOutcome;
  /** The label: the record's own `correct` when present, else from execution; null when unknown. */
  readonly correct: boolean | null;
}

export interface PreparedQuestion {
  readonly id: string;
  readonly db_id: string;
  readonly question: string;
  readonly evidence?: string;
  readonly view: QuestionView;
  readonly candidates: readonly PreparedCandidate[];
  /** Set when the gold failed to execute: labels from execution are then unknown. */
  readonly goldError?: string;
  /** True when some label came from a row-cap-truncated comparison. */
  readonly truncated: boolean;
  /**
   * How many database files the labels from execution were checked on (more
   * than one for a test suite, see prepare-labels.ts); absent when none was.
   */
  readonly databases?: number;
}
