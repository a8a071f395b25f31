/**
 * The outcome reward model as one of the Ask pipeline's verifiers, beside the
 * judge's (engines/llm/judge-verifier.ts), one for every shell: typed over an
 * ORM engine's `score` (the app's worker client, Node's scorer; errors come
 * back as data). It scores the Ask's one question the way an evaluation
 * scores many (core/orm/scoring.ts): `orm` with each candidate's agreement
 * with its pool (none in a pool of one; a model that does not read agreement
 * ignores it) and `orm_sql` on the question and the SQL alone, each reading
 * the evidence of what the candidate returns when there is some.
 */
import { poolAgreement, scoreQuestions } from '../../core/orm/scoring.ts';
import type { Verifier } from '../../core/pipeline/types.ts';
import { REWARD_MODEL } from '../../core/verifiers/reward-model.ts';
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
      const agreement = poolAgreement(input.clusters);
      const r = await scoreQuestions([agreement ? { ...input, agreement } : input], (items) => engine.score(items));
      if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message } };
      const { orm, orm_sql } = r.scores[0]!;
      return { ok: true, scores: orm, also: { orm_sql } };
    },
  };
}
