/**
 * Candidate files: JSON Lines, one {@link QuestionRecord} per line.
 *
 * Conventions: lines are 1-based and counted in the text as written (`\n` or
 * `\r\n`; a leading BOM is ignored); blank lines are allowed and skipped; each
 * line may be any length. Known fields are checked strictly (types, finite
 * numbers, closed error codes); `null` for an optional field counts as absent
 * and is dropped. Unknown fields are PRESERVED as they are, on the record and
 * on each candidate, so a file passes through parse → serialize unchanged
 * whatever later steps added. Record ids must be unique within a file.
 */
import type { CandidateRecord, QuestionRecord } from './types.ts';
import { isExecErrorCode } from './exec-error-codes.ts';
import { BenchFileError } from './errors.ts';
import {
  fail,
  isObject,
  optionalBoolean,
  optionalNumber,
  optionalString,
  requireDbId,
  requireString,
  typeName,
  type FieldContext,
  type JsonObject,
} from './fields.ts';

/** File name used in messages when the caller names none. */
export const DEFAULT_CANDIDATE_FILE = 'candidates.jsonl';

/**
 * Parses one line (already split off) into a record; throws
 * {@link BenchFileError} naming the file, line and field.
 *
 * @example
 * parseCandidateLine('{"id":"dev-0","db_id":"a","question":"q","candidates":[{"sql":"SELECT 1"}]}', 1);
 */
export function parseCandidateLine(text: string, lineNo: number, file = DEFAULT_CANDIDATE_FILE): QuestionRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new BenchFileError({ code: 'BAD_JSON', file, line: lineNo, problem: `not valid JSON (${(e as Error).message})` });
  }
  return checkQuestionRecord(value, { file, line: lineNo, path: '' });
}

/**
 * Checks a parsed value against the record format and returns it as a typed
 * record (unknown fields kept, null optionals dropped).
 *
 * @example
 * checkQuestionRecord(JSON.parse(line), { file: 'c.jsonl', line: 3, path: '' });
 */
export function checkQuestionRecord(value: unknown, ctx: FieldContext): QuestionRecord {
  if (!isObject(value)) fail(ctx, 'BAD_FIELD', '', `must be a JSON object (got ${typeName(value)})`);
  const candidates = value['candidates'];
  if (candidates === undefined) fail(ctx, 'MISSING_FIELD', 'candidates', 'is missing');
  if (!Array.isArray(candidates)) fail(ctx, 'BAD_FIELD', 'candidates', `must be an array (got ${typeName(candidates)})`);
  return withKnown<QuestionRecord>(value, {
    id: requireString(value, 'id', ctx),
    db_id: requireDbId(value, 'db_id', ctx),
    question: requireString(value, 'question', ctx),
    evidence: optionalString(value, 'evidence', ctx),
    gold: optionalString(value, 'gold', ctx),
    candidates: candidates.map((c, i) => checkCandidate(c, { ...ctx, path: `${ctx.path}candidates[${i}].` })),
  });
}

function checkCandidate(value: unknown, ctx: FieldContext): CandidateRecord {
  if (!isObject(value)) fail({ ...ctx, path: '' }, 'BAD_FIELD', ctx.path.slice(0, -1), `must be an object (got ${typeName(value)})`);
  const execError = value['exec_error'];
  if (execError !== undefined && execError !== null && !isExecErrorCode(execError)) {
    fail(ctx, 'BAD_FIELD', 'exec_error', `must be an execution error code such as "SYNTAX" (got ${typeName(execError)})`);
  }
  return withKnown<CandidateRecord>(value, {
    sql: requireString(value, 'sql', ctx),
    logprob: optionalNumber(value, 'logprob', ctx),
    token_logprobs: numberArray(value, 'token_logprobs', ctx),
    source: optionalString(value, 'source', ctx),
    correct: optionalBoolean(value, 'correct', ctx),
    exec_error: execError ?? undefined,
    scores: scoreRecord(value, 'scores', ctx),
  });
}

function numberArray(o: JsonObject, key: string, ctx: FieldContext): number[] | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) fail(ctx, 'BAD_FIELD', key, `must be an array of numbers (got ${typeName(v)})`);
  v.forEach((x, i) => {
    if (typeof x !== 'number' || !Number.isFinite(x)) fail(ctx, 'BAD_FIELD', `${key}[${i}]`, `must be a finite number (got ${typeName(x)})`);
  });
  return v as number[];
}

function scoreRecord(o: JsonObject, key: string, ctx: FieldContext): Record<string, number> | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) fail(ctx, 'BAD_FIELD', key, `must be an object of numbers (got ${typeName(v)})`);
  for (const [name, x] of Object.entries(v)) {
    if (typeof x !== 'number' || !Number.isFinite(x)) fail(ctx, 'BAD_FIELD', `${key}.${name}`, `must be a finite number (got ${typeName(x)})`);
  }
  return v as Record<string, number>;
}

/** Every field of T, each possibly undefined (absent). */
type Checked<T> = { [K in keyof T]-?: T[K] | undefined };

/** The parsed object with its known fields replaced by their checked values; an absent (undefined) known field is removed. */
function withKnown<T extends object>(parsed: JsonObject, known: Checked<T>): T {
  const out: Record<string, unknown> = { ...parsed };
  for (const [key, v] of Object.entries(known)) {
    if (v === undefined) delete out[key];
    else out[key] = v;
  }
  return out as T;
}
