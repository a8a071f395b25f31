/**
 * A BIRD benchmark whose database is a folder or a FIFO where the SQLite
 * file should be: `confide label` exited 0 saying "2 record(s) have no gold
 * SQL", though the gold was there (the questions were dropped as if their
 * database were missing). Now it is a typed error naming the path and what
 * is there, exit 1, nothing written, and a FIFO never waited on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A BIRD layout (dev.json, dev_databases/shop/) with `make` putting something at shop.sqlite, and a candidate file. */
function bird(make: (path: string) => void): { bench: string; candidates: string; out: string } {
  const bench = mkdtempSync(join(tmpdir(), 'confide-bird-'));
  dirs.push(bench);
  mkdirSync(join(bench, 'dev_databases', 'shop'), { recursive: true });
  make(join(bench, 'dev_databases', 'shop', 'shop.sqlite'));
  writeFileSync(
    join(bench, 'dev.json'),
    JSON.stringify([0, 1].map((i) => ({ question_id: i, db_id: 'shop', question: `Question ${i}?`, evidence: '', SQL: `SELECT ${i}` }))),
  );
  const candidates = join(bench, 'c.jsonl');
  writeFileSync(
    candidates,
    [0, 1].map((i) => JSON.stringify({ id: String(i), db_id: 'shop', question: `Question ${i}?`, candidates: [{ sql: `SELECT ${i}` }] })).join('\n') + '\n',
  );
  return { bench, candidates, out: join(bench, 'labeled.jsonl') };
}

describe('a BIRD database that is not a file', () => {
  it.each([
    ['a folder', (p: string) => mkdirSync(p), 'a folder'],
    ['a FIFO', (p: string) => void spawnSync('mkfifo', [p]), 'a FIFO (named pipe)'],
  ])('%s: label fails naming the path and what is there', async (_, make, kind) => {
    const { bench, candidates, out } = bird(make);
    const r = await runCli(['label', '--bench', bench, '--candidates', candidates, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('no gold SQL');
    expect(r.stderr.trim()).toBe(
      `confide label: NOT_A_FILE: ${bench}: database "shop": dev_databases/shop/shop.sqlite is ${kind}, not a database file; put the SQLite file there`,
    );
    expect(existsSync(out)).toBe(false);
  });
});
