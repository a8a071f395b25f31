/**
 * Test-suite evaluation: when a question's database folder holds several
 * SQLite files, a candidate is correct only when it matches the gold on each
 * of them (as test-suite-sql-eval decides), and the reports say how many
 * databases each question was checked on. The benchmark is made here with
 * sql.js: `shop` has two databases on which the gold's answer differs, and
 * `club` a second database on which the gold fails.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'confide-suite-'));
const bench = join(dir, 'bench');

async function writeDb(path: string, sql: string): Promise<void> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(sql);
  writeFileSync(path, db.export());
  db.close();
}

const GOLD = 'SELECT name FROM items WHERE price > 5';
// On shop.sqlite the gold gives b, c; on shop_2.sqlite it gives a, b.
const MATCHES_BOTH = 'SELECT name FROM items WHERE price >= 6';
const MATCHES_FIRST_ONLY = "SELECT name FROM items WHERE name IN ('b', 'c')";

beforeAll(async () => {
  mkdirSync(join(bench, 'database', 'shop'), { recursive: true });
  mkdirSync(join(bench, 'database', 'club'), { recursive: true });
  await writeDb(
    join(bench, 'database', 'shop', 'shop.sqlite'),
    "CREATE TABLE items(name TEXT, price REAL); INSERT INTO items VALUES ('a', 3), ('b', 7), ('c', 9);",
  );
  await writeDb(
    join(bench, 'database', 'shop', 'shop_2.sqlite'),
    "CREATE TABLE items(name TEXT, price REAL); INSERT INTO items VALUES ('a', 6), ('b', 7), ('c', 4);",
  );
  // SQLite's side file beside a database is not a database of the suite.
  writeFileSync(join(bench, 'database', 'shop', 'shop.sqlite-journal'), 'not a database');
  await writeDb(join(bench, 'database', 'club', 'club.sqlite'), "CREATE TABLE members(name TEXT); INSERT INTO members VALUES ('x');");
  await writeDb(join(bench, 'database', 'club', 'club_2.sqlite'), 'CREATE TABLE other(name TEXT);');
  const questions = [
    { db_id: 'shop', question: 'Which items cost more than 5?', query: GOLD },
    { db_id: 'shop', question: 'Which items cost more than 5, again?', query: GOLD },
    { db_id: 'shop', question: 'Name every item.', query: 'SELECT name FROM items' },
    { db_id: 'club', question: 'Who are the members?', query: 'SELECT name FROM members' },
  ];
  writeFileSync(join(bench, 'dev.json'), JSON.stringify(questions));
  const sqls = [
    [MATCHES_BOTH, MATCHES_FIRST_ONLY, GOLD],
    [MATCHES_FIRST_ONLY, 'SELECT name FROM items WHERE price > 8'],
    ['SELECT name FROM items', 'SELECT name FROM items WHERE price > 3.5'],
    ['SELECT name FROM members'],
  ];
  const candidates = questions.map((q, i) => ({ id: `dev-${i}`, db_id: q.db_id, question: q.question, candidates: sqls[i]!.map((sql) => ({ sql })) }));
  writeFileSync(join(dir, 'cands.jsonl'), candidates.map((r) => JSON.stringify(r)).join('\n') + '\n');
  // For eval: enough questions (gold given in the file) whose modal answer is right on both databases, or on the first only.
  const many = Array.from({ length: 12 }, (_, i) => ({
    id: `e${i}`,
    db_id: 'shop',
    question: `Question ${i}`,
    gold: GOLD,
    candidates: (i % 2 === 0 ? [MATCHES_BOTH, MATCHES_BOTH, MATCHES_FIRST_ONLY] : [MATCHES_FIRST_ONLY, MATCHES_FIRST_ONLY, GOLD]).map((sql) => ({ sql })),
  }));
  writeFileSync(join(dir, 'many.jsonl'), many.map((r) => JSON.stringify(r)).join('\n') + '\n');
});

describe('a question whose folder holds several databases', () => {
  it('is labelled correct only where the candidate matches the gold on every one; a gold failing on one leaves the question unlabeled', async () => {
    const out = join(dir, 'labeled.jsonl');
    const r = await runCli(['label', '--bench', bench, '--candidates', join(dir, 'cands.jsonl'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const labeled = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { candidates: { correct?: boolean }[] });
    expect(labeled.map((q) => q.candidates.map((c) => c.correct ?? null))).toEqual([
      [true, false, true], // matches on shop.sqlite only: wrong
      [false, false], // out on the second database, and on the first
      [true, false], // price > 3.5 already misses a on shop.sqlite
      [null], // the gold fails on club_2.sqlite (no table members)
    ]);
    expect(r.stderr).toMatch(/question\(s\) checked on more than one database of their folder \(up to 2\)/);
    expect(r.stderr).toMatch(/1 question\(s\) whose gold SQL failed to execute .* left unlabeled/);
  });

  it("says in eval's report and its per-question lines how many databases each question was checked on", async () => {
    const json = join(dir, 'report.json');
    const perQuestion = join(dir, 'questions.jsonl');
    const r = await runCli([
      'eval',
      '--bench',
      bench,
      '--candidates',
      join(dir, 'many.jsonl'),
      '--bootstrap',
      '20',
      '--json',
      json,
      '--per-question',
      perQuestion,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.labels).toEqual({
      rule: 'spider',
      source: 'test-suite-sql-eval exec_eval default (keep_distinct off)',
      databases: { min: 2, max: 2, several: 12 },
    });
    expect(report.profile.provenance.labels).toBe('spider: test-suite-sql-eval exec_eval default (keep_distinct off)');
    expect(r.stdout).toContain('Labels: rule spider (test-suite-sql-eval exec_eval default (keep_distinct off)), each question checked on 2 databases.');
    const lines = readFileSync(perQuestion, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; databases: number; correct: boolean });
    expect(lines.map((q) => q.databases)).toEqual(Array(12).fill(2));
    // the modal answer matches the gold on both databases in even questions, on the first only in odd ones
    expect(lines.map((q) => q.correct)).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 0));
  });
});
