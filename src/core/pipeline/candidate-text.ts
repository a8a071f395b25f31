/**
 * SQL candidates a person brings for one question (verify mode and
 * `confide ask --question`): pasted text or a file from another assistant, a
 * class's answers, a colleague. Three forms, chosen by the text itself:
 *
 * - JSON lines (the first non-blank line starts with `{` or `"`): each line
 *   is a JSON string (the query) or an object with a string `sql` (and
 *   optional `source`, numeric `logprob`); a candidate-file record
 *   (`{question, candidates: [{sql}, …]}`) contributes its candidates;
 * - SQL statements (a `.sql` file name, or text holding a `;` outside quotes
 *   and comments): split at each `;` that ends a statement; `--` and block
 *   comments alone are not statements;
 * - otherwise one query per non-blank line (lines starting with `--` skipped).
 *
 * Bad input is an error with a code, the line and the field; nothing is
 * dropped silently.
 */
import { splitStatements } from '../sql/guard-lex.ts';
import type { CandidateSource, SampledCandidate } from './types.ts';

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

export type CandidateTextOutcome =
  | { readonly ok: true; readonly candidates: readonly SampledCandidate[]; readonly format: 'jsonl' | 'sql' | 'lines' }
  | { readonly ok: false; readonly error: CandidateTextError };

/** The statements of SQL text, each with its comments, trimmed (split as SQLite's tokenizer reads it: sql/guard-lex.ts). */
const statementTexts = (text: string): string[] => splitStatements(text).map((s) => text.slice(s.from, s.to).trim());

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
      return fail('BAD_JSON', `${origin}, line ${i + 1}: not valid JSON (${(e as Error).message}). Each line must be a JSON string or an object with "sql".`, i + 1);
    }
    if (typeof value === 'string') {
      out.push({ sql: value, source: `${origin}:${i + 1}` });
      continue;
    }
    const o = value as Record<string, unknown> | null;
    if (o === null || typeof o !== 'object' || Array.isArray(o)) return fail('NO_SQL', `${origin}, line ${i + 1}: expected a JSON string or an object with "sql".`, i + 1);
    const list = Array.isArray(o.candidates) ? (o.candidates as unknown[]) : [o];
    for (const [k, c] of list.entries()) {
      const r = c as Record<string, unknown> | null;
      const field = Array.isArray(o.candidates) ? `candidates[${k}].sql` : 'sql';
      if (r === null || typeof r !== 'object' || !(typeof r.sql === 'string' || r.sql === null)) return fail('NO_SQL', `${origin}, line ${i + 1}: field "${field}" must be a string.`, i + 1, field);
      out.push({
        sql: r.sql as string | null,
        source: typeof r.source === 'string' ? r.source : `${origin}:${i + 1}`,
        ...(typeof r.logprob === 'number' && Number.isFinite(r.logprob) ? { logprob: r.logprob } : {}),
      });
    }
  }
  return { ok: true, candidates: out, format: 'jsonl' };
}

/**
 * Candidates from text; `origin` names the file (or "pasted") in messages and sources.
 *
 * @example
 * parseCandidateText('SELECT 1;\nSELECT 2;', 'pasted'); // { ok: true, format: 'sql', candidates: [{ sql: 'SELECT 1', … }, …] }
 */
export function parseCandidateText(text: string, origin = 'pasted'): CandidateTextOutcome {
  const lines = text.split(/\r?\n/);
  const first = lines.find((l) => l.trim() !== '')?.trim() ?? '';
  let outcome: CandidateTextOutcome;
  if (first === '') return fail('EMPTY', `${origin} holds no SQL: paste one query per line, SQL statements ending in ";", or JSON lines with "sql".`);
  if (first.startsWith('{') || first.startsWith('"')) {
    outcome = fromJsonLines(lines, origin);
  } else if (/\.sql$/i.test(origin) || splitStatements(text).length > 1 || /;\s*(--[^\n]*)?\s*$/.test(text)) {
    outcome = { ok: true, format: 'sql', candidates: statementTexts(text).map((sql, k) => ({ sql, source: `${origin}#${k + 1}` })) };
  } else {
    outcome = {
      ok: true,
      format: 'lines',
      candidates: lines.flatMap((l, i) => (l.trim() === '' || l.trim().startsWith('--') ? [] : [{ sql: l.trim(), source: `${origin}:${i + 1}` }])),
    };
  }
  if (!outcome.ok) return outcome;
  if (outcome.candidates.length === 0) return fail('EMPTY', `${origin} holds no SQL query.`);
  if (outcome.candidates.length > MAX_PASTED_CANDIDATES) return fail('TOO_MANY', `${origin} holds ${outcome.candidates.length} queries; at most ${MAX_PASTED_CANDIDATES} are checked for one question.`);
  return outcome;
}

/**
 * A candidate source that returns the given candidates for any question
 * (the question is the one the person typed).
 *
 * @example runAsk(request, { generator: fixedCandidates(parsed.candidates), … });
 */
export function fixedCandidates(candidates: readonly SampledCandidate[]): CandidateSource {
  return {
    async sample(_req, options) {
      options?.onProgress?.({ done: candidates.length, total: candidates.length, text: `${candidates.length} candidates given` });
      return candidates;
    },
  };
}
