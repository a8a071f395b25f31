import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenchFileError } from '../../src/core/bench/errors.ts';
import type { QuestionRecord } from '../../src/core/bench/types.ts';
import { loadBenchmark, readCandidateFile, writeCandidateFileAtomic } from '../../src/node/bench.ts';

let root: string;

async function touch(path: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, 'SQLite format 3\u0000');
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'confide-bench-'));
  // A Spider-layout folder: two databases present, one missing.
  const spider = join(root, 'spider');
  const q = (db_id: string, i: number) => ({ db_id, question: `q${i}`, query: `SELECT ${i}` });
  await mkdir(spider, { recursive: true });
  await writeFile(join(spider, 'dev.json'), JSON.stringify([q('a', 0), q('gone', 1), q('b', 2), q('gone', 3), q('a', 4)]));
  await touch(join(spider, 'database/a/a.sqlite'));
  await touch(join(spider, 'database/b/b.sqlite'));
  await touch(join(spider, 'database/extra/extra.sqlite'));
  // A BIRD-layout folder: one database under dev_databases, one under database.
  const bird = join(root, 'bird');
  const b = (question_id: number, db_id: string) => ({ question_id, db_id, question: 'q', evidence: '', SQL: 'SELECT 1', difficulty: 'simple' });
  await mkdir(bird, { recursive: true });
  await writeFile(join(bird, 'dev.json'), JSON.stringify([b(10, 'x'), b(11, 'y')]));
  await touch(join(bird, 'dev_databases/x/x.sqlite'));
  await touch(join(bird, 'database/y/y.sqlite'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('loadBenchmark', () => {
  it('skips questions whose database file is missing and counts them', async () => {
    const bench = await loadBenchmark(join(root, 'spider'));
    expect(bench.layout).toBe('spider');
    expect(bench.questions.map((q) => q.id)).toEqual(['dev-0', 'dev-2', 'dev-4']);
    expect(bench.skipped).toBe(2);
    expect(bench.missingDbs).toEqual([{ db_id: 'gone', questions: 2 }]);
  });

  it('resolves database paths, including databases no question names', async () => {
    const bench = await loadBenchmark(join(root, 'spider'));
    expect(bench.dbPath('a')).toBe(join(root, 'spider/database/a/a.sqlite'));
    expect(bench.dbPath('extra')).toBe(join(root, 'spider/database/extra/extra.sqlite'));
    expect(() => bench.dbPath('gone')).toThrow(BenchFileError);
    expect(() => bench.dbPath('gone')).toThrow(/no database "gone"/);
  });

  it('reads the BIRD layout from either database folder', async () => {
    const bench = await loadBenchmark(join(root, 'bird'));
    expect(bench.layout).toBe('bird');
    expect(bench.questions.map((q) => q.id)).toEqual(['dev-10', 'dev-11']);
    expect(bench.dbPath('x')).toBe(join(root, 'bird/dev_databases/x/x.sqlite'));
    expect(bench.dbPath('y')).toBe(join(root, 'bird/database/y/y.sqlite'));
    expect(bench.skipped).toBe(0);
  });

  it('says which split file it could not find', async () => {
    await expect(loadBenchmark(join(root, 'spider'), { split: 'test' })).rejects.toMatchObject({ code: 'NOT_FOUND', file: join(root, 'spider/test.json') });
  });
});

describe('candidate files on disk', () => {
  const records: QuestionRecord[] = [
    { id: 'dev-0', db_id: 'a', question: 'q0', candidates: [{ sql: 'SELECT 0', logprob: -0.5, correct: false, exec_error: 'SYNTAX' }] },
    { id: 'dev-2', db_id: 'b', question: 'q2', gold: 'SELECT 2', candidates: [] },
  ];

  it('writes atomically and reads back the same records, leaving no temp file', async () => {
    const dir = join(root, 'runs');
    await mkdir(dir, { recursive: true });
    const path = join(dir, 'c.jsonl');
    await writeCandidateFileAtomic(path, records);
    await writeCandidateFileAtomic(path, records.slice(0, 1));
    expect(await readCandidateFile(path)).toEqual(records.slice(0, 1));
    expect(await readdir(dir)).toEqual(['c.jsonl']);
  });

  it('leaves the previous file whole when a record is bad', async () => {
    const path = join(root, 'runs', 'keep.jsonl');
    await writeCandidateFileAtomic(path, records);
    const before = await readFile(path, 'utf8');
    const bad = [{ ...records[0]!, candidates: [{ sql: 'x', logprob: Number.POSITIVE_INFINITY }] }];
    await expect(writeCandidateFileAtomic(path, bad)).rejects.toMatchObject({ code: 'BAD_FIELD', line: 1 });
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('fails cleanly when the target folder does not exist', async () => {
    await expect(writeCandidateFileAtomic(join(root, 'nowhere', 'c.jsonl'), records)).rejects.toThrow();
  });

  it('names the path and line of a bad record when reading', async () => {
    const path = join(root, 'runs', 'bad.jsonl');
    await writeFile(path, `${JSON.stringify(records[0])}\n{"id": "z", "db_id": "a", "question": "q", "candidates": [{"sql": 1}]}\n`);
    await expect(readCandidateFile(path)).rejects.toMatchObject({
      code: 'BAD_FIELD',
      line: 2,
      field: 'candidates[0].sql',
      message: `${path}:2: field "candidates[0].sql" must be a string (got 1)`,
    });
    await expect(readCandidateFile(join(root, 'runs', 'absent.jsonl'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
