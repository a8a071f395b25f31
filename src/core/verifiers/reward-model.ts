/**
 * The outcome reward model (engines/orm): one model scoring each candidate
 * twice in one call, with its agreement with the pool and without.
 */
import type { VerifierDescriptor } from './types.ts';

/**
 * `orm` (with the candidate's agreement with its pool, when the model reads
 * agreement) and `orm_sql` (the question and the SQL alone: defined for a
 * single query, and what calibration profiles read).
 *
 * @example REWARD_MODEL.scores.map((s) => s.name); // ['orm', 'orm_sql']
 */
export const REWARD_MODEL = {
  name: 'orm',
  title: 'the outcome reward model',
  scores: [
    {
      name: 'orm',
      phrase: 'the outcome reward model (with agreement)',
      words: "the outcome reward model's score of the query, reading its agreement with the other candidates",
      readsPool: true,
    },
    {
      name: 'orm_sql',
      phrase: 'the verifier reading the question and the query',
      words: "the outcome reward model's score of the query from the question and the SQL alone (defined for one pasted query)",
      readsPool: false,
    },
  ],
  control: {
    flag: 'orm',
    askHelp:
      'score with this ORM model (.onnx, its .json sidecar beside it) as the orm and orm_sql signals (default: the bundled orm-v2 when the profile reads them; public/models/orm-v5.onnx also reads the evidence of what each query returns)',
    evalHelp: 'score every candidate with this ORM model (.onnx, its .json sidecar beside it) as scores.orm',
    offHelp: 'score with no ORM (signals orm and orm_sql then missing)',
    checkbox: 'Score with the outcome reward model',
    about: 'About the reward model',
    whenRead: (profile: string) =>
      `Profile "${profile}" reads this score (for a single query it is the main signal); turned off, P(correct) is estimated without it. Runs in a worker (onnxruntime, about 27 MB, downloaded once from this site).`,
    whenUnread:
      'The active profile does not use this score, so it will not change P(correct); it is shown for each candidate. To use it, run Evaluate with the reward model on and save that profile.',
  },
} as const satisfies VerifierDescriptor<'orm'>;
