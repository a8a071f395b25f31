/**
 * The outcome reward model as a pipeline verifier, one for every shell (the
 * app's ORM worker, Node's scorer): given a function that scores items, it
 * scores each candidate twice in one call and gives two signals:
 * - `orm`: with the candidate's agreement with its pool (agreement.ts), as
 *   the model was trained to read it when it reads agreement; in a pool of
 *   one there is no agreement, so it is not given;
 * - `orm_sql`: on the question and the SQL alone (agreement not given),
 *   which does not depend on the pool: the only verifier reading that says
 *   something about a single query, and what calibration profiles use
 *   (profile.ts; a pool cut to fewer candidates keeps it, subsample.ts).
 * For a model without agreement features the two are equal. A candidate
 * longer than MAX_ANALYZED_SQL_CHARS (100,000 characters; no query a model
 * writes comes near it) is not scored: its verifier signals are missing, and
 * featurizing megabytes of SQL never holds up an Ask.
 */
import type { Verifier } from '../pipeline/types.ts';
import { MAX_ANALYZED_SQL_CHARS } from '../sql/parse-limits.ts';
import { agreementShares } from './agreement.ts';
import type { OrmItem } from './featurize.ts';

/** Scores items in order: one P(correct) each, or an error as data. */
export type OrmScoreFn = (items: readonly OrmItem[], signal?: AbortSignal) => Promise<
  { readonly ok: true; readonly scores: ArrayLike<number> } | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } }
>;

/**
 * The `orm` verifier (with `orm_sql` beside it) over a score function.
 *
 * @example
 * const orm = ormVerifier((items) => client.score(items));
 * await runAsk(request, { …, verifiers: [orm] });
 */
export function ormVerifier(score: OrmScoreFn): Verifier {
  return {
    name: 'orm',
    async score(input, signal) {
      const n = input.candidates.length;
      const shares = n >= 2 ? agreementShares(input.clusters) : undefined;
      const scored = (sql: string | null): boolean => sql !== null && sql.length <= MAX_ANALYZED_SQL_CHARS;
      const base = (sql: string | null): OrmItem => ({
        question: input.question,
        ...(input.evidence ? { evidence: input.evidence } : {}),
        sql: sql ?? '',
        schema: input.schema,
      });
      const kept = input.candidates.map((_, i) => i).filter((i) => scored(input.candidates[i]!.sql));
      if (kept.length === 0) return { ok: true, scores: input.candidates.map(() => null), also: { orm_sql: input.candidates.map(() => null) } };
      const items: OrmItem[] = [
        ...kept.map((i) => (shares ? { ...base(input.candidates[i]!.sql), agreement: shares[i]! } : base(input.candidates[i]!.sql))),
        ...kept.map((i) => base(input.candidates[i]!.sql)),
      ];
      const r = await score(items, signal);
      if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message } };
      const pick = (offset: number): (number | null)[] => {
        const out: (number | null)[] = input.candidates.map(() => null);
        kept.forEach((i, j) => (out[i] = r.scores[offset + j] as number));
        return out;
      };
      return { ok: true, scores: pick(0), also: { orm_sql: pick(kept.length) } };
    },
  };
}
