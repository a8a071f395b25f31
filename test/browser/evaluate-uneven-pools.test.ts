/**
 * Evaluate on a candidate file whose pools differ in size (the first demo
 * question with 9 candidates, the rest 8) stopped with "fitGuardedCombiner:
 * no rows" in place of the report. Now the report shows, its calibration by
 * pool size says which band stands in for the pools too few questions
 * reached, as `confide eval` prints it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCandidateFile, serializeCandidateFile } from '../../src/core/bench/candidate-file.ts';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { CANDIDATES_PATH } from '../app/demo-ask.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-uneven-'));
  const records = parseCandidateFile(readFileSync(CANDIDATES_PATH, 'utf8')).records;
  const first = records[0]!;
  const uneven = [{ ...first, candidates: [...first.candidates, first.candidates[0]!] }, ...records.slice(1)];
  expect(uneven.map((r) => r.candidates.length)).toEqual([9, ...records.slice(1).map(() => 8)]);
  mkdirSync(join(dir, 'folder', 'database', 'demo'), { recursive: true });
  writeFileSync(join(dir, 'folder', 'dev.json'), readFileSync('public/demo/dev.json'));
  writeFileSync(join(dir, 'folder', 'database', 'demo', 'demo.sqlite'), readFileSync(DEMO_DB_PATH));
  writeFileSync(join(dir, 'uneven.jsonl'), serializeCandidateFile(uneven));
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Evaluate with pools of different sizes', () => {
  it('shows the report and says which band stands in for pools of 9 or more', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    await page.locator('#eval-folder').setInputFiles(join(dir, 'folder'));
    await expect.poll(() => page.locator('#bench-summary').textContent(), { timeout: 20_000 }).toContain('40 questions');
    await page.locator('#eval-candidates').setInputFiles(join(dir, 'uneven.jsonl'));
    await expect.poll(() => page.locator('#cand-summary').textContent()).toContain('40 questions');
    await page.locator('#eval-bootstrap').selectOption('200');
    await page.locator('#eval-run').click();
    await page.locator('.report, .eval-out .error').first().waitFor({ timeout: 90_000 });
    expect(await page.locator('.eval-out .error').count(), (await page.locator('.eval-out .error').allTextContents()).join(' ')).toBe(0);
    expect(await page.locator('#table-by-pool-size-title').textContent()).toContain(
      'pools of 9 or more queries (1 question reached them), too few for a band of their own, use the 5 or more queries band',
    );
    expect(await page.locator('.save-profile .profile-bands li').last().textContent()).toMatch(/^5 or more queries/);
    expect(app.errors).toEqual([]);
  });
});
