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
  const records: QuestionRecord[] = [];
  const seen = new Map<string, number>();
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = (i === 0 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
    if (line.trim() === '') return;
    const record = parseCandidateLine(line, i + 1, file);
    const first = seen.get(record.id);
    if (first !== undefined) {
      throw new BenchFileError({ code: 'DUPLICATE_ID', file, line: i + 1, field: 'id', problem: `repeats id "${record.id}" from line ${first}` });
    }
    seen.set(record.id, i + 1);
    records.push(record);
  });
  return { records };
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
