/**
 * The first screen read in ten seconds, in real Chromium:
 * - the example chips are drawn once the demo database is open, waiting on
 *   nothing else: with the reward model's files held back (so no chip's Ask
 *   can finish) they are there, "checking", and stay clickable;
 * - the question box, the chips and Ask are in the first 1280x800 screen, and
 *   every explanation under them is folded into one line that opens on
 *   demand (the risk rule, the reward model, the profile and its fit
 *   warning, the replay note);
 * - an answer shows its decision, result and reasons, with the risk rule and
 *   the signals folded; the query's reading in words stands beside the
 *   answer and beside each candidate, as core/sql/describe reads it on Node.
 * How fast the chips come is a benchmark (`npm run bench -- --only first-screen`), not a test.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { describeSql } from '../../src/core/sql/describe/index.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession | null = null;
afterAll(async () => {
  await app?.close();
});

const FOLDS = ['#ask-risk-rule', '#ask-orm-more', '#profile-line', '#replay-notice'];

describe('the first screen', () => {
  it('draws the example chips once the database is open, without waiting for their labels or the reward model', async () => {
    const held = await openApp();
    try {
      // The reward model never arrives: every chip's background Ask waits on it.
      await held.context.route('**/*.onnx', () => undefined);
      await held.page.reload();
      await demoReady(held);
      const chips = held.page.locator('.example-chips .chip');
      await chips.first().waitFor({ timeout: 30_000 });
      const kinds = await chips.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-kind')));
      expect(kinds.length).toBeGreaterThan(0);
      expect(kinds.every((k) => k === 'pending')).toBe(true);
      expect(await chips.first().locator('.chip-label').textContent()).toBe('checking');
      // The reward model was asked for and is held back: the labels wait for it, the chips did not.
      await expect.poll(() => held.requests.some((r) => r.url.endsWith('.onnx')), { timeout: 30_000 }).toBe(true);
      expect(await chips.evaluateAll((cs) => cs.every((c) => c.getAttribute('data-kind') === 'pending'))).toBe(true);
      await chips.first().click();
      expect(await held.page.locator('#ask-question').inputValue()).toBe(await chips.first().evaluate((c) => c.firstChild?.textContent ?? ''));
    } finally {
      await held.close();
    }
  });

  it('keeps the question, the chips and Ask in the first screen, each explanation folded into one line that opens on demand', async () => {
    app = await openApp({ viewport: { width: 1280, height: 800 } });
    const { page } = app;
    await demoReady(app);
    await page.locator('.example-chips .chip').first().waitFor({ timeout: 30_000 });
    for (const selector of ['#ask-question', '#ask-submit', '.example-chips']) {
      const box = (await page.locator(selector).boundingBox())!;
      expect(box.y + box.height, selector).toBeLessThanOrEqual(800);
    }
    await page.locator('#replay-notice').waitFor({ timeout: 30_000 });
    for (const selector of FOLDS) {
      const fold = page.locator(selector);
      const summary = fold.locator(':scope > summary');
      const body = fold.locator(':scope > .fold-body');
      expect(await fold.evaluate((d: HTMLDetailsElement) => d.open), selector).toBe(false);
      expect(await body.isVisible(), selector).toBe(false);
      // One line: the summary is no taller than one line of its own text.
      const lineHeight = await summary.evaluate((s) => parseFloat(getComputedStyle(s).lineHeight) || 1.5 * parseFloat(getComputedStyle(s).fontSize));
      expect((await summary.boundingBox())!.height, selector).toBeLessThan(1.6 * lineHeight);
      await summary.click();
      expect(await body.isVisible(), selector).toBe(true);
      expect((await body.textContent())!.length, selector).toBeGreaterThan(40);
      await summary.click();
      expect(await body.isVisible(), selector).toBe(false);
    }
    expect(await page.locator('#ask-risk-hint').textContent()).toContain('Never below P 0.50');
    expect(await page.locator('#profile-line > summary').textContent()).toContain('Calibration from other data');
    expect(app.errors).toEqual([]);
  });

  it('shows an answer as its decision, result and reasons, with its reading in words beside it and beside each candidate', async () => {
    const { page } = app!;
    await page.getByLabel('Question', { exact: true }).fill('How many customers are there in each loyalty tier?');
    await page.locator('#ask-submit').click();
    const answer = page.locator('[data-decision="answer"]');
    await answer.waitFor({ timeout: 60_000 });
    const sql = (await answer.locator('pre.sql').first().textContent())!;
    const reading = describeSql(sql);
    expect(reading.ok).toBe(true);
    await expect.poll(() => answer.locator('.reading').textContent(), { timeout: 30_000 }).toBe(`In words: ${reading.ok ? reading.text : ''}`);
    // Decision, result and reasons in view; the risk rule and the signals folded.
    expect(await answer.locator('.result, table').first().isVisible()).toBe(true);
    expect(await answer.locator('.reasons').isVisible()).toBe(true);
    expect(await answer.locator('.risk-rule').isVisible()).toBe(false);
    await answer.locator('.why-signals > summary').click();
    expect(await answer.locator('.risk-rule').isVisible()).toBe(true);

    const candidate = page.locator('.candidates details.candidate').nth(1);
    await candidate.locator('summary').click();
    const candidateSql = (await candidate.locator('pre.sql').textContent())!;
    const candidateReading = describeSql(candidateSql);
    await expect
      .poll(() => candidate.locator('.reading').textContent(), { timeout: 30_000 })
      .toBe(candidateReading.ok ? `In words: ${candidateReading.text}` : 'Not read in words: the SQL parser does not read this query.');
    expect(app!.errors).toEqual([]);
  });
});
