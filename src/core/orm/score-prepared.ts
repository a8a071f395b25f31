/**
 * Puts an ORM model's scores on an evaluation run's prepared questions, the
 * same way for every shell (the app's ORM worker, Node's scorer): every
 * candidate view gets `scores.orm` (with its pool's agreement when the model
 * reads agreement; none in a pool of one, as the Ask verifier scores it) and
 * `scores.orm_sql` (the question and the SQL alone), so the `orm` and
 * `orm_sql` signals and `verifier_bon:orm` join `evaluate(...)`.
 *
 * Conventions: a SQL text repeated within a question is scored once per form
 * (its repeats get the same score; with agreement its shares are equal too,
 * since equal texts share every cluster; for a model without agreement, or a
 * pool of one, the two forms are one row). Whole questions go to `score` in
 * batches of at most `batchRows` rows (a question longer than that goes
 * alone). Candidates that failed to execute are scored too (selection
 * strategies skip them).
 */
import type { PreparedQuestion } from '../prepared/types.ts';
import { viewAgreement } from './agreement.ts';
import type { OrmErrorData } from './errors.ts';
import type { Agreement, OrmItem } from './featurize.ts';

/** Scores items in order: one P(correct) each, or why not, as data (an ORM engine's `score`). */
export type OrmScoreFn = (
  items: readonly OrmItem[],
) => Promise<{ readonly ok: true; readonly scores: ArrayLike<number> } | { readonly ok: false; readonly error: OrmErrorData }>;

export interface ScorePreparedOptions {
  /** Most rows per call of `score` (default 512). */
  readonly batchRows?: number;
  readonly signal?: AbortSignal;
  /** After each batch: questions scored so far, of all. */
  readonly onProgress?: (done: number, total: number) => void;
}

export type ScorePreparedResult =
  | { readonly ok: true; readonly prepared: PreparedQuestion[] /** Rows scored (distinct SQL and form per question). */; readonly scored: number }
  | { readonly ok: false; readonly error: OrmErrorData };

/** One question's rows: which row gives each candidate's `orm` and its `orm_sql`. */
interface QuestionRows {
  readonly q: number;
  readonly rowOf: readonly number[];
  readonly aloneOf: readonly number[];
  readonly items: readonly OrmItem[];
}

/**
 * The distinct items one question needs, and the row of each candidate's two scores.
 *
 * @example questionRows(prepared[0], 0, true).items.length; // at most 2 × the candidates
 */
function questionRows(prepared: PreparedQuestion, q: number, readsAgreement: boolean): QuestionRows {
  const { view } = prepared;
  const agreement = readsAgreement && view.candidates.length >= 2 ? viewAgreement(view) : undefined;
  const rowByKey = new Map<string, number>();
  const items: OrmItem[] = [];
  const rowFor = (sql: string, shares: Agreement | undefined, result: readonly number[] | undefined): number => {
    const key = shares === undefined ? `-\u0000${sql}` : `+\u0000${sql}`;
    let row = rowByKey.get(key);
    if (row === undefined) {
      row = items.length;
      items.push({
        question: view.question,
        sql,
        ...(view.evidence !== undefined ? { evidence: view.evidence } : {}),
        ...(view.schema !== undefined ? { schema: view.schema } : {}),
        ...(shares ? { agreement: shares } : {}),
        ...(result ? { result } : {}),
      });
      rowByKey.set(key, row);
    }
    return row;
  };
  // Equal texts of one question have equal evidence (one database, one result).
  const rowOf = view.candidates.map((c, i) => rowFor(c.sql, agreement?.[i], c.evidence?.features));
  const aloneOf = view.candidates.map((c) => rowFor(c.sql, undefined, c.evidence?.features));
  return { q, rowOf, aloneOf, items };
}

/**
 * Copies of `prepared` with `scores.orm` and `scores.orm_sql` on every
 * candidate view; or the first error `score` gave (nothing is half-scored).
 *
 * @example
 * const r = await scorePreparedQuestions(run.prepared, sidecar.featurizer.agreement, (items) => engine.score(items));
 * if (r.ok) report = evaluate(r.prepared, options);
 */
export async function scorePreparedQuestions(
  prepared: readonly PreparedQuestion[],
  readsAgreement: boolean,
  score: OrmScoreFn,
  options: ScorePreparedOptions = {},
): Promise<ScorePreparedResult> {
  const batchRows = options.batchRows ?? 512;
  const orm = prepared.map((q) => new Float32Array(q.view.candidates.length));
  const alone = prepared.map((q) => new Float32Array(q.view.candidates.length));
  let pending: QuestionRows[] = [];
  let pendingRows = 0;
  let scored = 0;
  const flush = async (done: number): Promise<OrmErrorData | null> => {
    if (pendingRows === 0) return null;
    const r = await score(pending.flatMap((p) => p.items));
    if (!r.ok) return r.error;
    let base = 0;
    for (const p of pending) {
      p.rowOf.forEach((row, i) => {
        orm[p.q]![i] = r.scores[base + row]!;
      });
      p.aloneOf.forEach((row, i) => {
        alone[p.q]![i] = r.scores[base + row]!;
      });
      base += p.items.length;
    }
    scored += pendingRows;
    pending = [];
    pendingRows = 0;
    options.onProgress?.(done, prepared.length);
    return null;
  };
  for (let qi = 0; qi < prepared.length; qi++) {
    options.signal?.throwIfAborted();
    const rows = questionRows(prepared[qi]!, qi, readsAgreement);
    if (pendingRows + rows.items.length > batchRows) {
      const error = await flush(qi);
      if (error) return { ok: false, error };
    }
    pending.push(rows);
    pendingRows += rows.items.length;
  }
  const error = await flush(prepared.length);
  if (error) return { ok: false, error };
  return {
    ok: true,
    scored,
    prepared: prepared.map((q, qi) => ({
      ...q,
      view: { ...q.view, candidates: q.view.candidates.map((c, i) => ({ ...c, scores: { ...c.scores, orm: orm[qi]![i]!, orm_sql: alone[qi]![i]! } })) },
    })),
  };
}
