/** Benchmark question files and candidate files: pure parsers over text. */
export { anyDatabasePaths, databasePaths, detectLayout, parseBenchmark, type BenchLayout, type BenchmarkFile } from './benchmark.ts';
export {
  candidateFileParser,
  parseCandidateFile,
  serializeCandidateFile,
  tryParseCandidateFile,
  type CandidateFile,
  type CandidateFileParser,
} from './candidate-file.ts';
export { checkQuestionRecord, DEFAULT_CANDIDATE_FILE, parseCandidateLine } from './candidates.ts';
export { BenchFileError, CandidateFileError, type BenchFileErrorCode, type BenchFileIssue } from './errors.ts';
export { isExecErrorCode } from './exec-error-codes.ts';
export { resolveGold, type GoldResolution } from './gold.ts';
export type { BenchQuestion, CandidateRecord, QuestionRecord } from './types.ts';
export { locateBenchmarks, type BenchLocation } from './bench-files.ts';
