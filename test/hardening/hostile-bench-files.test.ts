/**
 * Hostile benchmark and candidate files: malformed JSON Lines, wrong types,
 * missing fields, unknown databases, huge lines, a prototype-polluting key.
 * Each error names the file, the line (JSON Lines) and the field; the error
 * text stays short whatever the line's size; and nothing is half-written:
 * a failed write or a failed `confide label` leaves the old output as it was
 * and no temporary file behind.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseBenchmark, tryParseCandidateFile, type BenchFileIssue, type QuestionRecord } from '../../src/core/bench/index.ts';
import { main } from '../../src/cli/main.ts';
import { writeCandidateFileAtomic } from '../../src/node/bench.ts';
import { fixtureBytes } from '../engines/sql/fixture.ts';

const record = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'q1',
  db_id: 'fx',
  question: 'How many books?',
  candidates: [{ sql: 'SELECT count(*) FROM book' }, { sql: 'SELECT count(*) FROM author', logprob: -0.5 }],
  ...over,
});
const line = (over: Record<string, unknown> = {}): string => JSON.stringify(record(over));

/** Parses a candidate file whose line `at` (1-based) is `bad` among good lines; returns the error. */
function errorFor(bad: string, at = 3, total = 5): BenchFileIssue {
  const lines = Array.from({ length: total }, (_, i) => (i + 1 === at ? bad : line({ id: `q${i + 1}` })));
  const r = tryParseCandidateFile(lines.join('\n') + '\n', 'runs/c.jsonl');
  if (r.ok) throw new Error(`expected an error for ${bad.slice(0, 80)}`);
  return r.error;
}

describe('candidate files: every error names the line and the field', () => {
  const cases: [string, string, string, string | undefined][] = [
    ['not JSON', '{"id": "q3", db_id: "fx"}', 'BAD_JSON', undefined],
    ['a line cut off mid-record', line({ id: 'q3' }).slice(0, 40), 'BAD_JSON', undefined],
    ['a JSON array instead of a record', '[1, 2, 3]', 'BAD_FIELD', undefined],
    ['id a number', line({ id: 3 }), 'BAD_FIELD', 'id'],
    ['db_id missing', JSON.stringify({ id: 'q3', question: 'q', candidates: [] }), 'MISSING_FIELD', 'db_id'],
    ['candidates missing', JSON.stringify({ id: 'q3', db_id: 'fx', question: 'q' }), 'MISSING_FIELD', 'candidates'],
    ['candidates an object', line({ id: 'q3', candidates: { sql: 'SELECT 1' } }), 'BAD_FIELD', 'candidates'],
    ['a candidate null', line({ id: 'q3', candidates: [{ sql: 'SELECT 1' }, null] }), 'BAD_FIELD', 'candidates[1]'],
    ['a candidate without sql', line({ id: 'q3', candidates: [{ logprob: -1 }] }), 'MISSING_FIELD', 'candidates[0].sql'],
    ['sql a number', line({ id: 'q3', candidates: [{ sql: 'SELECT 1' }, { sql: 5 }] }), 'BAD_FIELD', 'candidates[1].sql'],
    ['logprob a string', line({ id: 'q3', candidates: [{ sql: 'x', logprob: '-0.5' }] }), 'BAD_FIELD', 'candidates[0].logprob'],
    ['logprob overflowing to Infinity', line({ id: 'q3' }).replace('"logprob":-0.5', '"logprob":-1e999'), 'BAD_FIELD', 'candidates[1].logprob'],
    ['a token logprob not a number', line({ id: 'q3', candidates: [{ sql: 'x', token_logprobs: [-1, 'a'] }] }), 'BAD_FIELD', 'candidates[0].token_logprobs[1]'],
    ['a score not a number', line({ id: 'q3', candidates: [{ sql: 'x', scores: { orm: 'high' } }] }), 'BAD_FIELD', 'candidates[0].scores.orm'],
    ['an unknown error code', line({ id: 'q3', candidates: [{ sql: 'x', exec_error: 'BOOM' }] }), 'BAD_FIELD', 'candidates[0].exec_error'],
    ['correct not a boolean', line({ id: 'q3', candidates: [{ sql: 'x', correct: 'yes' }] }), 'BAD_FIELD', 'candidates[0].correct'],
    ['a repeated id', line({ id: 'q1' }), 'DUPLICATE_ID', 'id'],
  ];
  it.each(cases)('%s', (_, bad, code, field) => {
    const error = errorFor(bad);
    expect(error).toMatchObject({ code, file: 'runs/c.jsonl', line: 3 });
    expect(error.field).toBe(field);
    expect(error.message).toMatch(/^runs\/c\.jsonl:3: /);
    if (field !== undefined) expect(error.message).toContain(`field "${field}"`);
  });

  it('counts lines as written: CRLF endings, blank lines and a BOM', () => {
    const text = `\uFEFF${line({ id: 'a' })}\r\n\r\n${line({ id: 'b' })}\r\n${line({ id: 'c', question: 7 })}\r\n`;
    const r = tryParseCandidateFile(text, 'c.jsonl');
    expect(!r.ok && r.error).toMatchObject({ line: 4, field: 'question' });
  });

  it('a huge line: a valid one parses, a bad one is named in a short message', () => {
    const big = 'x'.repeat(20_000_000);
    const ok = tryParseCandidateFile(`${line({ id: 'a' })}\n${line({ id: 'b', question: big })}\n`);
    expect(ok.ok && ok.records[1]!.question.length).toBe(big.length);
    for (const bad of [`{"id":"b","db_id":"fx","question":"${big}",candidates:[]}`, line({ id: 'b', question: big, candidates: [{ sql: 1 }] })]) {
      const error = errorFor(bad, 2, 2);
      expect(error.line).toBe(2);
      expect(error.message.length).toBeLessThan(300);
    }
  });

  it('a "__proto__" key stays data: no prototype is polluted, and it round-trips', () => {
    const text = '{"__proto__":{"polluted":1},"id":"a","db_id":"fx","question":"q","candidates":[{"sql":"x","scores":{"__proto__":2}}]}\n';
    const r = tryParseCandidateFile(text);
    expect(r.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(r.ok && Object.hasOwn(r.records[0]!, '__proto__')).toBe(true);
  });
});

describe('benchmark files: errors name the file, the line when JSON breaks, and the field', () => {
  const bench = (items: unknown[]): string => JSON.stringify(items, null, 1);
  const spider = (i: number): Record<string, unknown> => ({ db_id: 'fx', question: `q${i}`, query: 'SELECT 1' });
  it.each([
    ['a wrong type', bench([spider(0), { ...spider(1), query: 42 }]), 'BAD_FIELD', '[1].query'],
    ['a missing field', bench([spider(0), spider(1), { db_id: 'fx', query: 'SELECT 1' }]), 'MISSING_FIELD', '[2].question'],
    ['a question that is not an object', bench([spider(0), 'text']), 'BAD_FIELD', '[1]'],
    ['no known layout', bench([{ db_id: 'fx', question: 'q', sql: 'SELECT 1' }]), 'UNKNOWN_LAYOUT', undefined],
    [
      'a repeated BIRD question id',
      bench([
        { question_id: 1, db_id: 'fx', question: 'q', SQL: 'SELECT 1' },
        { question_id: 1, db_id: 'fx', question: 'r', SQL: 'SELECT 2' },
      ]),
      'DUPLICATE_ID',
      '[1].question_id',
    ],
  ])('%s', (_, text, code, field) => {
    try {
      parseBenchmark(text, { file: 'dev.json', split: 'dev' });
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ code, file: 'dev.json' });
      expect((e as BenchFileIssue).field).toBe(field);
    }
  });

  it('a JSON syntax error names its line', () => {
    const text = `[\n${JSON.stringify(spider(0))},\n${JSON.stringify(spider(1)).slice(0, -1)} "x"}\n]`;
    expect(() => parseBenchmark(text, { file: 'dev.json', split: 'dev' })).toThrow(/^dev\.json:3: is not valid JSON/);
  });
});

describe('nothing is half-written', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'confide-bench-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

  it('a write that meets a bad record throws, naming it, and leaves the old file and no temp file', async () => {
    const out = join(dir, 'out.jsonl');
    writeFileSync(out, `${line({ id: 'old' })}\n`);
    const before = sha(out);
    const records = Array.from({ length: 100 }, (_, i) => record({ id: `q${i}` })) as unknown as QuestionRecord[];
    (records[49] as unknown as { candidates: unknown[] }).candidates = [{ sql: 7 }];
    await expect(writeCandidateFileAtomic(out, records)).rejects.toMatchObject({ code: 'BAD_FIELD', line: 50, field: 'candidates[0].sql' });
    expect(sha(out)).toBe(before);
    expect(readdirSync(dir)).toEqual(['out.jsonl']);
  });

  it('`confide label` over a bad candidate file exits 1 naming file, line and field, and writes nothing', async () => {
    const bench = join(dir, 'bench');
    mkdirSync(join(bench, 'database', 'fx'), { recursive: true });
    writeFileSync(join(bench, 'database', 'fx', 'fx.sqlite'), await fixtureBytes());
    writeFileSync(join(bench, 'dev.json'), JSON.stringify([{ db_id: 'fx', question: 'How many books?', query: 'SELECT count(*) FROM book' }]));
    const candidates = join(dir, 'cands.jsonl');
    writeFileSync(candidates, `${line({ id: 'dev-0' })}\n${line({ id: 'dev-1', candidates: [{ sql: ['SELECT 1'] }] })}\n`);
    const out = join(dir, 'labeled.jsonl');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await main(['label', '--bench', bench, '--candidates', candidates, '--out', out]);
      expect(code).toBe(1);
      const said = stderr.mock.calls.map((c) => String(c[0])).join('');
      expect(said).toContain(`BAD_FIELD: ${candidates}:2: field "candidates[0].sql" must be a string`);
    } finally {
      stderr.mockRestore();
    }
    expect(readdirSync(dir).filter((f) => f.startsWith('labeled') || f.startsWith('.labeled'))).toEqual([]);
  });

  it('`confide label` with an unknown database labels the rest and says which database was missing', async () => {
    const bench = join(dir, 'bench');
    const candidates = join(dir, 'cands-unknown.jsonl');
    writeFileSync(candidates, `${line({ id: 'dev-0' })}\n${line({ id: 'x-1', db_id: 'nosuch', gold: 'SELECT 1' })}\n`);
    const out = join(dir, 'labeled-unknown.jsonl');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let said = '';
    try {
      expect(await main(['label', '--bench', bench, '--candidates', candidates, '--out', out, '--workers', '1'])).toBe(0);
      said = stderr.mock.calls.map((c) => String(c[0])).join('');
    } finally {
      stderr.mockRestore();
    }
    expect(said).toMatch(/skipped 1 record\(s\) \(id x-1\): database nosuch is not in the benchmark/);
    const written = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; candidates: { correct?: boolean }[] });
    expect(written.map((r) => r.id)).toEqual(['dev-0']);
    expect(written[0]!.candidates.map((c) => c.correct)).toEqual([true, false]);
  });
});
