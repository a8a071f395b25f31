/**
 * Evaluate in real Chromium on a benchmark zip whose database folder holds
 * two databases (a test suite): a candidate is labelled right only when it
 * matches the gold on both, the report says each question was checked on 2
 * databases, and the labels' rule is chosen on the page: the default drops
 * DISTINCT from both queries as test-suite-sql-eval does, keep_distinct keeps it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReady, downloadedFile, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let dir: string;
const N = 12;
const GOLD = 'SELECT name FROM items WHERE price > 5';
// shop.sqlite: the gold gives b, c; shop_2.sqlite: a, b.
const BOTH = 'SELECT name FROM items WHERE price >= 6';
const FIRST_ONLY = "SELECT name FROM items WHERE name IN ('b', 'c')";
// Right only with DISTINCT kept: without it the cross join repeats every row.
const DISTINCT_JOIN = 'SELECT DISTINCT items.name FROM items, items AS other WHERE items.price > 5';

async function dbBytes(sql: string): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(sql);
  const bytes = db.export();
  db.close();
  return bytes;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-eval-suite-'));
  const enc = (s: string) => new TextEncoder().encode(s);
  const questions = Array.from({ length: N }, (_, i) => ({ db_id: 'shop', question: `Question ${i}`, query: GOLD }));
  writeFileSync(
    join(dir, 'suite.zip'),
    zipSync({
      'suite/dev.json': enc(JSON.stringify(questions)),
      'suite/database/shop/shop.sqlite': await dbBytes("CREATE TABLE items(name TEXT, price REAL); INSERT INTO items VALUES ('a', 3), ('b', 7), ('c', 9);"),
      'suite/database/shop/shop_2.sqlite': await dbBytes("CREATE TABLE items(name TEXT, price REAL); INSERT INTO items VALUES ('a', 6), ('b', 7), ('c', 4);"),
      'suite/database/shop/shop.sqlite-journal': enc('not a database'),
    }),
  );
  const records = questions.map((q, i) => ({
    id: `dev-${i}`,
    db_id: 'shop',
    question: q.question,
    candidates: (i % 2 === 0 ? [BOTH, BOTH, FIRST_ONLY, DISTINCT_JOIN] : [FIRST_ONLY, FIRST_ONLY, GOLD, DISTINCT_JOIN]).map((sql) => ({ sql })),
  }));
  writeFileSync(join(dir, 'candidates.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the evaluation and returns the labels of the exported labelled candidate file. */
async function runAndExportLabels(): Promise<boolean[][]> {
  const { page } = app;
  await page.locator('#eval-run').click();
  await page.locator('.report').waitFor({ timeout: 120_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export labelled candidate file' }).click()]);
  return readFileSync(await downloadedFile(download), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { candidates: { correct: boolean }[] }).candidates.map((c) => c.correct));
}

describe('Evaluate on a test suite', () => {
  it('labels against both databases under the default rule, and says so in the report', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    await page.locator('#eval-zip').setInputFiles(join(dir, 'suite.zip'));
    await expect.poll(() => page.locator('#bench-summary').textContent(), { timeout: 20_000 }).toContain('suite.zip: Spider layout');
    await page.locator('#eval-candidates').setInputFiles(join(dir, 'candidates.jsonl'));
    await expect.poll(() => page.locator('#cand-summary').textContent()).toContain(`${N} questions`);
    expect(await page.locator('#eval-rule').inputValue()).toBe('spider');
    expect(await page.locator('#eval-rule-note').textContent()).toContain('DISTINCT removed from both queries');
    const labels = await runAndExportLabels();
    expect(labels).toEqual(Array.from({ length: N }, (_, i) => (i % 2 === 0 ? [true, true, false, false] : [false, false, true, false])));
    expect(await page.locator('.report-summary').textContent()).toContain(
      'Labels: rule spider (test-suite-sql-eval exec_eval default (keep_distinct off)), each question checked on 2 databases.',
    );
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export per-question CSV' }).click()]);
    const rows = readFileSync(await downloadedFile(csv), 'utf8')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(rows[0]!.at(-1)).toBe('databases');
    expect(rows.slice(1).map((r) => r.at(-1))).toEqual(Array(N).fill('2'));
  });

  it('shows the labels the bundled profile was fit on under Profiles', async () => {
    const { page } = app;
    const bundled = JSON.parse(readFileSync(new URL('../../public/profiles/default.json', import.meta.url), 'utf8')) as {
      name: string;
      provenance: { labels: string };
    };
    expect(bundled.provenance.labels).toBe('spider: test-suite-sql-eval exec_eval default (keep_distinct off)');
    await page.getByRole('tab', { name: 'Profiles' }).click();
    await expect.poll(() => page.locator(`article[data-profile="${bundled.name}"] dd.labels`).textContent()).toBe(bundled.provenance.labels);
    await page.getByRole('tab', { name: 'Evaluate' }).click();
  });

  it('keeps DISTINCT when the page is asked for keep_distinct', async () => {
    const { page } = app;
    await page.locator('#eval-rule').selectOption('spider-keep-distinct');
    const labels = await runAndExportLabels();
    expect(labels.map((q) => q[3])).toEqual(Array(N).fill(true));
    expect(await page.locator('.report-summary').textContent()).toContain('Labels: rule spider-keep-distinct (test-suite-sql-eval exec_eval --keep_distinct)');
  });
});
