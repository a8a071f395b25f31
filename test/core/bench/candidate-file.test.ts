import { describe, expect, it } from 'vitest';
import { parseCandidateFile, serializeCandidateFile, tryParseCandidateFile } from '../../../src/core/bench/candidate-file.ts';
import { parseCandidateLine } from '../../../src/core/bench/candidates.ts';
import { BenchFileError, CandidateFileError } from '../../../src/core/bench/errors.ts';
import type { QuestionRecord } from '../../../src/core/bench/types.ts';

const record = (over: Record<string, unknown> = {}, cand: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'dev-0',
    db_id: 'concert_singer',
    question: 'How many singers?',
    candidates: [{ sql: 'SELECT count(*) FROM singer', logprob: -0.2, token_logprobs: [-0.1, -0.3], correct: true, scores: { orm: 0.9 }, ...cand }],
    ...over,
  });

/** The error a parse throws, for inspecting its fields. */
function errorOf(text: string, file = 'candidates.jsonl'): BenchFileError {
  try {
    parseCandidateFile(text, file);
  } catch (e) {
    if (e instanceof BenchFileError) return e;
    throw e;
  }
  throw new Error('expected the parse to fail');
}

describe('candidate files (JSON Lines)', () => {
  it('parses good lines, skipping blank ones and CRLF endings', () => {
    const text = `${record()}\r\n\n   \n${record({ id: 'dev-1', gold: 'SELECT 1', evidence: 'e' })}\n`;
    const { records } = parseCandidateFile(text);
    expect(records.map((r) => r.id)).toEqual(['dev-0', 'dev-1']);
    expect(records[1]!.gold).toBe('SELECT 1');
    expect(records[0]!.candidates[0]).toEqual({
      sql: 'SELECT count(*) FROM singer',
      logprob: -0.2,
      token_logprobs: [-0.1, -0.3],
      correct: true,
      scores: { orm: 0.9 },
    });
  });

  it('accepts an empty candidate list and an empty file', () => {
    expect(parseCandidateFile(record({ candidates: [] })).records[0]!.candidates).toEqual([]);
    expect(parseCandidateFile('').records).toEqual([]);
  });

  it('ignores a leading byte-order mark', () => {
    expect(parseCandidateFile('\uFEFF' + record()).records).toHaveLength(1);
  });

  it('names file, line and field for a wrong candidate type', () => {
    const text = [record(), '', record({ id: 'x' }, { sql: 42 })].join('\n');
    const e = errorOf(text);
    expect(e.code).toBe('BAD_FIELD');
    expect(e.line).toBe(3);
    expect(e.field).toBe('candidates[0].sql');
    expect(e.message).toBe('candidates.jsonl:3: field "candidates[0].sql" must be a string (got 42)');
  });

  it('reports the index of the offending candidate', () => {
    const text = JSON.stringify({ id: 'a', db_id: 'd', question: 'q', candidates: [{ sql: 'x' }, { sql: 'y' }, { sql: 'z' }, { sql: null }] });
    expect(errorOf(text, 'runs/c.jsonl').message).toBe('runs/c.jsonl:1: field "candidates[3].sql" must be a string (got null)');
  });

  const badCases: [string, string, string, string][] = [
    ['missing id', record({ id: undefined }), 'MISSING_FIELD', 'id'],
    ['numeric db_id', record({ db_id: 7 }), 'BAD_FIELD', 'db_id'],
    ['missing question', record({ question: undefined }), 'MISSING_FIELD', 'question'],
    ['candidates not an array', record({ candidates: {} }), 'BAD_FIELD', 'candidates'],
    ['missing candidates', record({ candidates: undefined }), 'MISSING_FIELD', 'candidates'],
    ['candidate not an object', record({ candidates: ['SELECT 1'] }), 'BAD_FIELD', 'candidates[0]'],
    ['missing sql', record({}, { sql: undefined }), 'MISSING_FIELD', 'candidates[0].sql'],
    ['logprob as text', record({}, { logprob: '-0.5' }), 'BAD_FIELD', 'candidates[0].logprob'],
    ['token_logprobs with text', record({}, { token_logprobs: [-0.1, 'x'] }), 'BAD_FIELD', 'candidates[0].token_logprobs[1]'],
    ['token_logprobs not array', record({}, { token_logprobs: -0.1 }), 'BAD_FIELD', 'candidates[0].token_logprobs'],
    ['correct as 1', record({}, { correct: 1 }), 'BAD_FIELD', 'candidates[0].correct'],
    ['unknown exec_error', record({}, { exec_error: 'OOPS' }), 'BAD_FIELD', 'candidates[0].exec_error'],
    ['score as text', record({}, { scores: { orm: 'high' } }), 'BAD_FIELD', 'candidates[0].scores.orm'],
    ['scores as array', record({}, { scores: [0.5] }), 'BAD_FIELD', 'candidates[0].scores'],
    ['gold as number', record({ gold: 1 }), 'BAD_FIELD', 'gold'],
    ['evidence as array', record({ evidence: ['x'] }), 'BAD_FIELD', 'evidence'],
    ['source as number', record({}, { source: 3 }), 'BAD_FIELD', 'candidates[0].source'],
  ];
  for (const [name, line, code, field] of badCases) {
    it(`rejects ${name} with ${code} on field ${field}`, () => {
      const e = errorOf(`${record({ id: 'first' })}\n${line}\n`);
      expect({ code: e.code, line: e.line, field: e.field, file: e.file }).toEqual({ code, line: 2, field, file: 'candidates.jsonl' });
      expect(e.message).toContain(`candidates.jsonl:2: field "${field}"`);
    });
  }

  it('rejects a line that is not JSON or not an object', () => {
    const bad = errorOf(`${record()}\n{"id": "x",\n`);
    expect([bad.code, bad.line]).toEqual(['BAD_JSON', 2]);
    expect(bad.message).toMatch(/^candidates\.jsonl:2: not valid JSON/);
    expect(errorOf('[1,2]').code).toBe('BAD_FIELD');
  });

  it('rejects a repeated id, naming both lines', () => {
    const e = errorOf(`${record()}\n${record()}`);
    expect([e.code, e.line, e.field]).toEqual(['DUPLICATE_ID', 2, 'id']);
    expect(e.message).toContain('line 1');
  });

  it('treats null optional fields as absent and drops them', () => {
    const r = parseCandidateLine(record({ gold: null }, { logprob: null, exec_error: null }), 1);
    expect('gold' in r).toBe(false);
    expect('logprob' in r.candidates[0]!).toBe(false);
    expect('exec_error' in r.candidates[0]!).toBe(false);
  });

  it('keeps unknown fields and round-trips through serialize', () => {
    const text = record({ meta: { run: 3 } }, { temperature: 0.7, exec_error: 'SYNTAX' }) + '\n';
    const { records } = parseCandidateFile(text);
    expect((records[0] as unknown as { meta: unknown }).meta).toEqual({ run: 3 });
    expect(serializeCandidateFile(records)).toBe(text);
    expect(parseCandidateFile(serializeCandidateFile(records)).records).toEqual(records);
  });

  it('handles very long lines', () => {
    const candidates = Array.from({ length: 2000 }, (_, i) => ({ sql: `SELECT ${i} FROM t WHERE x = '${'y'.repeat(100)}'`, logprob: -i / 1000 }));
    const line = JSON.stringify({ id: 'big', db_id: 'd', question: 'q', candidates });
    expect(line.length).toBeGreaterThan(200_000);
    expect(parseCandidateFile(line).records[0]!.candidates).toHaveLength(2000);
  });

  it('refuses to serialize a record that would not parse back', () => {
    const bad = { id: 'a', db_id: 'd', question: 'q', candidates: [{ sql: 'x', logprob: Number.NaN }] } as QuestionRecord;
    const good = { id: 'b', db_id: 'd', question: 'q', candidates: [] } as QuestionRecord;
    expect(() => serializeCandidateFile([good, bad])).toThrow(/:2: field "candidates\[0\]\.logprob" must be a finite number/);
    expect(() => serializeCandidateFile([good, good])).toThrow(BenchFileError);
  });

  it('exposes the error as data and under the CandidateFileError name', () => {
    const r = tryParseCandidateFile(record({ id: 5 }), 'x.jsonl');
    expect(r).toEqual({
      ok: false,
      error: { code: 'BAD_FIELD', file: 'x.jsonl', line: 1, field: 'id', message: 'x.jsonl:1: field "id" must be a string (got 5)' },
    });
    expect(errorOf(record({ id: 5 }))).toBeInstanceOf(CandidateFileError);
  });
});
