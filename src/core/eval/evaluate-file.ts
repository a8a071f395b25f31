/**
 * Evaluating a candidate file, the one way `confide eval` and Evaluate both
 * do it: gold filled in from the benchmark (resolveGold), every record
 * prepared over the caller's databases (`prepareAll`), at least two labeled
 * questions required (with why the others were left out: skipped-reasons.ts),
 * the verifiers' scores added (the caller's `score`, e.g. the reward model),
 * then the report (the caller's `report`: `evaluateLabeled` here, or in a
 * worker), which does not check again.
 * Where the databases live, how the verifiers score and where the statistics
 * run are the caller's; the order of the steps and the reasons are these.
 */
import { resolveGold } from '../bench/gold.ts';
import type { BenchQuestion, QuestionRecord } from '../bench/types.ts';
import { type LabeledQuestions, requireLabeled, stillLabeled } from './labeled-enough.ts';
import { prepareAll } from './prepare-all.ts';
import type { PreparedQuestion } from './prepare.ts';
import type { DbAccess, PrepareAllOptions, PrepareAllResult } from './prepare-types.ts';
import { skippedReasons } from './skipped-reasons.ts';
import type { EvalReport } from './types.ts';

/** A candidate file to evaluate, and where its questions' databases open. */
export interface CandidateFile {
  /** The file's name, as the reasons name it ("… holds no questions"). */
  readonly name: string;
  /** Its records; a record without gold gets the benchmark's. */
  readonly records: readonly QuestionRecord[];
  /** The benchmark's questions, whose gold fills in the records'. */
  readonly questions: readonly BenchQuestion[];
  readonly access: DbAccess;
  /** How `prepareAll` runs (rule, signal, analyzer, evidence, chunks, progress). */
  readonly prepare?: PrepareAllOptions;
}

/** The file prepared: `prepareAll`'s result and how many records have no gold. */
export interface PreparedFile extends PrepareAllResult {
  /** Records with no gold SQL, in the record or the benchmark. */
  readonly noGold: number;
}

/** The verifiers' scores on the prepared questions, or why they did not score. */
export type Scored =
  | { readonly ok: true; readonly prepared: PreparedQuestion[]; readonly name: string }
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

/** What the caller does at each step. */
export interface EvaluateFileSteps {
  /** The file is prepared (before the labeled-enough check): say what was skipped, free the databases. */
  onPrepared?(file: PreparedFile): void;
  /** Scores the prepared questions with the verifiers (e.g. the reward model); left out, none score. */
  score?(prepared: LabeledQuestions, file: PreparedFile): Promise<Scored>;
  /** The report on the (scored) questions, checked already (`evaluateLabeled`); `verifier` names the verifiers that scored them, else null. */
  report(prepared: LabeledQuestions, verifier: string | null): EvalReport | Promise<EvalReport>;
}

/** The report with the questions it is on, or why the verifiers did not score. */
export type EvaluateFileResult =
  | { readonly ok: true; readonly file: PreparedFile; readonly prepared: LabeledQuestions; readonly verifier: string | null; readonly report: EvalReport }
  | { readonly ok: false; readonly file: PreparedFile; readonly error: { readonly code: string; readonly message: string } };

/**
 * Evaluates a candidate file. Throws a TooFewLabeledError (naming each
 * database skipped and why) when fewer than two questions are labeled, and
 * whatever `prepareAll`, `score` or `report` throws (an abort among them).
 *
 * @example
 * const out = await evaluateFile(
 *   { name: 'candidates.jsonl', records, questions: bench.questions, access, prepare: { rule: 'spider' } },
 *   { report: (prepared) => evaluateLabeled(prepared, { seed: 1 }) },
 * );
 * if (out.ok) out.report.combiner.auroc;
 */
export async function evaluateFile(candidates: CandidateFile, steps: EvaluateFileSteps): Promise<EvaluateFileResult> {
  const gold = resolveGold(candidates.records, candidates.questions);
  const file: PreparedFile = { ...(await prepareAll(gold.records, candidates.access, candidates.prepare)), noGold: gold.missing };
  steps.onPrepared?.(file);
  // Too few labeled questions: say how many, and why the others were left out, before any statistics.
  let prepared = requireLabeled(file.prepared, skippedReasons(file.skipped, { name: candidates.name, prepared: file.prepared.length }));
  let verifier: string | null = null;
  if (steps.score !== undefined) {
    const scored = await steps.score(prepared, file);
    if (!scored.ok) return { ok: false, file, error: scored.error };
    prepared = stillLabeled(prepared, scored.prepared);
    verifier = scored.name;
  }
  return { ok: true, file, prepared, verifier, report: await steps.report(prepared, verifier) };
}
