/**
 * The outcome reward model as a pipeline verifier named `orm`: the model in
 * use (the bundled one or the person's own, see src/app/orm) scores each
 * candidate in the ORM worker with its question, schema and agreement shares.
 */
import { agreementShares } from '../../core/orm/index.ts';
import type { Verifier } from '../../core/pipeline/index.ts';
import type { OrmClient } from '../orm/orm-client.ts';

/**
 * The `orm` verifier over a client.
 *
 * @example const orm = ormVerifier(createOrmClient(models)); await runAsk(req, { …, verifiers: [orm] });
 */
export function ormVerifier(client: OrmClient): Verifier {
  return {
    name: 'orm',
    async score(input) {
      const shares = agreementShares(input.clusters);
      const items = input.candidates.map((c, i) => ({
        question: input.question,
        ...(input.evidence ? { evidence: input.evidence } : {}),
        sql: c.sql ?? '',
        schema: input.schema,
        agreement: shares[i]!,
      }));
      const r = await client.score(items);
      if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message } };
      return { ok: true, scores: input.candidates.map((c, i) => (c.sql === null ? null : r.scores[i]!)) };
    },
  };
}
