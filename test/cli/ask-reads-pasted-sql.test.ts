/**
 * `confide ask --candidates` as people give it SQL, on a database the test
 * makes: a chat reply with a ```sql fence and prose is its one query; a wrong
 * query pasted three times gets the P it gets given once; float-noise
 * variants of one average are one answer; two disagreeing queries whose P are
 * within noise abstain, saying so.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'confide-ask-pasted-'));
const DB = join(dir, 'planets.sqlite');
const MS = [183276, 395955, 225697, 157522, 199339, 281985, 356112, 272826, 408514, 439501, 277982, 444125];

beforeAll(async () => {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(
    "CREATE TABLE planets (name TEXT, moons INTEGER); INSERT INTO planets VALUES ('Mercury', 0), ('Venus', 0), ('Earth', 1), ('Mars', 2), ('Jupiter', 95);",
  );
  db.run('CREATE TABLE tracks (name TEXT, ms INTEGER)');
  MS.forEach((ms, i) => db.run('INSERT INTO tracks VALUES (?, ?)', [`track ${i + 1}`, ms]));
  writeFileSync(DB, db.export());
  db.close();
});

let said = '';

/** One question's decision line for candidates written to a file (what it said on stderr in `said`). */
async function ask(question: string, candidates: string, name = 'c.txt', extra: string[] = []): Promise<Record<string, unknown>> {
  const file = join(dir, name);
  writeFileSync(file, candidates);
  const r = await runCli(['ask', '--db', DB, '--question', question, '--candidates', file, ...extra]);
  expect(r.code, r.stderr).toBe(0);
  said = r.stderr;
  return JSON.parse(r.stdout.trim()) as Record<string, unknown>;
}

describe('confide ask reads SQL as people paste it', () => {
  it('reads a chat reply with a fence and prose as its one query', async () => {
    const reply =
      'Sure! Sort the planets by their moons:\n\n```sql\nSELECT name\nFROM planets\nORDER BY moons DESC\nLIMIT 1;\n```\n\nThis returns **Jupiter**.\n';
    const line = await ask('Which planet has the most moons?', reply, 'reply.md');
    expect([line.pool, line.given, line.best]).toEqual([1, 1, 0]);
    expect(said).toContain('reply.md: 1 query read from 1 code block; 2 pieces of prose or other code left out.');
    expect(line.best_sql).toBe('SELECT name\nFROM planets\nORDER BY moons DESC\nLIMIT 1');
  });

  it('gives a wrong query pasted three times the P it gets given once', async () => {
    const question = 'How many planets have no moons?';
    const once = await ask(question, 'SELECT count(*) FROM planets;\n');
    const thrice = await ask(question, 'SELECT count(*) FROM planets;\nSELECT count(*) FROM planets;\nselect COUNT(*) from planets;\n');
    expect(thrice.p_correct).toBe(once.p_correct);
    expect(thrice.decision).toBe(once.decision);
    expect([thrice.pool, thrice.given]).toEqual([1, 3]);
    expect(said).toContain('3 queries read (SQL statements), 1 distinct: copies from one paste count once.');
    expect((thrice.reasons as string[])[0]).toBe('3 pasted queries, 1 distinct: identical queries from one paste count as one source.');
    // With a source of its own each, the same query from three assistants counts three times.
    const tagged = await ask(
      question,
      [0, 1, 2].map((i) => JSON.stringify({ sql: 'SELECT count(*) FROM planets', source: `assistant-${i}` })).join('\n'),
      'c.jsonl',
    );
    expect([tagged.pool, tagged.given]).toEqual([3, 3]);
  });

  it('makes one answer of float-noise variants of one average', async () => {
    const line = await ask(
      'What is the average track length in minutes?',
      'SELECT AVG(ms) / 60000.0 FROM tracks;\nSELECT AVG(ms / 60000.0) FROM tracks;\nSELECT SUM(ms / 60000.0) / COUNT(*) FROM tracks;\n',
    );
    expect((line.reasons as string[]).join(' ')).toContain('3 of 3 candidates returned the same result as this answer.');
  });

  it('abstains on two disagreeing queries whose P are within noise, saying so', async () => {
    const line = await ask(
      'Which planet has the most moons?',
      'SELECT name FROM planets ORDER BY moons DESC LIMIT 1;\nSELECT name FROM planets ORDER BY moons LIMIT 1;\n',
      'c.sql',
      ['--risk', '0.4'],
    );
    expect(line.decision).toBe('abstain');
    expect((line.reasons as string[])[0]).toMatch(/^These disagree and Confide cannot tell which is right: the 2 best results differ/);
  });
});
