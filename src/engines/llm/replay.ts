/**
 * The replay generator: candidates read from a candidate file instead of a
 * model, so Confide runs (and is tested) without a GPU. A question matches a
 * record when its normalized text and its `db_id` are equal; normalization is
 * Unicode NFKC, lower case, runs of white space as one space, and no trailing
 * `?`, `.` or `!`. Temperature and seed are ignored: the file's candidates are
 * what they are, in file order.
 */
import type { CandidateRecord, QuestionRecord } from '../../core/bench/types.ts';
import { llmError } from './errors.ts';
import { checkSampleRequest } from './sample-request.ts';
import type { GeneratedCandidate, Generator } from './types.ts';
import { LlmFailure } from './failure.ts';

/**
 * The form of a question used for matching.
 *
 * @example normalizeQuestion('  How many  Singers are there? ') // 'how many singers are there'
 */
export function normalizeQuestion(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?.!]+$/, '')
    .trimEnd();
}

const key = (dbId: string, question: string): string => `${dbId}\u0000${normalizeQuestion(question)}`;

function toGenerated(c: CandidateRecord): GeneratedCandidate {
  const sql = c.sql.trim() === '' ? null : c.sql;
  return {
    sql,
    raw: c.sql,
    source: c.source ?? 'replay',
    ...(c.logprob === undefined ? {} : { logprob: c.logprob }),
    ...(c.token_logprobs === undefined ? {} : { token_logprobs: c.token_logprobs }),
    ...(c.scores === undefined ? {} : { scores: c.scores }),
    ...(sql === null ? { error: { code: 'NO_SQL' as const, message: 'The recorded candidate is empty.' } } : {}),
  };
}

/**
 * A {@link Generator} over the records of a candidate file. `n` (when given)
 * takes the first n candidates; without it, all of them. A request without
 * `db_id` matches by question alone when exactly one record has that question.
 * A question not in the file rejects with an `LlmFailure` of code `NOT_IN_REPLAY`.
 *
 * @example
 * const generator = createReplayGenerator(records);
 * const question = 'How many singers are there?';
 * const candidates = await generator.sample({ schema, question, db_id: 'concert_singer' });
 */
export function createReplayGenerator(records: readonly QuestionRecord[]): Generator {
  const byKey = new Map<string, QuestionRecord>();
  const byQuestion = new Map<string, QuestionRecord[]>();
  // Linear in the records: each list grows in place (copying a question's list per record froze Ask 30 s on 120,000 records of one question).
  for (const r of records) {
    const q = normalizeQuestion(r.question);
    const k = `${r.db_id}\u0000${q}`;
    if (!byKey.has(k)) byKey.set(k, r);
    const same = byQuestion.get(q);
    if (same === undefined) byQuestion.set(q, [r]);
    else same.push(r);
  }
  return {
    async sample(req, { signal, onProgress } = {}) {
      const sameQuestion = byQuestion.get(normalizeQuestion(req.question)) ?? [];
      const record = req.db_id !== undefined ? byKey.get(key(req.db_id, req.question)) : sameQuestion.length === 1 ? sameQuestion[0] : undefined;
      if (record === undefined) {
        const where = req.db_id === undefined ? '' : ` for database ${req.db_id}`;
        throw new LlmFailure(
          llmError(
            'NOT_IN_REPLAY',
            `This question${where} is not in the candidate file, so there are no recorded candidates for it. ` +
              'Live generation needs a browser with WebGPU (a recent Chrome or Edge) and a downloaded model; ' +
              'or ask one of the questions the file holds.',
          ),
        );
      }
      const n = req.n === undefined ? record.candidates.length : checkSampleRequest(req).n;
      const out: GeneratedCandidate[] = [];
      for (const c of record.candidates.slice(0, n)) {
        if (signal?.aborted === true) break;
        out.push(toGenerated(c));
        const total = Math.min(n, record.candidates.length);
        onProgress?.({ done: out.length, total, text: `Read candidate ${out.length} of ${total}` });
      }
      return out;
    },
  };
}
