/**
 * Puts ORM scores on prepared questions: every candidate view of every
 * question gets `scores.orm` = P(correct) from the model (with the pool's
 * agreement when the model reads it; none in a pool of one) and
 * `scores.orm_sql` (the question and SQL alone), as core/orm/verifier.ts
 * gives them in Ask, so the `orm` and `orm_sql` signals and
 * `verifier_bon:orm` join `evaluate(...)` (used by `confide eval --orm`).
 *
 * Conventions: a SQL text repeated within a question is featurized and
 * scored once per form (its repeats get the same score; with agreement
 * features its shares are equal too, since equal texts share every cluster;
 * for a model without agreement, or a pool of one, the two forms are one
 * row); parses are
 * cached per distinct SQL across the whole run (or made already, `facts`);
 * rows are featurized straight into the model's input, in batches of whole
 * questions of at most `batchRows` rows. Candidates that failed to execute
 * are scored too (selection strategies skip them).
 */
import { existsSync } from 'node:fs';
import { viewAgreement } from '../../core/orm/agreement.ts';
import { featurizeInto, type Agreement, type OrmItem } from '../../core/orm/featurize.ts';
import type { SqlFacts } from '../../core/orm/sql-facts.ts';
import type { PreparedQuestion } from '../../core/eval/prepare.ts';
import { OrmError } from '../../core/orm/errors.ts';
import { loadOrmScorer, type OrmScorer } from './score.ts';

export interface AttachStats {
  readonly questions: number;
  readonly candidates: number;
  /** Rows actually featurized and scored (distinct SQL per question). */
  readonly scored: number;
  readonly featurizeMs: number;
  readonly modelMs: number;
}

export interface AttachOptions {
  /** Most rows per model run (default 512). */
  readonly batchRows?: number;
  /** Each SQL text's facts where they were made already (an analysis worker, PreparedRun.facts): not parsed again. */
  readonly facts?: ReadonlyMap<string, SqlFacts>;
  readonly onProgress?: (p: { progress: number; text: string }) => void;
}

/**
 * Returns copies of `prepared` with `scores.orm` and `scores.orm_sql` on every candidate view, and
 * timings. With an agreement model, the shares come from each question's
 * own pool (`viewAgreement`).
 *
 * @example
 * const { prepared: withOrm, stats } = await attachOrmScores(run.prepared, scorer);
 * withOrm[0].view.candidates[0].scores?.orm; // 0.83
 */
export async function attachOrmScores(
  prepared: readonly PreparedQuestion[],
  scorer: Pick<OrmScorer, 'sidecar' | 'scoreFeatures'>,
  options: AttachOptions = {},
): Promise<{ prepared: PreparedQuestion[]; stats: AttachStats }> {
  const config = scorer.sidecar.featurizer;
  const dim = config.dim;
  const batchRows = options.batchRows ?? 512;
  const cache = new Map<string, SqlFacts>(options.facts);
  // Per question: `orm` (with the pool's agreement, when the model reads it) and `orm_sql` (without).
  const scores: Float32Array[] = prepared.map((q) => new Float32Array(q.view.candidates.length));
  const alone: Float32Array[] = prepared.map((q) => new Float32Array(q.view.candidates.length));
  let featurizeMs = 0;
  let modelMs = 0;
  let scored = 0;
  // Rows are featurized straight into the model's input, question after question, until the next would not fit.
  let x = new Float32Array(batchRows * dim);
  let pending: { q: number; rowOf: number[]; aloneOf: number[]; rows: number }[] = [];
  let pendingRows = 0;
  const flush = async (): Promise<void> => {
    if (pendingRows === 0) return;
    const t0 = performance.now();
    const out = await scorer.scoreFeatures(x.subarray(0, pendingRows * dim), pendingRows);
    modelMs += performance.now() - t0;
    let base = 0;
    for (const p of pending) {
      p.rowOf.forEach((row, i) => { scores[p.q]![i] = out[base + row]!; });
      p.aloneOf.forEach((row, i) => { alone[p.q]![i] = out[base + row]!; });
      base += p.rows;
    }
    scored += pendingRows;
    pending = [];
    pendingRows = 0;
  };
  for (let qi = 0; qi < prepared.length; qi++) {
    const { view } = prepared[qi]!;
    const t0 = performance.now();
    // A pool of one has no agreement to give (core/orm/verifier.ts does the same in Ask).
    const agreement = config.agreement && view.candidates.length >= 2 ? viewAgreement(view) : undefined;
    const rowByKey = new Map<string, number>();
    const items: OrmItem[] = [];
    const rowFor = (sql: string, withAgreement: Agreement | undefined): number => {
      const key = withAgreement === undefined ? `-\u0000${sql}` : `+\u0000${sql}`;
      let row = rowByKey.get(key);
      if (row === undefined) {
        row = items.length;
        items.push({
          question: view.question,
          sql,
          ...(view.evidence !== undefined ? { evidence: view.evidence } : {}),
          ...(view.schema !== undefined ? { schema: view.schema } : {}),
          ...(withAgreement ? { agreement: withAgreement } : {}),
        });
        rowByKey.set(key, row);
      }
      return row;
    };
    const rowOf = view.candidates.map((c, i) => rowFor(c.sql, agreement?.[i]));
    const aloneOf = view.candidates.map((c) => rowFor(c.sql, undefined));
    const t1 = performance.now();
    if (pendingRows + items.length > batchRows) await flush();
    const t2 = performance.now();
    if ((pendingRows + items.length) * dim > x.length) x = new Float32Array((pendingRows + items.length) * dim); // a question longer than a batch
    items.forEach((item, k) => featurizeInto(item, config, x, (pendingRows + k) * dim, { cache }));
    featurizeMs += t1 - t0 + (performance.now() - t2);
    pending.push({ q: qi, rowOf, aloneOf, rows: items.length });
    pendingRows += items.length;
    if (qi % 100 === 0) options.onProgress?.({ progress: qi / prepared.length, text: `orm: ${qi}/${prepared.length} questions` });
  }
  await flush();
  const out = prepared.map((q, qi) => ({
    ...q,
    view: { ...q.view, candidates: q.view.candidates.map((c, i) => ({ ...c, scores: { ...c.scores, orm: scores[qi]![i]!, orm_sql: alone[qi]![i]! } })) },
  }));
  const candidates = prepared.reduce((a, q) => a + q.view.candidates.length, 0);
  return { prepared: out, stats: { questions: prepared.length, candidates, scored, featurizeMs, modelMs } };
}

/**
 * The sidecar of a model file: `X.onnx` → `X.json` next to it; a `.json`
 * path is taken as the sidecar itself. Throws `ORM_BAD_SIDECAR` when it is
 * not there.
 *
 * @example
 * ormSidecarPath('public/models/orm-v1.onnx'); // 'public/models/orm-v1.json'
 */
export function ormSidecarPath(modelOrSidecar: string): string {
  const path = modelOrSidecar.endsWith('.json') ? modelOrSidecar : modelOrSidecar.replace(/(\.onnx)?$/, '.json');
  if (!existsSync(path)) throw new OrmError('ORM_BAD_SIDECAR', `No sidecar ${path} next to the ORM model ${modelOrSidecar}: a model needs the JSON that \`npm run orm:train\` writes beside it.`, path);
  return path;
}

/**
 * Loads the model at `file` (`.onnx` or its `.json` sidecar), attaches its
 * scores, releases it. What `confide eval --orm FILE` runs.
 *
 * @example
 * const { prepared: scored, stats } = await scoreWithOrmFile(run.prepared, 'public/models/orm-v1.onnx');
 */
export async function scoreWithOrmFile(prepared: readonly PreparedQuestion[], file: string, options: AttachOptions = {}): Promise<{ prepared: PreparedQuestion[]; stats: AttachStats; name: string }> {
  const scorer = await loadOrmScorer(ormSidecarPath(file));
  try {
    const r = await attachOrmScores(prepared, scorer, options);
    return { ...r, name: scorer.sidecar.name };
  } finally {
    await scorer.release();
  }
}
