/**
 * Puts the model in use's scores on an evaluation run's prepared questions
 * (`scores.orm` on every candidate view), so the `orm` signal and
 * `verifier_bon:orm` join the report as with `confide eval --orm`. The same
 * conventions as the CLI (src/node/orm/attach.ts): a SQL text repeated within
 * a question is scored once, agreement shares come from the question's own
 * pool when the model reads them, whole questions go to the worker in
 * batches of at most `batchRows` rows (featurized in the worker).
 */
import { type OrmErrorData, type OrmItem, viewAgreement } from '../../core/orm/index.ts';
import type { PreparedQuestion } from '../../core/eval/index.ts';
import type { OrmClient } from './orm-client.ts';

export interface ScorePreparedOptions {
  readonly batchRows?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (fraction: number, text: string) => void;
}

/**
 * Copies of `prepared` with `scores.orm`, and the model's name; or why the model could not score.
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
  const agreement = model.sidecar.featurizer.agreement;
  const batchRows = options.batchRows ?? 512;
  const scores = prepared.map((q) => new Float32Array(q.view.candidates.length));
  let pending: { q: number; rowOf: number[]; items: OrmItem[] }[] = [];
  let rows = 0;
  const flush = async (): Promise<OrmErrorData | null> => {
    if (rows === 0) return null;
    const r = await client.score(pending.flatMap((p) => p.items));
    if (!r.ok) return r.error;
    if (client.store.current().id !== model.choice.id) return { code: 'ORM_RUN_FAILED', message: 'The reward model was changed during the run, so its scores would mix two models; run the evaluation again.' };
    let base = 0;
    for (const p of pending) {
      p.rowOf.forEach((row, i) => { scores[p.q]![i] = r.scores[base + row]!; });
      base += p.items.length;
    }
    pending = [];
    rows = 0;
    return null;
  };
  for (let qi = 0; qi < prepared.length; qi++) {
    options.signal?.throwIfAborted();
    const { view } = prepared[qi]!;
    const shares = agreement ? viewAgreement(view) : undefined;
    const rowBySql = new Map<string, number>();
    const items: OrmItem[] = [];
    const rowOf = view.candidates.map((c, i) => {
      let row = rowBySql.get(c.sql);
      if (row === undefined) {
        row = items.length;
        items.push({
          question: view.question,
          sql: c.sql,
          ...(view.evidence !== undefined ? { evidence: view.evidence } : {}),
          ...(view.schema !== undefined ? { schema: view.schema } : {}),
          ...(shares ? { agreement: shares[i]! } : {}),
        });
        rowBySql.set(c.sql, row);
      }
      return row;
    });
    if (rows + items.length > batchRows) {
      const e = await flush();
      if (e) return { ok: false, error: e };
      options.onProgress?.(qi / prepared.length, `reward model ${model.sidecar.name}: ${qi}/${prepared.length} questions`);
    }
    pending.push({ q: qi, rowOf, items });
    rows += items.length;
  }
  const e = await flush();
  if (e) return { ok: false, error: e };
  return {
    ok: true,
    name: model.sidecar.name,
    prepared: prepared.map((q, qi) => ({
      ...q,
      view: { ...q.view, candidates: q.view.candidates.map((c, i) => ({ ...c, scores: { ...c.scores, orm: scores[qi]![i]! } })) },
    })),
  };
}
