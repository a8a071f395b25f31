/**
 * The outcome reward model as Ask's verifier: the model in use (the bundled
 * one or the person's own, see src/app/orm) scores each candidate in the ORM
 * worker through core/orm/verifier.ts (signals `orm` and `orm_sql`).
 */
import { ormVerifier as verifierOver } from '../../core/orm/verifier.ts';
import type { Verifier } from '../../core/pipeline/index.ts';
import type { OrmClient } from '../orm/orm-client.ts';

/**
 * The `orm` verifier over a client.
 *
 * @example const orm = ormVerifier(createOrmClient(models)); await runAsk(req, { …, verifiers: [orm] });
 */
export function ormVerifier(client: OrmClient): Verifier {
  return verifierOver((items) => client.score(items));
}
