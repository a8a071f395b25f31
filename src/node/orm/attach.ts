/**
 * Puts ORM scores on prepared questions for `confide eval --orm`: the rows
 * and the `orm` / `orm_sql` scores as core/orm/scoring.ts gives them
 * (the same as the app's Evaluate and, per question, as the Ask verifier),
 * scored by a Node scorer. Here rows are featurized straight into the
 * model's input, one batch at a time, with each SQL text parsed once across
 * the whole run (or made already, `facts`).
 */
import { existsSync } from 'node:fs';
import { featurizeInto, type OrmItem } from '../../core/orm/featurize.ts';
import type { SqlFacts } from '../../core/orm/sql-facts.ts';
import type { PreparedQuestion } from '../../core/eval/prepare.ts';
import { OrmError } from '../../core/orm/errors.ts';
import { scorePreparedQuestions } from '../../core/orm/scoring.ts';
import { loadOrmScorer, type OrmScorer } from './score.ts';

export interface AttachStats {
  readonly questions: number;
  readonly candidates: number;
  /** Rows actually featurized and scored (distinct SQL and form per question). */
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
 * Returns copies of `prepared` with `scores.orm` and `scores.orm_sql` on
 * every candidate view, and timings. Throws the scorer's failure as an
 * {@link OrmError}.
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
  const cache = new Map<string, SqlFacts>(options.facts);
  let x = new Float32Array((options.batchRows ?? 512) * dim);
  let featurizeMs = 0;
  let modelMs = 0;
  const score = async (items: readonly OrmItem[]) => {
    const t0 = performance.now();
    if (items.length * dim > x.length) x = new Float32Array(items.length * dim); // a question longer than a batch
    items.forEach((item, k) => featurizeInto(item, config, x, k * dim, { cache }));
    const t1 = performance.now();
    const r = await scorer.scoreFeatures(x.subarray(0, items.length * dim), items.length);
    featurizeMs += t1 - t0;
    modelMs += performance.now() - t1;
    return r;
  };
  const r = await scorePreparedQuestions(prepared, config.agreement, score, {
    ...(options.batchRows === undefined ? {} : { batchRows: options.batchRows }),
    onProgress: (done, total) => options.onProgress?.({ progress: done / total, text: `orm: ${done}/${total} questions` }),
  });
  if (!r.ok) throw new OrmError(r.error.code, r.error.message, r.error.source);
  const candidates = prepared.reduce((a, q) => a + q.view.candidates.length, 0);
  return { prepared: r.prepared, stats: { questions: prepared.length, candidates, scored: r.scored, featurizeMs, modelMs } };
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
  if (!existsSync(path))
    throw new OrmError(
      'ORM_BAD_SIDECAR',
      `No sidecar ${path} next to the ORM model ${modelOrSidecar}: a model needs the JSON that \`npm run orm:train\` writes beside it.`,
      path,
    );
  return path;
}

/**
 * Loads the model at `file` (`.onnx` or its `.json` sidecar), attaches its
 * scores, releases it. What `confide eval --orm FILE` runs.
 *
 * @example
 * const { prepared: scored, stats } = await scoreWithOrmFile(run.prepared, 'public/models/orm-v1.onnx');
 */
export async function scoreWithOrmFile(
  prepared: readonly PreparedQuestion[],
  file: string,
  options: AttachOptions = {},
): Promise<{ prepared: PreparedQuestion[]; stats: AttachStats; name: string }> {
  const scorer = await loadOrmScorer(ormSidecarPath(file));
  try {
    const r = await attachOrmScores(prepared, scorer, options);
    return { ...r, name: scorer.sidecar.name };
  } finally {
    await scorer.unload();
  }
}
