/**
 * The outcome reward model as one of the Ask pipeline's verifiers, beside the
 * judge's (engines/llm/judge-verifier.ts), one for every shell: typed over an
 * ORM engine's `score` (the app's worker client, Node's scorer; errors come
 * back as data), it scores each candidate twice in one call and gives two
 * signals:
 * - `orm`: with the candidate's agreement with its pool (agreement.ts), as
 *   the model was trained to read it when it reads agreement; in a pool of
 *   one there is no agreement, so it is not given;
 * - `orm_sql`: on the question and the SQL alone (agreement not given),
 *   which does not depend on the pool: the only verifier reading that says
 *   something about a single query, and what calibration profiles use
 *   (profile.ts; a pool cut to fewer candidates keeps it, subsample.ts).
 * Both read the evidence of what the candidate returns (`CandidateRun.evidence`,
 * core/evidence) when the model's featurizer has evidence slots; without
 * evidence on the run, those slots say "not given".
 * For a model without agreement features the two are equal. A candidate
 * longer than MAX_ANALYZED_SQL_CHARS (100,000 characters; no query a model
 * writes comes near it) is not scored: its verifier signals are missing, and
 * featurizing megabytes of SQL never holds up an Ask.
 */
import { agreementShares } from '../../core/orm/agreement.ts';
import type { OrmItem } from '../../core/orm/featurize.ts';
import type { Verifier } from '../../core/pipeline/types.ts';
import { REWARD_MODEL } from '../../core/verifiers/reward-model.ts';
import { MAX_ANALYZED_SQL_CHARS } from '../../core/sql/parse-limits.ts';
import type { OrmEngine } from './engine.ts';

/**
 * The `orm` verifier (with `orm_sql` beside it) over an engine.
 *
 * @example
 * const orm = ormVerifier(createOrmClient(models)); // or Node's loadOrmScorer(path)
 * await runAsk(request, { …, verifiers: [orm] });
 */
export function ormVerifier(engine: Pick<OrmEngine, 'score'>): Verifier {
  return {
    name: REWARD_MODEL.name,
    async score(input) {
      const n = input.candidates.length;
      const shares = n >= 2 ? agreementShares(input.clusters) : undefined;
      const scored = (sql: string | null): boolean => sql !== null && sql.length <= MAX_ANALYZED_SQL_CHARS;
      const base = (i: number): OrmItem => {
        const c = input.candidates[i]!;
        return {
          question: input.question,
          ...(input.evidence ? { evidence: input.evidence } : {}),
          sql: c.sql ?? '',
          schema: input.schema,
          ...(c.evidence ? { result: c.evidence.features } : {}),
        };
      };
      const kept = input.candidates.map((_, i) => i).filter((i) => scored(input.candidates[i]!.sql));
      if (kept.length === 0) return { ok: true, scores: input.candidates.map(() => null), also: { orm_sql: input.candidates.map(() => null) } };
      const items: OrmItem[] = [...kept.map((i) => (shares ? { ...base(i), agreement: shares[i]! } : base(i))), ...kept.map((i) => base(i))];
      const r = await engine.score(items);
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
