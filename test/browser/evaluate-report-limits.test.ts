/**
 * Evaluate's report limits in real Chromium: a run where every answer is right
 * shows no undefined figure as a number, says why the figures are missing,
 * replaces the empty ROC plot with that reason, and offers no profile to save;
 * Cancel goes away when the run is done; candidates about databases the
 * benchmark does not have, and an empty candidate file, are explained.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

const K = 6;
let app: AppSession;
let dir: string;
const dev = (
  JSON.parse(readFileSync(new URL('../../public/demo/dev.json', import.meta.url), 'utf8')) as { db_id: string; question: string; query: string }[]
).slice(0, K);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-guard-'));
  const db = new Uint8Array(readFileSync(DEMO_DB_PATH));
  writeFileSync(join(dir, 'six.zip'), zipSync({ 'six/dev.json': new TextEncoder().encode(JSON.stringify(dev)), 'six/database/demo/demo.sqlite': db }));
  const line = (q: (typeof dev)[number], i: number, dbId = q.db_id) =>
    JSON.stringify({ id: `q${i}`, db_id: dbId, question: q.question, candidates: Array.from({ length: 4 }, () => ({ sql: q.query })) });
  writeFileSync(join(dir, 'all-right.jsonl'), dev.map((q, i) => line(q, i)).join('\n') + '\n');
  writeFileSync(join(dir, 'other-db.jsonl'), dev.map((q, i) => line(q, i, 'concert_singer')).join('\n') + '\n');
  writeFileSync(join(dir, 'empty.jsonl'), '');
  app = await openApp();
  await demoReady(app);
  await app.page.getByRole('tab', { name: 'Evaluate' }).click();
  await app.page.locator('#eval-zip').setInputFiles(join(dir, 'six.zip'));
  await app.page.locator('#bench-summary', { hasText: `${K} questions` }).waitFor({ timeout: 20_000 });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Evaluate report limits', () => {
  it('refuses an empty candidate file with a reason', async () => {
    const { page } = app;
    await page.locator('#eval-candidates').setInputFiles(join(dir, 'empty.jsonl'));
    await expect.poll(() => page.locator('.cand-status').textContent()).toContain('holds no questions');
    expect(await page.locator('#eval-run').isDisabled()).toBe(true);
  });

  it('says when no candidate question is about a database of the benchmark', async () => {
    const { page } = app;
    await page.locator('#eval-candidates').setInputFiles(join(dir, 'other-db.jsonl'));
    await expect.poll(() => page.locator('#cand-summary').textContent()).toContain(`other-db.jsonl: ${K} questions`);
    await page.locator('#eval-run').click();
    const error = page.locator('.eval-out [role="alert"]');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toContain('the candidates name concert_singer; the benchmark has demo');
  });

  it('on a run where every answer is right: no NaN, the reason shown, no ROC plot, nothing to save, no Cancel', async () => {
    const { page } = app;
    await page.locator('#eval-candidates').setInputFiles(join(dir, 'all-right.jsonl'));
    await expect.poll(() => page.locator('#cand-summary').textContent()).toContain(`all-right.jsonl: ${K} questions`);
    await page.locator('#eval-run').click();
    const report = page.locator('.report');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.textContent()).not.toMatch(/\bNaN\b/);
    expect(await page.locator('#missing-why').textContent()).toContain(`All ${K} evaluated answers were right`);
    expect(await page.locator('#plot-roc svg').count()).toBe(0);
    expect(await page.locator('#plot-roc').textContent()).toContain('No ROC curve');
    expect(await page.locator('.profile-warning').first().textContent()).toContain('cannot tell right from wrong');
    expect(await page.getByRole('button', { name: 'Save and use this profile' }).count()).toBe(0);
    expect(await page.locator('fieldset').filter({ hasText: '3. Run' }).getByRole('button', { name: 'Cancel' }).isVisible()).toBe(false);
  });
});
