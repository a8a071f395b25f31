/**
 * How the reward model scores a question's candidates, the one contract for
 * Ask (engines/orm/verifier.ts, one question at a time) and evaluation
 * (`scorePreparedQuestions`: Evaluate and `confide eval --orm`), over any
 * score function (the app's ORM worker, Node's scorer; errors come back as
 * data). Each candidate gets two scores:
 * - `orm`: with the candidate's agreement with its pool (agreement.ts), as
 *   the model was trained to read it when it reads agreement; a pool of one
 *   has no agreement, so there `orm` is scored without it;
 * - `orm_sql`: on the question and the SQL alone, which does not depend on
 *   the pool: the verifier reading that says something about one pasted
 *   query, and what calibration profiles read (a pool cut to fewer
 *   candidates keeps it, eval/subsample.ts).
 * Both read the evidence of what the candidate returns (core/evidence) when
 * the featurizer has evidence slots.
 *
 * Conventions: a candidate with no SQL, or longer than MAX_ANALYZED_SQL_CHARS
 * (100,000 characters; no query a model writes comes near it), is not scored
 * (its scores are null), so featurizing megabytes never holds anything up.
 * Equal items of one question (same SQL, agreement and evidence) are one row
 * and get one score; for a model without agreement, or a pool of one, the two
 * forms are one row. Whole questions go to `score` in batches of at most
 * `batchRows` rows (a question longer than that goes alone).
 */
import type { CandidateEvidence } from '../evidence/types.ts';
import type { PreparedQuestion } from '../prepared/types.ts';
import type { Schema } from '../schema.ts';
import { buildClusters } from '../signals/clusters.ts';
import type { AnswerClusters } from '../signals/types.ts';
import { MAX_ANALYZED_SQL_CHARS } from '../sql/parse-limits.ts';
import { agreementShares } from './agreement.ts';
import type { OrmErrorData } from './errors.ts';
import type { Agreement, OrmItem } from './featurize.ts';

/** Scores items in order: one P(correct) each, or why not, as data (an ORM engine's `score`). */
export type OrmScoreFn = (
  items: readonly OrmItem[],
) => Promise<{ readonly ok: true; readonly scores: ArrayLike<number> } | { readonly ok: false; readonly error: OrmErrorData }>;

/** What the reward model reads of one question: a question view, an Ask's verifier input, or a prepared question's view. */
export interface OrmQuestion {
  readonly question: string;
  readonly evidence?: string;
  readonly schema?: Schema;
  readonly candidates: readonly { readonly sql: string | null; readonly evidence?: CandidateEvidence }[];
  /** Each candidate's agreement with its pool (`poolAgreement`), when the model is given it. */
  readonly agreement?: readonly Agreement[];
}

/** One question's scores, in candidate order (null: not scored). */
export interface OrmQuestionScores {
  readonly orm: (number | null)[];
  readonly orm_sql: (number | null)[];
}

export interface ScoreQuestionsOptions {
  /** Most rows per call of `score` (default 512). */
  readonly batchRows?: number;
  readonly signal?: AbortSignal;
  /** After each batch: questions scored so far, of all. */
  readonly onProgress?: (done: number, total: number) => void;
}

export type ScoreQuestionsResult =
  | { readonly ok: true; readonly scores: OrmQuestionScores[] /** Rows scored (distinct items). */; readonly rows: number }
  | { readonly ok: false; readonly error: OrmErrorData };

/**
 * The agreement the model is given: every candidate's shares of its pool,
 * or none in a pool of one (agreement there means nothing).
 *
 * @example poolAgreement(buildClusters(view))?.[0]?.exec_share; // 0.75
 */
export function poolAgreement(clusters: AnswerClusters): Agreement[] | undefined {
  return clusters.n >= 2 ? agreementShares(clusters) : undefined;
}

/** One question's distinct items, and the row of each candidate's two scores (-1: not scored). */
interface QuestionRows {
  readonly rowOf: readonly number[];
  readonly aloneOf: readonly number[];
  readonly items: readonly OrmItem[];
}

/**
 * The distinct items one question needs, and the row of each candidate's two scores.
 *
 * @example questionRows(view).items.length; // at most 2 × the candidates
 */
function questionRows(q: OrmQuestion): QuestionRows {
  const rowByKey = new Map<string, number>();
  const items: OrmItem[] = [];
  const rowFor = (sql: string | null, shares: Agreement | undefined, result: readonly number[] | undefined): number => {
    if (sql === null || sql.length > MAX_ANALYZED_SQL_CHARS) return -1;
    const given = shares ? `${shares.exec_share},${shares.struct_share},${shares.string_share}` : '-';
    const key = `${given}\u0000${result?.join(',') ?? '-'}\u0000${sql}`;
    let row = rowByKey.get(key);
    if (row === undefined) {
      row = items.length;
      items.push({
        question: q.question,
        sql,
        ...(q.evidence !== undefined ? { evidence: q.evidence } : {}),
        ...(q.schema !== undefined ? { schema: q.schema } : {}),
        ...(shares ? { agreement: shares } : {}),
        ...(result ? { result } : {}),
      });
      rowByKey.set(key, row);
    }
    return row;
  };
  const rowOf = q.candidates.map((c, i) => rowFor(c.sql, q.agreement?.[i], c.evidence?.features));
  const aloneOf = q.candidates.map((c) => rowFor(c.sql, undefined, c.evidence?.features));
  return { rowOf, aloneOf, items };
}

/**
 * Every question's `orm` and `orm_sql` scores; or the first error `score`
 * gave (nothing is half-scored).
 *
 * @example
 * const r = await scoreQuestions([{ ...input, agreement: poolAgreement(input.clusters) }], (items) => engine.score(items));
 * if (r.ok) r.scores[0].orm_sql; // [0.81, 0.12, …]
 */
export async function scoreQuestions(questions: readonly OrmQuestion[], score: OrmScoreFn, options: ScoreQuestionsOptions = {}): Promise<ScoreQuestionsResult> {
  const batchRows = options.batchRows ?? 512;
  const scores: OrmQuestionScores[] = questions.map((q) => ({ orm: q.candidates.map(() => null), orm_sql: q.candidates.map(() => null) }));
  let pending: { q: number; rows: QuestionRows }[] = [];
  let pendingRows = 0;
  let rows = 0;
  const flush = async (done: number): Promise<OrmErrorData | null> => {
    if (pendingRows === 0) return null;
    const r = await score(pending.flatMap((p) => p.rows.items));
    if (!r.ok) return r.error;
    let base = 0;
    const at = (row: number): number | null => (row < 0 ? null : r.scores[base + row]!);
    for (const { q, rows: p } of pending) {
      const out = scores[q]!;
      p.rowOf.forEach((row, i) => (out.orm[i] = at(row)));
      p.aloneOf.forEach((row, i) => (out.orm_sql[i] = at(row)));
      base += p.items.length;
    }
    rows += pendingRows;
    pending = [];
    pendingRows = 0;
    options.onProgress?.(done, questions.length);
    return null;
  };
  for (let q = 0; q < questions.length; q++) {
    options.signal?.throwIfAborted();
    const next = questionRows(questions[q]!);
    if (pendingRows + next.items.length > batchRows) {
      const error = await flush(q);
      if (error) return { ok: false, error };
    }
    pending.push({ q, rows: next });
    pendingRows += next.items.length;
  }
  const error = await flush(questions.length);
  if (error) return { ok: false, error };
  return { ok: true, scores, rows };
}

export type ScorePreparedResult =
  | { readonly ok: true; readonly prepared: PreparedQuestion[] /** Rows scored (distinct items). */; readonly scored: number }
  | { readonly ok: false; readonly error: OrmErrorData };

/**
 * Copies of an evaluation run's `prepared` questions with `scores.orm` and
 * `scores.orm_sql` on every candidate view (the agreement given when the
 * model reads it), so the `orm` and `orm_sql` signals and `verifier_bon:orm`
 * join `evaluate(...)`; or the first error `score` gave.
 *
 * @example
 * const r = await scorePreparedQuestions(run.prepared, sidecar.featurizer.agreement, (items) => engine.score(items));
 * if (r.ok) report = evaluate(r.prepared, options);
 */
export async function scorePreparedQuestions(
  prepared: readonly PreparedQuestion[],
  readsAgreement: boolean,
  score: OrmScoreFn,
  options: ScoreQuestionsOptions = {},
): Promise<ScorePreparedResult> {
  const questions = prepared.map(({ view }): OrmQuestion => {
    const agreement = readsAgreement ? poolAgreement(buildClusters(view)) : undefined;
    return agreement ? { ...view, agreement } : view;
  });
  const r = await scoreQuestions(questions, score, options);
  if (!r.ok) return r;
  const scoresOf = (qi: number, i: number): Record<string, number> => {
    const { orm, orm_sql } = r.scores[qi]!;
    const [a, b] = [orm[i], orm_sql[i]];
    return { ...(a == null ? {} : { orm: a }), ...(b == null ? {} : { orm_sql: b }) };
  };
  return {
    ok: true,
    scored: r.rows,
    prepared: prepared.map((q, qi) => ({
      ...q,
      view: { ...q.view, candidates: q.view.candidates.map((c, i) => ({ ...c, scores: { ...c.scores, ...scoresOf(qi, i) } })) },
    })),
  };
}
