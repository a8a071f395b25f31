/**
 * One question of a candidate file made ready for evaluation: every candidate
 * executed (through whatever `runMany` the caller passes: the browser pool or
 * Node worker threads), fingerprinted, and labeled against gold by execution
 * equivalence. Pure apart from the injected execution.
 */
import type { CandidateRecord, QuestionRecord } from '../bench/types.ts';
import { normalizedTextOf, withoutNormalized, type ExecOutcome } from '../exec/types.ts';
import { hasOrderBy, labelCandidate, resultFingerprint, DEFAULT_RULE, type EquivalenceRule } from '../results/index.ts';
import type { Schema } from '../schema.ts';
import type { QuestionView } from '../signals/types.ts';
import { candidateExec, questionView } from '../signals/view.ts';
import type { SqlAnalysis } from '../sql/analysis.ts';

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

/** One candidate after execution and labeling. */
export interface PreparedCandidate {
  readonly record: CandidateRecord;
  readonly outcome: ExecOutcome;
  /** The label: the record's own `correct` when present, else from execution; null when unknown. */
  readonly correct: boolean | null;
}

export interface PreparedQuestion {
  readonly id: string;
  readonly db_id: string;
  readonly question: string;
  readonly evidence?: string;
  readonly view: QuestionView;
  readonly candidates: readonly PreparedCandidate[];
  /** Set when the gold failed to execute: labels from execution are then unknown. */
  readonly goldError?: string;
  /** True when some label came from a row-cap-truncated comparison. */
  readonly truncated: boolean;
}

/**
 * Result fingerprints cluster candidates by answer regardless of row order
 * (two queries that return the same rows in another order give the same
 * answer to the question); the label, by contrast, follows the rule.
 */
export function clusterFingerprint(outcome: ExecOutcome, rule: EquivalenceRule): string | null {
  if (!outcome.ok) return null;
  // The worker's fingerprint is the default rule's, unordered: reuse it when that is the rule asked for.
  if (rule === DEFAULT_RULE && outcome.fingerprint !== undefined) return outcome.fingerprint;
  return resultFingerprint(outcome, { rule, ordered: false });
}

let parserModule: Promise<typeof import('../sql/parse.ts')> | undefined;
/** The SQL parser's module, loaded on first use: labels alone never load it (a few megabytes of grammar). */
const loadParser = (): Promise<typeof import('../sql/parse.ts')> => (parserModule ??= import('../sql/parse.ts'));

/**
 * Executes and labels one question's candidates. The gold (when the record has
 * one) runs in the same batch. Records that already carry `correct` keep it.
 *
 * @example
 * const q = await prepareQuestion(record, { runMany: (s) => pool.runMany('demo', s) });
 * q.candidates[0].correct; // true | false | null
 */
export async function prepareQuestion(record: QuestionRecord, deps: PrepareDeps): Promise<PreparedQuestion> {
  const rule = deps.rule ?? DEFAULT_RULE;
  const sqls = record.candidates.map((c) => c.sql);
  const gold = record.gold;
  const outcomes = await deps.runMany(gold === undefined ? sqls : [...sqls, gold]);
  const goldOutcome = gold === undefined ? undefined : outcomes[sqls.length];
  let goldError: string | undefined;
  let truncated = false;
  const goldOrdered = gold !== undefined && rule === 'spider' && hasOrderBy(gold);
  const candidates: PreparedCandidate[] = [];
  for (let i = 0; i < sqls.length; i++) {
    const record_i = record.candidates[i] as CandidateRecord;
    const outcome = outcomes[i] as ExecOutcome;
    let correct: boolean | null = record_i.correct ?? null;
    if (correct === null && goldOutcome !== undefined && gold !== undefined) {
      const label = labelCandidate(goldOutcome, outcome, { rule, goldSql: gold, goldOrdered });
      if (label.goldError !== undefined) goldError = label.goldError;
      else correct = label.correct;
      if (label.truncated) truncated = true;
    }
    candidates.push({ record: record_i, outcome, correct });
  }
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
    ...(goldError !== undefined ? { goldError } : {}),
    truncated,
  };
}

/**
 * The record with labels written back: `correct` on each candidate, and
 * `exec_error` where it failed to execute (what `confide label` writes).
 */
export function labeledRecord(record: QuestionRecord, prepared: PreparedQuestion): QuestionRecord {
  return {
    ...record,
    candidates: prepared.candidates.map((c) => {
      const { exec_error: _drop, correct: _old, ...rest } = c.record;
      return {
        ...rest,
        ...(c.correct !== null ? { correct: c.correct } : {}),
        ...(c.outcome.ok ? {} : { exec_error: c.outcome.error.code }),
      };
    }),
  };
}
