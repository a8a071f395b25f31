/** Benchmark questions and candidate files: the formats every step reads and writes. */
import type { ExecErrorCode } from '../exec/types.ts';

/** One benchmark question with its gold SQL (Spider or BIRD layout, normalized). */
export interface BenchQuestion {
  /** Stable id: `<split>-<index>` in file order unless the file carries one. */
  readonly id: string;
  readonly db_id: string;
  readonly question: string;
  readonly evidence?: string;
  readonly gold: string;
  readonly difficulty?: string;
}

/** One candidate SQL for a question, as stored in a candidate file. */
export interface CandidateRecord {
  readonly sql: string;
  /** Mean per-token log-probability of the sampled completion. */
  readonly logprob?: number;
  readonly token_logprobs?: readonly number[];
  /** Where it came from: a model name, `gold`, `mutation:<kind>`, … */
  readonly source?: string;
  /** Execution-equivalence label against gold, when known. */
  readonly correct?: boolean;
  /** Error code when the candidate failed to execute during labeling. */
  readonly exec_error?: ExecErrorCode;
  /** Verifier scores attached by later steps (`orm`, `judge`, …). */
  readonly scores?: Readonly<Record<string, number>>;
}

/** One line of a candidate file (JSON Lines, one question per line). */
export interface QuestionRecord {
  readonly id: string;
  readonly db_id: string;
  readonly question: string;
  readonly evidence?: string;
  readonly gold?: string;
  readonly candidates: readonly CandidateRecord[];
}
