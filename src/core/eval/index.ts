/**
 * Evaluation over a candidate file: each question prepared (executed and
 * labelled), the whole file prepared with databases opened once, the report
 * (AUROC, bootstrap, calibration, selective prediction, certificate, Best-of-N)
 * and its tables and CSV.
 *
 * @example
 * const { prepared } = await prepareAll(records, access);
 * const report = evaluate(prepared, { seed: 1 });
 */
export { clusterFingerprint, labeledRecord, prepareQuestion, type PrepareDeps, type PreparedCandidate, type PreparedQuestion } from './prepare.ts';
export {
  prepareAll,
  type DbAccess,
  type OpenedDb,
  type OpenFailure,
  type PrepareAllOptions,
  type PrepareAllResult,
  type PrepareProgress,
  type SuiteDb,
  type SuiteFailure,
} from './prepare-all.ts';
export {
  evaluateFile,
  type CandidateFile,
  type EvaluateFileResult,
  type EvaluateFileSteps,
  type PreparedFile,
  type Scored,
} from './evaluate-file.ts';
export { COMBINED, evaluate, evaluateLabeled, TARGET_RISKS, type EvaluateOptions } from './report.ts';
export { type LabeledQuestions, requireLabeled, stillLabeled, TooFewLabeledError } from './labeled-enough.ts';
export { MISSING_DB, skippedByDatabase, skippedReasons, type SkippedByDatabase, type SkippedRecord } from './skipped-reasons.ts';
export { reportSummary, reportTables, type ReportTable } from './tables.ts';
export { reliabilityWords } from './reliability-words.ts';
export { perQuestionCsv, tablesCsv, toCsv } from './csv.ts';
export type {
  CertificateReport,
  CombinerReport,
  EvalReport,
  PairedReport,
  PerQuestion,
  ReliabilityEntry,
  ReliabilityReport,
  SelectiveRow,
  SignalReport,
} from './types.ts';
