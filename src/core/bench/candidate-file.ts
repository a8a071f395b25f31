/**
 * Whole candidate files (JSON Lines; conventions in candidates.ts): parse
 * with line-located errors, serialize so the output parses back to the same
 * records.
 */
import type { QuestionRecord } from './types.ts';
import { checkQuestionRecord, DEFAULT_CANDIDATE_FILE, parseCandidateLine } from './candidates.ts';
import { BenchFileError, type BenchFileIssue } from './errors.ts';

/** A parsed candidate file. */
export interface CandidateFile {
  readonly records: QuestionRecord[];
}

/**
 * Parses a candidate file's text. Throws {@link BenchFileError} (alias
 * `CandidateFileError`) at the first bad line, with code BAD_JSON, BAD_FIELD,
 * MISSING_FIELD or DUPLICATE_ID and the 1-based line.
 *
 * @example
 * const { records } = parseCandidateFile(text, 'runs/qwen.jsonl');
 */
export function parseCandidateFile(text: string, file = DEFAULT_CANDIDATE_FILE): CandidateFile {
  const parser = candidateFileParser(file);
  parser.push(text);
  return { records: parser.end() };
}

/** The longest line of a candidate file (UTF-16 code units); a longer one is TOO_LARGE, naming its line. */
export const MAX_CANDIDATE_LINE_CHARS = 64 * 2 ** 20;

/** A candidate file parsed piece by piece, as a stream delivers it. */
export interface CandidateFileParser {
  /** Takes the next piece of text (any split, also mid-line). Throws at the first bad line. */
  push(text: string): void;
  /** Ends the file and returns its records. */
  end(): QuestionRecord[];
  /** Lines completed so far. */
  readonly lines: number;
}

/**
 * A streaming candidate-file parser: the file is never one string. Lines
 * are parsed as they complete; a line past {@link MAX_CANDIDATE_LINE_CHARS}
 * is TOO_LARGE (a blank line of any length is skipped without being kept).
 *
 * @example
 * const p = candidateFileParser('c.jsonl');
 * for await (const piece of stream) p.push(piece);
 * const records = p.end();
 */
export function candidateFileParser(file = DEFAULT_CANDIDATE_FILE, maxLineChars = MAX_CANDIDATE_LINE_CHARS): CandidateFileParser {
  const records: QuestionRecord[] = [];
  const seen = new Map<string, number>();
  let pending: string[] = [];
  let pendingChars = 0;
  let lineNo = 0;
  const finish = (): void => {
    lineNo += 1;
    const raw = pending.join('');
    pending = [];
    pendingChars = 0;
    const line = (lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
    if (line.trim() === '') return;
    const record = parseCandidateLine(line, lineNo, file);
    const first = seen.get(record.id);
    if (first !== undefined) {
      throw new BenchFileError({ code: 'DUPLICATE_ID', file, line: lineNo, field: 'id', problem: `repeats id "${record.id}" from line ${first}` });
    }
    seen.set(record.id, lineNo);
    records.push(record);
  };
  const add = (piece: string): void => {
    if (piece === '') return;
    if (pendingChars === 0 && piece.trim() === '') return; // still a blank line: nothing worth keeping
    pending.push(piece);
    pendingChars += piece.length;
    if (pendingChars > maxLineChars) {
      throw new BenchFileError({
        code: 'TOO_LARGE',
        file,
        line: lineNo + 1,
        problem: `is longer than ${maxLineChars.toLocaleString('en-US')} characters; a candidate line is far shorter`,
      });
    }
  };
  return {
    push(text) {
      let at = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', at)) {
        add(text.slice(at, nl));
        finish();
        at = nl + 1;
      }
      add(text.slice(at));
    },
    end() {
      if (pendingChars > 0) finish();
      return records;
    },
    get lines() {
      return lineNo;
    },
  };
}

/**
 * The same, with the failure as data (for worker boundaries and the UI).
 *
 * @example
 * const r = tryParseCandidateFile(text, name);
 * if (!r.ok) show(r.error.message);
 */
export function tryParseCandidateFile(
  text: string,
  file = DEFAULT_CANDIDATE_FILE,
): { ok: true; records: QuestionRecord[] } | { ok: false; error: BenchFileIssue } {
  try {
    return { ok: true, records: parseCandidateFile(text, file).records };
  } catch (e) {
    if (e instanceof BenchFileError) return { ok: false, error: e.toIssue() };
    throw e;
  }
}

/**
 * Serializes records as JSON Lines (one record per line, `\n` after each).
 * Each record is checked first, so what is written always parses back; a bad
 * record throws {@link BenchFileError} whose line is the line it would have had.
 *
 * @example
 * serializeCandidateFile([{ id: 'dev-0', db_id: 'a', question: 'q', candidates: [] }]);
 * // '{"id":"dev-0","db_id":"a","question":"q","candidates":[]}\n'
 */
export function serializeCandidateFile(records: readonly QuestionRecord[], file = DEFAULT_CANDIDATE_FILE): string {
  const seen = new Set<string>();
  return records
    .map((record, i) => {
      const checked = checkQuestionRecord(record, { file, line: i + 1, path: '' });
      if (seen.has(checked.id)) {
        throw new BenchFileError({ code: 'DUPLICATE_ID', file, line: i + 1, field: 'id', problem: `repeats id "${checked.id}"` });
      }
      seen.add(checked.id);
      return JSON.stringify(checked) + '\n';
    })
    .join('');
}
