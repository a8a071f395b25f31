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
export const REWARD_MODEL: VerifierDescriptor = {
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
};
