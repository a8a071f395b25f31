/**
 * Regenerates the screenshots under docs/screenshots/ from the built app
 * (served under a sub-path, as in the browser tests), in Debian Chromium:
 * Ask with an answer, Ask with an abstention, the candidate inspector,
 * Evaluate's plots, Profiles, and Ask on a narrow screen.
 *
 * Run: `npm run screenshots` (or `npx tsx test/browser/screenshots.ts`).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { buildDemo } from '../../scripts/build-demo.ts';
import { launchChromium } from './harness.ts';
import { startStaticServer } from './static-server.ts';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const ANSWERED = 'How many customers are there in each loyalty tier?';
const ABSTAINED = 'What are the names and towns of all the stores?';

async function ask(page: Page, question: string): Promise<void> {
  await page.getByRole('tab', { name: 'Ask' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
  await page.locator('.decision').waitFor({ timeout: 60_000 });
}

async function main(): Promise<void> {
  await buildDemo();
  const dist = mkdtempSync(join(tmpdir(), 'confide-shots-'));
  await build({ logLevel: 'warn', build: { outDir: dist, emptyOutDir: true, sourcemap: false } });
  const server = await startStaticServer(dist, '/some/sub/path/');
  const { browser } = await launchChromium();
  mkdirSync(OUT, { recursive: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url);
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await ask(page, ANSWERED);
    await page.locator('.decision').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(OUT, 'ask-answer.png'), fullPage: false });
    await page.locator('.decision').screenshot({ path: join(OUT, 'ask-answer-detail.png') });
    await ask(page, ABSTAINED);
    await page.locator('.decision').screenshot({ path: join(OUT, 'ask-abstain.png') });
    await page.locator('.candidates details.candidate').nth(0).locator('summary').click();
    await page.locator('.candidates').screenshot({ path: join(OUT, 'candidates.png') });

    await page.getByRole('tab', { name: 'Evaluate' }).click();
    await page.getByRole('button', { name: 'Use the demo benchmark' }).click();
    await page.getByRole('button', { name: 'Use the demo replay candidates' }).click();
    await page.locator('#cand-summary').waitFor();
    await page.locator('#eval-run').click();
    await page.locator('.report').waitFor({ timeout: 120_000 });
    await page.locator('.plots').screenshot({ path: join(OUT, 'evaluate-plots.png') });
    await page.locator('#table-signals').screenshot({ path: join(OUT, 'evaluate-table.png') });

    await page.getByRole('tab', { name: 'Profiles' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(OUT, 'profiles.png') });

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(server.url);
    await phone.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await ask(phone, ANSWERED);
    await phone.screenshot({ path: join(OUT, 'narrow.png') });
    process.stdout.write(`screenshots written to ${OUT}\n`);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

await main();
