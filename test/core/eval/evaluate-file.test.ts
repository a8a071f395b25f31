/**
 * evaluateFile, the steps `confide eval` and Evaluate share: gold filled in
 * from the benchmark, every record prepared over the caller's databases, the
 * caller told what was skipped, too few labeled questions refused with the
 * reasons the CLI prints, the verifiers' scores handed to the report, and a
 * verifier that does not score ending the run without a report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchQuestion, QuestionRecord } from '../../../src/core/bench/types.ts';
import { evaluateFile, MISSING_DB, TooFewLabeledError, type DbAccess, type EvalReport, type PreparedFile } from '../../../src/core/eval/index.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';
import { loadSqlJs, loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';

let runner: SqlRunner;
beforeAll(async () => {
  runner = await loadSqlRunner();
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec("CREATE TABLE items(name TEXT, price REAL); INSERT INTO items VALUES ('a', 3), ('b', 7), ('c', 9);");
  runner.open('shop', db.export());
  db.close();
});

/** The shop opens; `gone` is not in the benchmark; `broken` is not a database. */
const access: DbAccess = {
  open: async (dbId) => {
    if (dbId === 'gone') return { ok: false, code: MISSING_DB, message: 'no such folder' };
    if (dbId === 'broken') return { ok: false, code: 'NOT_SQLITE', message: 'the file is not a SQLite database' };
    return { ok: true, db: { runMany: async (sqls) => sqls.map((s) => runner.exec('shop', s)), normalizedSql: async (s) => runner.normalizedSql('shop', s) } };
  },
  close: async () => undefined,
};

const question = (id: string, db_id: string, sql: string): QuestionRecord => ({
  id,
  db_id,
  question: `question ${id}`,
  candidates: [{ sql }, { sql: 'SELECT name FROM items' }],
});
const QUESTIONS: BenchQuestion[] = ['q1', 'q2', 'q3'].map((id) => ({
  id,
  db_id: 'shop',
  question: `question ${id}`,
  gold: 'SELECT name FROM items WHERE price > 5',
}));
const REPORT = { n_questions: 0 } as unknown as EvalReport;

describe('evaluateFile', () => {
  it('prepares with the benchmark gold, tells what was skipped, then verifies and reports, in that order', async () => {
    const steps: string[] = [];
    let told: PreparedFile | undefined;
    const records = [
      question('q1', 'shop', 'SELECT name FROM items WHERE price >= 6'),
      question('x1', 'gone', 'SELECT 1'),
      question('q2', 'shop', 'SELECT name FROM items WHERE price > 8'),
      question('q9', 'shop', 'SELECT 1'), // in no benchmark question: no gold
    ];
    const out = await evaluateFile(
      { name: 'c.jsonl', records, questions: QUESTIONS, access },
      {
        onPrepared: (file) => void (steps.push('prepared'), (told = file)),
        score: async (prepared) => {
          steps.push('score');
          return { ok: true, prepared: prepared.map((q) => ({ ...q, db_id: 'scored' })), name: 'orm-test' };
        },
        report: (prepared, verifier) => (
          steps.push(`report ${prepared.map((q) => `${q.id}${q.db_id === 'scored' ? '*' : ''}`).join(' ')} by ${verifier}`), REPORT
        ),
      },
    );
    expect(steps).toEqual(['prepared', 'score', 'report q1* q2* q9* by orm-test']);
    expect(told?.noGold).toBe(2); // x1 and q9: no benchmark question of theirs
    expect(told?.skipped).toEqual([{ id: 'x1', db_id: 'gone', code: MISSING_DB, reason: 'no such folder' }]);
    if (!out.ok) throw new Error('expected a report');
    expect(out.report).toBe(REPORT);
    expect(out.verifier).toBe('orm-test');
    expect(out.file.prepared.map((q) => q.candidates.map((c) => c.correct))).toEqual([
      [true, false],
      [false, false],
      [null, null],
    ]);
  });

  it('refuses too few labeled questions with the reasons confide eval prints, before any verifier', async () => {
    let verified = false;
    const records = [
      question('q1', 'shop', 'SELECT 1'),
      question('x1', 'gone', 'SELECT 1'),
      question('x2', 'broken', 'SELECT 1'),
      question('x3', 'gone', 'SELECT 1'),
    ];
    const run = evaluateFile(
      { name: 'c.jsonl', records, questions: QUESTIONS, access },
      { score: async () => ((verified = true), { ok: false, error: { code: 'X', message: 'x' } }), report: () => REPORT },
    );
    const e = await run.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(TooFewLabeledError);
    expect((e as TooFewLabeledError).message).toBe(
      'need at least 2 labeled questions to evaluate, found 1 labeled question: 2 record(s) name database gone, which is not in the benchmark; ' +
        '1 record(s) on database broken skipped: NOT_SQLITE: the file is not a SQLite database.',
    );
    expect(verified).toBe(false);
  });

  it('says the file holds no questions when it holds none', async () => {
    await expect(evaluateFile({ name: 'empty.jsonl', records: [], questions: QUESTIONS, access }, { report: () => REPORT })).rejects.toThrow(
      'found 0 labeled questions: empty.jsonl holds no questions.',
    );
  });

  it('ends without a report when the verifier does not score', async () => {
    let reported = false;
    const records = [question('q1', 'shop', 'SELECT 1'), question('q2', 'shop', 'SELECT 2')];
    const out = await evaluateFile(
      { name: 'c.jsonl', records, questions: QUESTIONS, access },
      { score: async () => ({ ok: false, error: { code: 'ORM_MISSING', message: 'no model' } }), report: () => ((reported = true), REPORT) },
    );
    expect(out).toMatchObject({ ok: false, error: { code: 'ORM_MISSING', message: 'no model' } });
    expect(reported).toBe(false);
  });

  it('refuses a verifier that gives back other questions than it was given, before any report', async () => {
    let reported = false;
    const records = [question('q1', 'shop', 'SELECT 1'), question('q2', 'shop', 'SELECT 2')];
    const run = evaluateFile(
      { name: 'c.jsonl', records, questions: QUESTIONS, access },
      { score: async (prepared) => ({ ok: true, prepared: prepared.slice(1), name: 'lossy' }), report: () => ((reported = true), REPORT) },
    );
    await expect(run).rejects.toThrow('1 questions came back for 2 checked ones');
    expect(reported).toBe(false);
  });
});
