/**
 * SQL candidates a person brings for one question (verify mode and
 * `confide ask --question`): pasted text or a file from another assistant, a
 * class's answers, a colleague. Two forms, chosen by the text itself:
 *
 * - JSON lines (the first non-blank line starts with `{`, or is a JSON
 *   string): each line is a JSON string (the query) or an object with a string `sql` (and
 *   optional `source`, numeric `logprob`); a candidate-file record
 *   (`{question, candidates: [{sql}, …]}`) contributes its candidates;
 * - anything else is read as people paste SQL (paste-reading.ts): chat
 *   replies with ```sql fences and prose, lists of queries, statements ending
 *   in `;` or not, one per line or over several lines, `--` comments. Each
 *   statement is one candidate; prose is never one, and is listed as left out.
 *
 * Candidates without a `source` of their own carry the paste's name
 * (`SampledCandidate.paste`): identical queries from one paste are copies of
 * one source and count once (copies.ts). Bad input is an error with a code,
 * the line and the field; nothing is dropped silently.
 */
import { keepSources } from './copies.ts';
import { readPastedSql, type SkippedText } from './paste-reading.ts';
import type { CandidateGenerator, SampledCandidate } from './types.ts';

/** At most this many candidates for one question (the clusters and signals stay quick). */
export const MAX_PASTED_CANDIDATES = 200;

/** The most text (in bytes of UTF-8) read whole as one question's candidates: a file or stdin past it is refused. */
export const MAX_CANDIDATE_TEXT_BYTES = 32 * 2 ** 20;

export type CandidateTextErrorCode = 'EMPTY' | 'BAD_JSON' | 'NO_SQL' | 'TOO_MANY';

export interface CandidateTextError {
  readonly code: CandidateTextErrorCode;
  readonly message: string;
  /** 1-based line of the problem, when there is one. */
  readonly line?: number;
  readonly field?: string;
}

/**
 * How the text was read: `jsonl`; `lines` (one query per line, nothing else);
 * `sql` (statements as they stand, over one or several lines); `chat` (SQL
 * taken out of a chat reply or a list: code blocks, prose left out, list
 * markers or labels taken off).
 */
export type CandidateTextFormat = 'jsonl' | 'sql' | 'lines' | 'chat';

export type CandidateTextOutcome =
  | {
      readonly ok: true;
      readonly candidates: readonly SampledCandidate[];
      readonly format: CandidateTextFormat;
      /** True when the text was the queries as they stand: the page runs them without showing its reading first. */
      readonly plain: boolean;
      /** Text left out (prose, code blocks in other languages), with its line: the first SKIPPED_LISTED of `skippedCount`. */
      readonly skipped: readonly SkippedText[];
      readonly skippedCount: number;
      /** Fenced code blocks the queries came from. */
      readonly blocks: number;
    }
  | { readonly ok: false; readonly error: CandidateTextError };

const fail = (code: CandidateTextErrorCode, message: string, line?: number, field?: string): CandidateTextOutcome => ({
  ok: false,
  error: { code, message, ...(line === undefined ? {} : { line }), ...(field === undefined ? {} : { field }) },
});

function fromJsonLines(lines: readonly string[], origin: string): CandidateTextOutcome {
  const out: SampledCandidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      return fail(
        'BAD_JSON',
        `${origin}, line ${i + 1}: not valid JSON (${(e as Error).message}). Each line must be a JSON string or an object with "sql".`,
        i + 1,
      );
    }
    if (typeof value === 'string') {
      out.push({ sql: value, source: `${origin}:${i + 1}`, paste: origin });
      continue;
    }
    const o = value as Record<string, unknown> | null;
    if (o === null || typeof o !== 'object' || Array.isArray(o))
      return fail('NO_SQL', `${origin}, line ${i + 1}: expected a JSON string or an object with "sql".`, i + 1);
    const list = Array.isArray(o.candidates) ? (o.candidates as unknown[]) : [o];
    for (const [k, c] of list.entries()) {
      const r = c as Record<string, unknown> | null;
      const field = Array.isArray(o.candidates) ? `candidates[${k}].sql` : 'sql';
      if (r === null || typeof r !== 'object' || !(typeof r.sql === 'string' || r.sql === null))
        return fail('NO_SQL', `${origin}, line ${i + 1}: field "${field}" must be a string.`, i + 1, field);
      out.push({
        sql: r.sql as string | null,
        ...(typeof r.source === 'string' ? { source: r.source } : { source: `${origin}:${i + 1}`, paste: origin }),
        ...(typeof r.logprob === 'number' && Number.isFinite(r.logprob) ? { logprob: r.logprob } : {}),
      });
    }
  }
  return { ok: true, candidates: out, format: 'jsonl', plain: true, skipped: [], skippedCount: 0, blocks: 0 };
}

/**
 * Candidates from text; `origin` names the file (or "pasted") in messages and sources.
 *
 * @example
 * parseCandidateText('SELECT 1;\nSELECT 2;', 'pasted'); // { ok: true, format: 'sql', candidates: [{ sql: 'SELECT 1', … }, …] }
 */
export function parseCandidateText(text: string, origin = 'pasted'): CandidateTextOutcome {
  const first = /\S/.exec(text)?.[0] ?? '';
  let outcome: CandidateTextOutcome;
  if (first === '')
    return fail(
      'EMPTY',
      `${origin} holds no SQL: paste one query per line, SQL statements ending in ";", a chat reply with its SQL, or JSON lines with "sql".`,
    );
  if (first === '{' || (first === '"' && isJsonString(text.slice(text.indexOf('"')).split(/\r?\n/, 1)[0]!))) {
    outcome = fromJsonLines(text.split(/\r?\n/), origin);
  } else {
    const r = readPastedSql(text, MAX_PASTED_CANDIDATES + 1);
    const oneLine = r.statements.every((s) => !s.sql.includes('\n') && !s.semicolon);
    outcome = {
      ok: true,
      format: !r.plain ? 'chat' : oneLine ? 'lines' : 'sql',
      plain: r.plain,
      skipped: r.skipped,
      skippedCount: r.skippedCount,
      blocks: r.blocks,
      candidates: r.statements.map((s, k) => ({ sql: s.sql, source: `${origin}#${k + 1}`, paste: origin })),
    };
  }
  if (!outcome.ok) return outcome;
  if (outcome.candidates.length === 0) {
    const left = outcome.skippedCount;
    const prose = left > 0 ? ` (${left} line${left === 1 ? '' : 's'} of prose or other code left out)` : '';
    return fail('EMPTY', `${origin} holds no SQL query${prose}.`);
  }
  if (outcome.candidates.length > MAX_PASTED_CANDIDATES)
    return fail(
      'TOO_MANY',
      `${origin} holds ${outcome.format === 'jsonl' ? outcome.candidates.length : 'more than ' + MAX_PASTED_CANDIDATES} queries; at most ${MAX_PASTED_CANDIDATES} are checked for one question.`,
    );
  return outcome;
}

/** True when `line` is a JSON string (a quoted query), not prose that begins with a quotation mark. */
function isJsonString(line: string): boolean {
  try {
    return typeof JSON.parse(line) === 'string';
  } catch {
    return false;
  }
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * What a reading found, in one line, as the page and `confide ask` say it:
 * how many queries, read how, how many distinct, and what was left out.
 *
 * @example
 * readingSummary(parseCandidateText('SELECT 1;\nSELECT 1;') as Extract<CandidateTextOutcome, { ok: true }>);
 * // '2 queries read (SQL statements), 1 distinct: copies from one paste count once.'
 */
export function readingSummary(r: Extract<CandidateTextOutcome, { ok: true }>): string {
  const n = r.candidates.length;
  const distinct = keepSources(r.candidates).length;
  const how =
    r.format === 'jsonl'
      ? ' (JSON lines)'
      : r.format === 'sql'
        ? ' (SQL statements)'
        : r.format === 'lines'
          ? ' (one per line)'
          : r.blocks > 0
            ? ` from ${count(r.blocks, 'code block', 'code blocks')}`
            : ' from a reply or list';
  const copies = distinct < n ? `, ${distinct} distinct: copies from one paste count once` : '';
  const left = r.skippedCount > 0 ? `; ${count(r.skippedCount, 'piece', 'pieces')} of prose or other code left out` : '';
  return `${count(n, 'query', 'queries')} read${how}${copies}${left}.`;
}

/**
 * A candidate source that returns the given candidates for any question
 * (the question is the one the person typed).
 *
 * @example runAsk(request, { generator: fixedCandidates(parsed.candidates), … });
 */
export function fixedCandidates(candidates: readonly SampledCandidate[]): CandidateGenerator {
  return {
    async sample(_req, options) {
      options?.onProgress?.({ done: candidates.length, total: candidates.length, text: `${candidates.length} candidates given` });
      return candidates;
    },
  };
}
