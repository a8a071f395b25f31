/**
 * One question of a candidate file made ready for evaluation: every candidate
 * executed (through whatever `runMany` the caller passes: the browser pool or
 * Node worker threads), fingerprinted, and labeled against gold by execution
 * equivalence on its database (prepare-labels.ts: the texts the rule runs;
 * prepare-all.ts checks the other databases of a test suite). Pure apart from
 * the injected execution.
 */
import type { CandidateRecord, QuestionRecord } from '../bench/types.ts';
import type { ExecOutcome } from '../exec/types.ts';
import { normalizedTextOf, withoutNormalized } from '../exec/outcomes.ts';
import { comparisonOf, resultFingerprint, DEFAULT_RULE, type EquivalenceRule } from '../results/index.ts';
import type { PreparedCandidate, PreparedQuestion } from '../prepared/types.ts';
import type { Schema } from '../schema.ts';
import { candidateExec, questionView } from '../signals/view.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';
import { inRunning, labelPlan, labelQueries, labelsOnDatabase, startLabels, type LabelPlan, type QuestionLabels } from './prepare-labels.ts';

/** What preparing a question needs from the outside world. */
export interface PrepareDeps {
  /** Executes SQL against this question's database; one outcome per input, in order. */
  runMany(sqls: readonly string[]): Promise<ExecOutcome[]>;
  /** sql.js's normalized SQL for a candidate no parser dialect reads whose outcome does not carry it (ExecOptions.normalize). */
  normalizedSql?(sql: string): Promise<string | null>;
  readonly schema?: Schema;
  /** Equivalence rule for labels (default `spider`). */
  readonly rule?: EquivalenceRule;
  /**
   * A candidate's SQL analysed elsewhere (`analyzeSql` in a worker thread, against this question's schema):
   * it goes on the candidate's view, and nothing is parsed here; undefined for a text not analysed.
   */
  analysis?(sql: string): SqlAnalysis | undefined;
  /**
   * Only the labels will be read (`confide label`): a success's result
   * fingerprint that its outcome does not carry is made when the view is
   * first read, not here, so the labels cost no fingerprint.
   */
  readonly labelsOnly?: boolean;
}

export type { PreparedCandidate, PreparedQuestion };

/**
 * Result fingerprints cluster candidates by answer regardless of row order
 * (two queries that return the same rows in another order give the same
 * answer to the question); the label, by contrast, follows the rule.
 */
export function clusterFingerprint(outcome: ExecOutcome, rule: EquivalenceRule): string | null {
  if (!outcome.ok) return null;
  // The worker's fingerprint is the default rule's, unordered: reuse it when the rule compares alike.
  if (comparisonOf(rule) === comparisonOf(DEFAULT_RULE) && outcome.fingerprint !== undefined) return outcome.fingerprint;
  return resultFingerprint(outcome, { rule, ordered: false });
}

let parserModule: Promise<typeof import('../sql/parse.ts')> | undefined;
/** The SQL parser's module, loaded on first use: labels alone never load it (a few megabytes of grammar). */
const loadParser = (): Promise<typeof import('../sql/parse.ts')> => (parserModule ??= import('../sql/parse.ts'));

/**
 * What one question runs on its database: each candidate's own SQL, then the
 * gold's label text and every label text that is not the candidate's own SQL
 * (prepare-labels.ts), in that order.
 *
 * @example questionQueries(record, labelPlan(record, 'spider')); // ['SELECT DISTINCT a FROM t', 'SELECT  a FROM g', 'SELECT  a FROM t']
 */
export function questionQueries(record: QuestionRecord, plan: LabelPlan | null): string[] {
  return [...record.candidates.map((c) => c.sql), ...labelRuns(record, plan).extra];
}

/**
 * The label queries' outcomes among a question's: `from[k]` is the index in
 * `questionQueries` of label query k's (a candidate's own run when its label
 * text is its own SQL, so each copy of a text runs once for its candidate).
 */
function labelRuns(record: QuestionRecord, plan: LabelPlan | null): { extra: string[]; from: number[] } {
  if (plan === null) return { extra: [], from: [] };
  const start = startLabels(plan);
  const texts = labelQueries(plan, start);
  if (texts.length === 0) return { extra: [], from: [] };
  const n = record.candidates.length;
  const extra = [texts[0] as string];
  const from = [n];
  inRunning(plan, start).forEach((i, k) => {
    const text = texts[k + 1] as string;
    if (text === (record.candidates[i] as CandidateRecord).sql) from.push(i);
    else from.push(n + extra.push(text) - 1);
  });
  return { extra, from };
}

/**
 * Executes and labels one question's candidates on its database. The gold
 * (when the record has one) runs in the same batch. Records that already
 * carry `correct` keep it.
 *
 * @example
 * const q = await prepareQuestion(record, { runMany: (s) => sqlPool.runMany('demo', s) });
 * q.candidates[0].correct; // true | false | null
 */
export async function prepareQuestion(record: QuestionRecord, deps: PrepareDeps): Promise<PreparedQuestion> {
  const plan = labelPlan(record, deps.rule ?? DEFAULT_RULE);
  return preparedFrom(record, plan, await deps.runMany(questionQueries(record, plan)), deps);
}

/**
 * The prepared question from the outcomes of `questionQueries(record, plan)`
 * (prepareAll runs them in chunks of many questions).
 *
 * @example const q = await preparedFrom(record, plan, outcomes, { rule: 'spider' });
 */
export async function preparedFrom(
  record: QuestionRecord,
  plan: LabelPlan | null,
  outcomes: readonly ExecOutcome[],
  deps: Omit<PrepareDeps, 'runMany'>,
): Promise<PreparedQuestion> {
  const rule = deps.rule ?? DEFAULT_RULE;
  const labels =
    plan === null
      ? null
      : labelsOnDatabase(
          plan,
          startLabels(plan),
          labelRuns(record, plan).from.map((j) => outcomes[j] as ExecOutcome),
        );
  const candidates: PreparedCandidate[] = record.candidates.map((c, i) => ({
    record: c,
    outcome: outcomes[i] as ExecOutcome,
    correct: labels === null ? (c.correct ?? null) : (labels.correct[i] as boolean | null),
  }));
  // sql.js's normalized SQL for every candidate no parser dialect reads (each distinct text parsed once): from its
  // outcome when the execution brought it, else asked for (all at once). Where neither can give it (labels only),
  // nothing is parsed: labeling needs the execution alone.
  const canNormalize = (c: PreparedCandidate): boolean => deps.normalizedSql !== undefined || c.outcome.normalizedSql !== undefined;
  const analyses = candidates.map((c) => deps.analysis?.(c.record.sql));
  // The parser is loaded only when a text must be parsed here (not for labels alone, nor with every text analysed).
  const parser = candidates.some((c, i) => canNormalize(c) && analyses[i] === undefined) ? await loadParser() : null;
  const parses = (c: PreparedCandidate, i: number): boolean => analyses[i]?.parses ?? (parser as typeof import('../sql/parse.ts')).parseSql(c.record.sql).ok;
  const normalized = await Promise.all(
    candidates.map((c, i) => (!canNormalize(c) || parses(c, i) ? undefined : normalizedTextOf(c.outcome, c.record.sql, deps.normalizedSql))),
  );
  // For labels alone, a success's fingerprint is made only if its view's is read.
  const fingerprint = (outcome: ExecOutcome): string | null | (() => string) =>
    deps.labelsOnly === true ? () => clusterFingerprint(outcome, rule) as string : clusterFingerprint(outcome, rule);
  const view = questionView({
    question: record.question,
    evidence: record.evidence,
    schema: deps.schema,
    candidates: candidates.map((c, i) => ({
      sql: c.record.sql,
      exec: candidateExec(c.outcome, fingerprint(c.outcome)),
      logprob: c.record.logprob,
      scores: c.record.scores,
      normalizedSql: normalized[i],
      analysis: analyses[i],
    })),
  });
  return {
    id: record.id,
    db_id: record.db_id,
    question: record.question,
    ...(record.evidence !== undefined ? { evidence: record.evidence } : {}),
    view,
    candidates: candidates.map((c) => ({ ...c, outcome: withoutNormalized(c.outcome) })), // the text lives on the view
    ...labelFields(labels),
  };
}

/** A prepared question's label fields from its labels so far. */
function labelFields(labels: QuestionLabels | null): Pick<PreparedQuestion, 'goldError' | 'truncated' | 'databases'> {
  if (labels === null) return { truncated: false };
  return {
    ...(labels.goldError !== undefined ? { goldError: labels.goldError } : {}),
    truncated: labels.truncated,
    ...(labels.databases > 0 ? { databases: labels.databases } : {}),
  };
}

/**
 * A prepared question's labels, to check them on another database
 * (prepareAll's test suites).
 *
 * @example labelsOf(q).correct; // [true, false, null]
 */
export function labelsOf(prepared: PreparedQuestion): QuestionLabels {
  return {
    correct: prepared.candidates.map((c) => c.correct),
    ...(prepared.goldError !== undefined ? { goldError: prepared.goldError } : {}),
    truncated: prepared.truncated,
    databases: prepared.databases ?? 0,
  };
}

/**
 * The prepared question with new labels (after another database).
 *
 * @example prepared = withLabels(prepared, labelsOnDatabase(plan, labelsOf(prepared), outcomes));
 */
export function withLabels(prepared: PreparedQuestion, labels: QuestionLabels): PreparedQuestion {
  const { goldError: _g, databases: _d, ...rest } = prepared;
  return { ...rest, candidates: prepared.candidates.map((c, i) => ({ ...c, correct: labels.correct[i] as boolean | null })), ...labelFields(labels) };
}

export { labeledRecord } from '../prepared/labeled-record.ts';
