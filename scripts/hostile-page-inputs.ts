/**
 * Hostile inputs for the page, generated (never committed), one kind per
 * stall the page once had: candidate SQL slow to parse (Ask, Evaluate), one
 * question repeated over many records, names of tens of thousands of
 * right-to-left override characters, a database of many tables with markup
 * names, a huge profile, a very long console link, and a table with a 100 MB
 * cell. `scripts/page-stalls.ts` measures the page on them; tests build
 * smaller ones. To write them all to a folder:
 *
 *   npx tsx scripts/hostile-page-inputs.ts <dir>
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { QuestionRecord } from '../src/core/bench/types.ts';
import { serializeCandidateFile } from '../src/core/bench/candidate-file.ts';

/** The demo benchmark's questions (public/demo/dev.json). */
export function demoQuestions(): { db_id: string; question: string; query: string }[] {
  return JSON.parse(readFileSync(join(import.meta.dirname, '../public/demo/dev.json'), 'utf8')) as { db_id: string; question: string; query: string }[];
}

/**
 * `n` distinct short texts no parser dialect reads, each nested `depth`
 * parentheses deep (within the parser's limits: every dialect is tried, at
 * about 75 ms a text on the page's thread).
 *
 * @example parenTexts(2)[0]; // 'SELECT ((((((((a0 b)))))))) FROM customers'
 */
export function parenTexts(n: number, depth = 8, salt = ''): string[] {
  return Array.from({ length: n }, (_, i) => `SELECT ${'('.repeat(depth)}a${salt}${i} b${')'.repeat(depth)} FROM customers`);
}

/** A candidate file of one demo question whose `n` candidates are {@link parenTexts}. */
export function parenAskFile(path: string, question: string, n = 200): void {
  writeFileSync(path, serializeCandidateFile([{ id: 'paren', db_id: 'demo', question, candidates: parenTexts(n).map((sql) => ({ sql })) }]));
}

/** A candidate file for the demo benchmark: its first `questions` questions, each with `n` {@link parenTexts} of its own. */
export function parenEvalFile(path: string, questions = 40, n = 60): void {
  const records: QuestionRecord[] = demoQuestions()
    .slice(0, questions)
    .map((q, i) => ({ id: `dev-${i}`, db_id: q.db_id, question: q.question, candidates: parenTexts(n, 8, `q${i}_`).map((sql) => ({ sql })) }));
  writeFileSync(path, serializeCandidateFile(records));
}

/** A candidate file of `n` records that all share one demo question (each with one candidate). */
export function oneQuestionFile(path: string, question: string, n = 120_000): void {
  const fd = openSync(path, 'w');
  try {
    const batch = 10_000;
    for (let i = 0; i < n; i += batch) {
      const records: QuestionRecord[] = Array.from({ length: Math.min(batch, n - i) }, (_, j) => ({
        id: `r${i + j}`,
        db_id: 'demo',
        question,
        candidates: [{ sql: 'SELECT count(*) FROM customers' }],
      }));
      writeSync(fd, serializeCandidateFile(records));
    }
  } finally {
    closeSync(fd);
  }
}

/** A name of `length` right-to-left override characters (U+202E) around a visible word. */
export const rtlName = (length: number, word = 'x'): string => `${'\u202e'.repeat(length)}${word}`;

/** A database whose one table and its column are named by {@link rtlName} (`length` overrides), with a few rows. */
export function longNamesDb(path: string, length = 100_000): { table: string; column: string } {
  const table = rtlName(length, 't');
  const column = rtlName(length, 'c');
  rmSync(path, { force: true }); // made afresh each time (page-stalls --repeat writes it again)
  const db = new Database(path);
  const q = (s: string): string => `"${s.replaceAll('"', '""')}"`;
  db.exec(`CREATE TABLE ${q(table)} (${q(column)} INTEGER, label TEXT); INSERT INTO ${q(table)} VALUES (1, 'one'), (2, 'two'), (3, 'three')`);
  db.close();
  return { table, column };
}

/** A database of `n` tables whose names are markup (`<img src=x onerror=alert(i)>` …), each with two columns. */
export function markupTablesDb(path: string, n = 20_000): void {
  rmSync(path, { force: true }); // made afresh each time (page-stalls --repeat writes it again)
  const db = new Database(path);
  db.pragma('journal_mode = OFF');
  db.exec('BEGIN');
  for (let i = 0; i < n; i++) db.exec(`CREATE TABLE "<img src=x onerror=alert(${i})><b>t${i}</b>" ("<i>a</i>" INTEGER, "<script>b</script>" TEXT)`);
  db.exec('COMMIT');
  db.close();
}

/** A profile file of about `megabytes` MB: the bundled default with that much in its provenance notes. */
export function bigProfile(path: string, megabytes: number): void {
  const profile = JSON.parse(readFileSync(join(import.meta.dirname, '../public/profiles/default.json'), 'utf8')) as {
    name: string;
    provenance: Record<string, unknown>;
  };
  profile.name = `Big profile ${megabytes} MB`;
  profile.provenance = { ...profile.provenance, notes: 'n'.repeat(megabytes * 1_000_000) };
  writeFileSync(path, JSON.stringify(profile));
}

/** A console link's hash of about `megabytes` MB (its query an IN list of numbers), within Chromium's 2 MB limit on a URL. */
export function longLinkHash(megabytes = 1.9): string {
  const hash = (n: number): string =>
    `#console?${new URLSearchParams({ sql: `SELECT count(*) FROM customers WHERE customer_id IN (${Array.from({ length: n }, (_, i) => i).join(',')})` }).toString()}`;
  const n = Math.floor((megabytes * 1_000_000) / 9);
  const first = hash(n);
  return hash(Math.floor((n * megabytes * 1_000_000) / first.length));
}

/** A database with one table `notes(id, body)` whose second row's body is `chars` characters of text. */
export function bigCellDb(path: string, chars = 100 * 2 ** 20): void {
  const db = new Database(path);
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
  const insert = db.prepare('INSERT INTO notes VALUES (?, ?)');
  insert.run(1, 'a short note');
  insert.run(2, `long: ${'x'.repeat(chars - 6)}`);
  insert.run(3, 'after');
  db.close();
}

function main(argv: readonly string[]): void {
  const dir = argv[0];
  if (dir === undefined) {
    console.error('usage: npx tsx scripts/hostile-page-inputs.ts <dir>');
    process.exit(2);
  }
  mkdirSync(dir, { recursive: true });
  const q = demoQuestions()[0]!.question;
  parenAskFile(join(dir, 'paren-ask.jsonl'), q);
  parenEvalFile(join(dir, 'paren-eval.jsonl'));
  oneQuestionFile(join(dir, 'one-question.jsonl'), q);
  longNamesDb(join(dir, 'long-names.sqlite'));
  markupTablesDb(join(dir, 'markup-tables.sqlite'));
  bigProfile(join(dir, 'profile-80mb.json'), 80);
  writeFileSync(join(dir, 'long-link.txt'), longLinkHash());
  bigCellDb(join(dir, 'big-cell.sqlite'));
  console.log(`wrote the page's hostile inputs to ${dir}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
