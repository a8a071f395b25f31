/**
 * Regression: `confide ask --bench` read every database whole into memory (a
 * 1.5 GiB database peaked at 9.3 GiB of RSS; past 2 GiB it failed with
 * ERR_FS_FILE_TOO_LARGE), while `confide eval` opened the same files on
 * demand. It now opens them the way eval does. The database here is a small
 * SQLite file extended to 3 GiB with a hole (no disk used): SQLite reads the
 * pages its header names, so it opens and answers only when nobody reads the
 * file whole.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serializeCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { runCli } from './run-cli.ts';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'confide-ask-big-'));
  mkdirSync(join(root, 'database', 'big'), { recursive: true });
  const path = join(root, 'database', 'big', 'big.sqlite');
  const db = new Database(path);
  db.exec('CREATE TABLE t (i INTEGER); INSERT INTO t VALUES (1), (2), (3)');
  db.close();
  truncateSync(path, 3 * 2 ** 30);
  writeFileSync(join(root, 'dev.json'), JSON.stringify([{ db_id: 'big', question: 'How many rows?', query: 'SELECT count(*) FROM t' }]));
  const sqls = ['SELECT count(*) FROM t', 'SELECT count(*) FROM t', 'SELECT count(i) FROM t'];
  writeFileSync(
    join(root, 'c.jsonl'),
    serializeCandidateFile([{ id: 'q1', db_id: 'big', question: 'How many rows?', candidates: sqls.map((sql) => ({ sql })) }]),
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('ask --bench answers on a 3 GiB database, read on demand as eval reads it', async () => {
  expect(statSync(join(root, 'database', 'big', 'big.sqlite')).size).toBe(3 * 2 ** 30);
  const r = await runCli(['ask', '--bench', root, '--candidates', join(root, 'c.jsonl'), '--risk', '0.4']);
  expect(r.code, r.stderr).toBe(0);
  const line = JSON.parse(r.stdout.trim()) as { id: string; decision: string; sql: string | null };
  expect(line.id).toBe('q1');
  expect(r.stderr).not.toMatch(/skipped|TOO_LARGE|ERR_FS/);
  // Whatever the decision, every candidate ran: an answer names one of them.
  if (line.decision === 'answer') expect(line.sql).toMatch(/count/);
}, 60_000);
