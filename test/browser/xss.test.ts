/**
 * Database values, names and SQL are shown as text, never as markup: a
 * database whose table, column and cell values are HTML with event handlers,
 * and candidates whose SQL, source and question carry the same, rendered
 * through the schema panel, the console, Ask's answer, alternatives and
 * candidate inspector. Nothing may run and no element may be created from them.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { openApp, type AppSession } from './harness.ts';

const payload = (n: number): string => `<img src=x onerror="window.__xss=${n}">`;
const TABLE = `t${payload(1)}`;
const COLUMN = `<svg onload="window.__xss=2">c`;
const QUESTION = `Which rows say ${payload(7)}?`;
const q = (s: string): string => `"${s.replace(/"/g, '""')}"`;
let app: AppSession;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-xss-'));
  const db = new Database(join(dir, 'hostile.sqlite'));
  db.exec(`CREATE TABLE ${q(TABLE)} (id INTEGER PRIMARY KEY, ${q(COLUMN)} TEXT)`);
  const insert = db.prepare(`INSERT INTO ${q(TABLE)} (${q(COLUMN)}) VALUES (?)`);
  for (const v of [payload(3), '<script>window.__xss=4</script>', '</td></tr></table><img src=x onerror="window.__xss=5">']) insert.run(v);
  db.close();
  const good = `SELECT ${q(COLUMN)} FROM ${q(TABLE)}`;
  const odd = `SELECT '${payload(8).replace(/'/g, "''")}' AS ${q(payload(9))}`;
  writeFileSync(
    join(dir, 'c.jsonl'),
    serializeCandidateFile([
      {
        id: 'x-1',
        db_id: 'hostile',
        question: QUESTION,
        candidates: [good, good, odd, odd, `SELECT nope FROM ${q(payload(10))}`].map((sql) => ({ sql, source: payload(6) })),
      },
    ]),
  );
  app = await openApp({ query: '?db=none' });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rendering hostile values', () => {
  it('shows names, cells, SQL and sources as text, runs nothing and creates no element from them', async () => {
    const { page } = app;
    await page.locator('#db-file').setInputFiles(join(dir, 'hostile.sqlite'));
    await page.locator('.db-status', { hasText: 'hostile.sqlite' }).waitFor({ timeout: 30_000 });
    await page.locator('.schema-table summary').first().click();
    expect(await page.locator('.schema-table .table-name').first().textContent()).toBe(TABLE);

    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill(`SELECT * FROM ${q(TABLE)}`);
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out tbody tr').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.console-out thead th').allTextContents()).toEqual(['id', COLUMN]);
    expect(await page.locator('.console-out tbody td:nth-child(2)').allTextContents()).toEqual([
      payload(3),
      '<script>window.__xss=4</script>',
      '</td></tr></table><img src=x onerror="window.__xss=5">',
    ]);

    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.locator('#ask-replay-file').setInputFiles(join(dir, 'c.jsonl'));
    await page.locator('#replay-notice', { hasText: 'c.jsonl' }).waitFor({ timeout: 10_000 });
    await page.getByLabel('Question', { exact: true }).fill(QUESTION);
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 30_000 });
    for (const d of await page.locator('.candidates details').all()) await d.locator('summary').click();
    expect(await page.locator('.candidates').textContent()).toContain(payload(6));
    expect(await page.locator('.candidates pre.sql').allTextContents()).toContain(`SELECT '${payload(8).replace(/'/g, "''")}' AS ${q(payload(9))}`);
    await page.waitForTimeout(300);

    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('#app img, #app svg[onload], #app script').count()).toBe(0);
    expect(await page.locator('#app [onerror], #app [onload]').count()).toBe(0);
  });
});
