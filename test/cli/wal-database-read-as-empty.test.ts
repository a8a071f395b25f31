/**
 * `confide schema`, `confide ask` and `confide label` on a WAL database
 * whose committed rows still sit in its -wal: they used to read the main
 * file alone (no tables, NO_SUCH_TABLE, gold that failed). Now they see what
 * SQLite sees, say so on stderr, and leave both files as they were.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprints, sqliteReads, walCopy } from '../engines/sql/wal-fixture.ts';
import { runCli } from './run-cli.ts';

let dir: string;
let db: string;
let before: ReturnType<typeof fingerprints>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'confide-cli-wal-'));
  const { path } = walCopy(dir, 'live.sqlite', (w) => {
    w.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT, qty INTEGER)');
    const insert = w.prepare('INSERT INTO orders (item, qty) VALUES (?, ?)');
    for (let c = 0; c < 3; c++)
      w.transaction(() => {
        for (let i = 0; i < 40; i++) insert.run(`item ${c}-${i}`, i % 5);
      })();
  });
  // The copy taken while the writer was open is the benchmark's database: shop/shop.sqlite and its -wal.
  mkdirSync(join(dir, 'bench', 'database', 'shop'), { recursive: true });
  db = join(dir, 'bench', 'database', 'shop', 'shop.sqlite');
  copyFileSync(path, db);
  copyFileSync(`${path}-wal`, `${db}-wal`);
  before = fingerprints(db);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a WAL database with commits in its -wal, on the command line', () => {
  it('confide schema shows the tables and row counts SQLite reads, and says the -wal was read', async () => {
    const expected = sqliteReads(db);
    expect(expected.orders).toHaveLength(120);
    const r = await runCli(['schema', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const schema = JSON.parse(r.stdout) as { tables: { name: string; rowCount: number }[] };
    expect(schema.tables.map((t) => [t.name, t.rowCount])).toEqual([['orders', 120]]);
    expect(r.stderr).toBe('note: shop.sqlite was read with its -wal: 4 committed transactions (2 pages) not yet checkpointed into the file.\n');
    expect(fingerprints(db)).toEqual(before);
  });

  it('confide ask answers from the rows in the -wal', async () => {
    const sql = join(dir, 'answers.sql');
    writeFileSync(sql, 'SELECT count(*) FROM orders;\nSELECT count(id) FROM orders;\n');
    const out = join(dir, 'decision.jsonl');
    const r = await runCli(['ask', '--db', db, '--question', 'How many orders?', '--candidates', sql, '--no-orm', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('note: shop.sqlite was read with its -wal');
    const line = JSON.parse(readFileSync(out, 'utf8'));
    expect(line.reasons.join(' ')).not.toMatch(/no such table/i);
    expect(line.reasons.join(' ')).toContain('2 of 2 candidates returned the same result');
    expect(fingerprints(db)).toEqual(before);
  });

  it('confide label labels against the rows in the -wal', async () => {
    writeFileSync(join(dir, 'bench', 'dev.json'), JSON.stringify([{ db_id: 'shop', question: 'How many orders?', query: 'SELECT count(*) FROM orders' }]));
    const cands = join(dir, 'c.jsonl');
    writeFileSync(
      cands,
      JSON.stringify({
        id: 'q0',
        db_id: 'shop',
        question: 'How many orders?',
        gold: 'SELECT count(*) FROM orders',
        candidates: [{ sql: 'SELECT 120' }, { sql: 'SELECT 0' }],
      }) + '\n',
    );
    const out = join(dir, 'labeled.jsonl');
    const r = await runCli(['label', '--bench', join(dir, 'bench'), '--candidates', cands, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const labeled = JSON.parse(readFileSync(out, 'utf8').trim());
    expect(labeled.candidates.map((c: { correct: boolean }) => c.correct)).toEqual([true, false]);
    expect(fingerprints(db)).toEqual(before);
  });
});
