/**
 * The outcome reward model as a pipeline verifier: onnxruntime-web in its own
 * worker (workers/orm.worker.ts), the bundled model (`models/orm-v1.json` and
 * the .onnx it names) fetched from the app's own origin on first use. Each
 * candidate is scored with its question, schema and agreement shares.
 */
import { wrap, type Remote } from 'comlink';
import { agreementShares } from '../../core/orm/index.ts';
import type { Verifier } from '../../core/pipeline/index.ts';
import type { OrmEngine } from '../../engines/orm/engine.ts';

export const ORM_SIDECAR_URL = 'models/orm-v1.json';

/**
 * A lazily started ORM verifier named `orm`.
 *
 * @example const orm = ormVerifier(); await runAsk(req, { …, verifiers: [orm] });
 */
export function ormVerifier(): Verifier {
  let engine: Promise<{ ok: true; remote: Remote<OrmEngine> } | { ok: false; code: string; message: string }> | null = null;
  const start = () => {
    const worker = new Worker(new URL('../../../workers/orm.worker.ts', import.meta.url), { type: 'module', name: 'orm' });
    const remote = wrap<OrmEngine>(worker);
    return remote.loadFromUrl(new URL(ORM_SIDECAR_URL, document.baseURI).href).then((r) => {
      if (r.ok) return { ok: true as const, remote };
      worker.terminate();
      return { ok: false as const, code: r.error.code, message: r.error.message };
    });
  };
  return {
    name: 'orm',
    async score(input) {
      engine ??= start();
      const e = await engine;
      if (!e.ok) {
        engine = null;
        return { ok: false, error: { code: e.code, message: e.message } };
      }
      const shares = agreementShares(input.clusters);
      const items = input.candidates.map((c, i) => ({
        question: input.question,
        ...(input.evidence ? { evidence: input.evidence } : {}),
        sql: c.sql ?? '',
        schema: input.schema,
        agreement: shares[i]!,
      }));
      const r = await e.remote.score(items);
      if (!r.ok) return { ok: false, error: { code: r.error.code, message: r.error.message } };
      return { ok: true, scores: input.candidates.map((c, i) => (c.sql === null ? null : r.scores[i]!)) };
    },
  };
}
