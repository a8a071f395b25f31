/**
 * Errors in benchmark and candidate files, as a typed value with a code and
 * the place (file, line for JSON Lines, field path) so the message points at
 * the fix: `candidates.jsonl:12: field "candidates[3].sql" must be a string`.
 */

/** Every way a benchmark or candidate file can be unusable. */
export type BenchFileErrorCode =
  | 'BAD_JSON' // the text (or a line) is not JSON
  | 'BAD_FIELD' // a field has the wrong type or value
  | 'MISSING_FIELD' // a required field is absent
  | 'UNKNOWN_LAYOUT' // neither Spider nor BIRD fields
  | 'UNKNOWN_DB' // no database file for a db_id
  | 'OUTSIDE_BENCH' // a db_id that is a path, or a database file whose real path leaves the benchmark's database folder
  | 'NOT_A_FILE' // a folder, FIFO or device where a database file should be
  | 'DUPLICATE_ID' // two questions share an id
  | 'NOT_FOUND' // the file or folder does not exist
  | 'TOO_LARGE'; // a file or one line of it is past its size limit

/** The plain-data form, safe to post across a worker boundary. */
export interface BenchFileIssue {
  readonly code: BenchFileErrorCode;
  readonly file: string;
  /** 1-based line, for JSON Lines files (and JSON syntax errors when known). */
  readonly line?: number;
  /** Path of the offending field, e.g. `candidates[3].sql` or `[12].query`. */
  readonly field?: string;
  readonly message: string;
}

/** Where a problem is and what it is; `problem` completes "field "x" …" or stands alone. */
export interface BenchFileProblem {
  readonly code: BenchFileErrorCode;
  readonly file: string;
  readonly line?: number;
  readonly field?: string;
  readonly problem: string;
}

/**
 * A benchmark or candidate file problem. Check `code`, not `instanceof`, once
 * it has crossed a worker boundary (use {@link BenchFileError.toIssue}).
 *
 * @example
 * new BenchFileError({ code: 'BAD_FIELD', file: 'c.jsonl', line: 12, field: 'candidates[3].sql', problem: 'must be a string' }).message;
 * // 'c.jsonl:12: field "candidates[3].sql" must be a string'
 */
export class BenchFileError extends Error implements BenchFileIssue {
  readonly code: BenchFileErrorCode;
  readonly file: string;
  readonly line?: number;
  readonly field?: string;

  constructor(p: BenchFileProblem) {
    const where = p.line === undefined ? p.file : `${p.file}:${p.line}`;
    super(p.field === undefined ? `${where}: ${p.problem}` : `${where}: field "${p.field}" ${p.problem}`);
    this.name = 'BenchFileError';
    this.code = p.code;
    this.file = p.file;
    if (p.line !== undefined) this.line = p.line;
    if (p.field !== undefined) this.field = p.field;
  }

  /** The error as plain data. */
  toIssue(): BenchFileIssue {
    const { code, file, line, field, message } = this;
    return { code, file, message, ...(line === undefined ? {} : { line }), ...(field === undefined ? {} : { field }) };
  }
}

/** The name the candidate-file API uses for the same error. */
export { BenchFileError as CandidateFileError };
