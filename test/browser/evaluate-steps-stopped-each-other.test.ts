/**
 * Evaluate's steps 1 and 2 read at the same time: a candidate file chosen
 * while the benchmark is still being read once stopped the benchmark's read
 * ("Reading the bundled demo benchmark was stopped."), leaving Run disabled
 * with "Waiting for a benchmark", because both steps shared one progress line
 * whose start aborted the step before it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-steps-'));
  const dev = JSON.parse(readFileSync('public/demo/dev.json', 'utf8')) as { db_id: string; question: string; query: string }[];
  writeFileSync(
    join(dir, 'three.jsonl'),
    dev
      .slice(0, 3)
      .map((q, i) => JSON.stringify({ id: `q${i}`, db_id: q.db_id, question: q.question, candidates: [{ sql: q.query }] }))
      .join('\n') + '\n',
  );
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Evaluate, a candidate file chosen while the benchmark is read', () => {
  it('reads both: the benchmark is not stopped, and Run is ready', async () => {
    const { page } = app;
    // The benchmark's questions are held back until the candidate file has been read.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldBack = false;
    await page.route('**/demo/dev.json', async (route) => {
      heldBack = true;
      await held;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    await page.getByRole('button', { name: 'Use the demo benchmark' }).click();
    await expect.poll(() => heldBack).toBe(true);
    await page.locator('#eval-candidates').setInputFiles(join(dir, 'three.jsonl'));
    await page.locator('#cand-summary', { hasText: '3 questions' }).waitFor({ timeout: 20_000 });
    release();
    await page.locator('#bench-summary').waitFor({ timeout: 20_000 });
    expect(await page.locator('.bench-status').textContent()).not.toContain('stopped');
    await expect.poll(() => page.locator('#eval-run').isDisabled(), { timeout: 20_000 }).toBe(false);
    await page.unroute('**/demo/dev.json');
  });
});
