/**
 * Writes the verify-mode set as a benchmark folder (Spider layout): its
 * databases (databases.ts, built from invented data, the same bytes every
 * run), `dev.json` (question and one right query per question) and
 * `candidates.jsonl` (the pasted queries with their hand labels as
 * `correct`, from questions.ts). Nothing is read from elsewhere.
 *
 * Run: `npx tsx scripts/verify-set/build.ts [--out build/verify-set]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SET_DATABASES } from './databases.ts';
import { SET_QUESTIONS } from './questions.ts';
import { loadSqlJs } from '../../src/engines/sql/worker/load.ts';

/** Where the set is written unless told otherwise (git-ignored). */
export const SET_DIR = fileURLToPath(new URL('../../build/verify-set', import.meta.url));

/**
 * Builds the set under `dir`; returns the paths of its question and candidate files.
 *
 * @example const { candidates } = await buildVerifySet('/tmp/verify-set');
 */
export async function buildVerifySet(dir: string = SET_DIR): Promise<{ dir: string; candidates: string; questions: number; queries: number }> {
  const SQL = await loadSqlJs();
  for (const d of SET_DATABASES) {
    const db = new SQL.Database();
    db.exec(d.sql);
    const bytes = db.export();
    db.close();
    mkdirSync(join(dir, 'database', d.id), { recursive: true });
    writeFileSync(join(dir, 'database', d.id, `${d.id}.sqlite`), bytes);
  }
  writeFileSync(
    join(dir, 'dev.json'),
    `${JSON.stringify(
      SET_QUESTIONS.map((q) => ({ db_id: q.db, question: q.question, query: q.gold })),
      null,
      2,
    )}\n`,
  );
  const candidates = join(dir, 'candidates.jsonl');
  writeFileSync(
    candidates,
    SET_QUESTIONS.map((q) =>
      JSON.stringify({
        id: q.id,
        db_id: q.db,
        question: q.question,
        candidates: q.candidates.map((c) => ({ sql: c.sql, source: 'paste', correct: c.correct })),
      }),
    ).join('\n') + '\n',
  );
  return { dir, candidates, questions: SET_QUESTIONS.length, queries: SET_QUESTIONS.reduce((a, q) => a + q.candidates.length, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const built = await buildVerifySet(at > 0 ? resolve(process.argv[at + 1]!) : SET_DIR);
  process.stdout.write(`wrote ${built.questions} questions, ${built.queries} pasted queries, 3 databases under ${built.dir}\n`);
}
