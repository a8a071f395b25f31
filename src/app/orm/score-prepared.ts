/**
 * Puts the model in use's scores on an evaluation run's prepared questions
 * (`scores.orm` and `scores.orm_sql` on every candidate view), so the `orm`
 * and `orm_sql` signals and `verifier_bon:orm` join the report as with
 * `confide eval --orm`: the rows are core/orm/score-prepared.ts's, scored in
 * the ORM worker (featurized there). A model changed during the run ends it,
 * so one report never mixes two models' scores.
 */
import { type OrmErrorData, scorePreparedQuestions } from '../../core/orm/index.ts';
import type { PreparedQuestion } from '../../core/eval/index.ts';
import type { OrmClient } from './orm-client.ts';

export interface ScorePreparedOptions {
  readonly batchRows?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (fraction: number, text: string) => void;
}

/**
 * Copies of `prepared` with `scores.orm` and `scores.orm_sql`, and the model's name; or why the model could not score.
 *
 * @example
 * const r = await scorePrepared(prepared, orm, { signal });
 * if (r.ok) report = await evaluateInWorker(r.prepared, options);
 */
export async function scorePrepared(
  prepared: readonly PreparedQuestion[],
  client: OrmClient,
  options: ScorePreparedOptions = {},
): Promise<{ ok: true; prepared: PreparedQuestion[]; name: string } | { ok: false; error: OrmErrorData }> {
  const model = await client.sidecar();
  if (!model.ok) return model;
  const { name } = model.sidecar;
  const r = await scorePreparedQuestions(
    prepared,
    model.sidecar.featurizer.agreement,
    async (items) => {
      const scored = await client.score(items);
      if (scored.ok && client.store.current().id !== model.choice.id) {
        return {
          ok: false,
          error: {
            code: 'ORM_RUN_FAILED',
            message: 'The reward model was changed during the run, so its scores would mix two models; run the evaluation again.',
          },
        };
      }
      return scored;
    },
    {
      ...(options.batchRows === undefined ? {} : { batchRows: options.batchRows }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      onProgress: (done, total) => options.onProgress?.(done / total, `reward model ${name}: ${done}/${total} questions`),
    },
  );
  return r.ok ? { ok: true, prepared: r.prepared, name } : r;
}
