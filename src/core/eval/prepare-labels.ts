/**
 * One question's labels, database after database. The texts the rule runs
 * (label-text.ts: under `spider`, DISTINCT removed) are the gold's and
 * each candidate's that carries no `correct` of its own; the candidate's own
 * SQL, which signals, fingerprints and people read, is run apart.
 *
 * A question's database folder may hold several databases (Spider's test
 * suites): as test-suite-sql-eval decides, a candidate is correct only when
 * it matches the gold on every one. It is checked on one database after
 * another and is out at the first it fails (later databases run only the
 * gold and the candidates still in); a gold that fails on a database it runs
 * on leaves the question unlabeled (the official evaluator stops there with
 * an AssertionError).
 */
import type { QuestionRecord } from '../bench/types.ts';
import type { ExecOutcome } from '../exec/types.ts';
import { labelCandidate, labelText, type EquivalenceRule } from '../results/index.ts';

/** How one candidate gets its label. */
export type CandidatePlan =
  | { readonly kind: 'given'; readonly correct: boolean } // the record's own `correct`
  | { readonly kind: 'unreadable' } // the rule's evaluator reads no statement in it: wrong
  | { readonly kind: 'run'; readonly sql: string };

/** What a question's labels run under a rule. */
export interface LabelPlan {
  readonly rule: EquivalenceRule;
  /** The gold's text; null when the rule's evaluator reads none (the question is then unlabeled). */
  readonly gold: string | null;
  readonly ordered: boolean;
  readonly candidates: readonly CandidatePlan[];
}

/** A question's labels so far. */
export interface QuestionLabels {
  /** Per candidate: whether it matched on every database checked (or its own label); null when unknown. */
  readonly correct: readonly (boolean | null)[];
  /** Set when the gold failed (its error code), or `EMPTY` when the rule reads no gold: labels from execution are unknown. */
  readonly goldError?: string;
  /** Some comparison saw a result cut by the row cap. */
  readonly truncated: boolean;
  /** Databases the gold ran on for these labels. */
  readonly databases: number;
}

/**
 * The plan of a record with a gold (null without one).
 *
 * @example labelPlan(record, 'spider')?.candidates[0]; // { kind: 'run', sql: 'SELECT  name FROM t' }
 */
export function labelPlan(record: QuestionRecord, rule: EquivalenceRule): LabelPlan | null {
  if (record.gold === undefined) return null;
  const gold = labelText(rule, record.gold, 'gold');
  const candidates = record.candidates.map((c): CandidatePlan => {
    if (c.correct !== undefined) return { kind: 'given', correct: c.correct };
    const t = labelText(rule, c.sql, 'prediction');
    return t === null ? { kind: 'unreadable' } : { kind: 'run', sql: t.sql };
  });
  return { rule, gold: gold?.sql ?? null, ordered: gold?.ordered ?? false, candidates };
}

/**
 * Labels before any database: given labels kept, unreadable candidates
 * wrong, the rest in the running.
 *
 * @example startLabels(plan).databases; // 0
 */
export function startLabels(plan: LabelPlan): QuestionLabels {
  const correct = plan.candidates.map((c) => (c.kind === 'given' ? c.correct : c.kind === 'run'));
  if (plan.gold === null) return { correct: unknownWhereRun(plan, correct), goldError: 'EMPTY', truncated: false, databases: 0 };
  return { correct, truncated: false, databases: 0 };
}

/**
 * Indices of the candidates still to check on the next database (none once the gold has failed).
 *
 * @example inRunning(plan, startLabels(plan)); // [0, 2, 3]
 */
export function inRunning(plan: LabelPlan, labels: QuestionLabels): number[] {
  if (labels.goldError !== undefined) return [];
  return plan.candidates.flatMap((c, i) => (c.kind === 'run' && labels.correct[i] === true ? [i] : []));
}

/**
 * The texts to run on the next database: the gold's, then each candidate's
 * still in the running; none when nothing is left to decide.
 *
 * @example labelQueries(plan, startLabels(plan)); // ['SELECT  name FROM t', 'SELECT  name FROM t', …]
 */
export function labelQueries(plan: LabelPlan, labels: QuestionLabels): string[] {
  const open = inRunning(plan, labels);
  if (open.length === 0) return [];
  return [plan.gold as string, ...open.map((i) => (plan.candidates[i] as { sql: string }).sql)];
}

/**
 * The labels after one more database, given the outcomes of
 * `labelQueries(plan, labels)` on it, in that order.
 *
 * @example labels = labelsOnDatabase(plan, labels, await db.runMany(labelQueries(plan, labels)));
 */
export function labelsOnDatabase(plan: LabelPlan, labels: QuestionLabels, outcomes: readonly ExecOutcome[]): QuestionLabels {
  const open = inRunning(plan, labels);
  if (open.length === 0) return labels;
  if (outcomes.length !== open.length + 1) throw new RangeError(`expected ${open.length + 1} outcomes, got ${outcomes.length}`);
  const gold = outcomes[0] as ExecOutcome;
  const correct = [...labels.correct];
  let truncated = labels.truncated;
  for (const [k, i] of open.entries()) {
    const label = labelCandidate(gold, outcomes[k + 1] as ExecOutcome, { rule: plan.rule, ordered: plan.ordered });
    if (label.goldError !== undefined) {
      return { correct: unknownWhereRun(plan, correct), goldError: label.goldError, truncated, databases: labels.databases + 1 };
    }
    correct[i] = label.correct;
    if (label.truncated) truncated = true;
  }
  return { correct, truncated, databases: labels.databases + 1 };
}

/** Labels from execution become unknown; given ones stay. */
function unknownWhereRun(plan: LabelPlan, correct: readonly (boolean | null)[]): (boolean | null)[] {
  return plan.candidates.map((c, i) => (c.kind === 'given' ? (correct[i] as boolean) : null));
}
