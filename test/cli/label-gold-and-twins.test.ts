/**
 * `confide label` on the demo benchmark: each gold query labels itself
 * correct, and each "drop the first row" twin is incorrect exactly when the
 * gold result is not empty — expectations computed here with sql.js directly,
 * not through the worker pool or the equivalence code.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const BENCH = 'public/demo';
const DB = 'public/demo/database/demo/demo.sqlite';

describe('confide label', () => {
  const dir = mkdtempSync(join(tmpdir(), 'confide-label-'));
  const questions = JSON.parse(readFileSync(join(BENCH, 'dev.json'), 'utf8')) as { db_id: string; question: string; query: string }[];

  it('labels gold correct and wrong twins incorrect, under both rules', async () => {
    const input = join(dir, 'twins.jsonl');
    writeFileSync(
      input,
      questions
        .map((q, i) =>
          JSON.stringify({
            id: `q${i}`,
            db_id: q.db_id,
            question: q.question,
            candidates: [{ sql: q.query }, { sql: `SELECT * FROM (${q.query.replace(/;\s*$/, '')}) LIMIT -1 OFFSET 1` }],
          }),
        )
        .join('\n') + '\n',
    );
    const SQL = await initSqlJs();
    const db = new SQL.Database(readFileSync(DB));
    const goldEmpty = questions.map((q) => db.exec(q.query).length === 0);
    db.close();
    for (const rule of ['spider', 'bird']) {
      const out = join(dir, `labeled-${rule}.jsonl`);
      const r = await runCli(['label', '--bench', BENCH, '--candidates', input, '--out', out, '--rule', rule]);
      expect(r.code, r.stderr).toBe(0);
      const labeled = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(labeled).toHaveLength(questions.length);
      labeled.forEach((rec, i) => {
        expect(rec.candidates[0].correct, `gold of ${rec.id}`).toBe(true);
        expect(rec.candidates[1].correct, `twin of ${rec.id}`).toBe(goldEmpty[i]);
      });
    }
  });

  it('names the line and field of a bad candidate file and writes nothing', async () => {
    const input = join(dir, 'bad.jsonl');
    writeFileSync(
      input,
      '{"id":"a","db_id":"demo","question":"q","candidates":[{"sql":"SELECT 1"}]}\n{"id":"b","db_id":"demo","question":"q","candidates":[{"sql":42}]}\n',
    );
    const out = join(dir, 'never.jsonl');
    const r = await runCli(['label', '--bench', BENCH, '--candidates', input, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(':2:');
    expect(r.stderr).toContain('candidates[0].sql');
    expect(existsSync(out)).toBe(false);
  });

  it('marks candidates that fail to execute with their error code', async () => {
    const input = join(dir, 'errors.jsonl');
    writeFileSync(
      input,
      JSON.stringify({
        id: 'e',
        db_id: 'demo',
        question: questions[0]!.question,
        candidates: [{ sql: 'SELECT nope FROM stores' }, { sql: 'DELETE FROM stores' }],
      }) + '\n',
    );
    const out = join(dir, 'errors-out.jsonl');
    const r = await runCli(['label', '--bench', BENCH, '--candidates', input, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const rec = JSON.parse(readFileSync(out, 'utf8'));
    expect(rec.candidates.map((c: { correct: boolean; exec_error: string }) => [c.correct, c.exec_error])).toEqual([
      [false, 'NO_SUCH_COLUMN'],
      [false, 'READONLY'],
    ]);
  });
});
