/**
 * Keyboard use, labels, and layout at 1280x800 and on a narrow phone screen:
 * every form control has an accessible name, the tabs follow the arrow keys,
 * a question can be asked with the keyboard alone, and nothing makes the page
 * scroll sideways at 390 px wide (wide tables scroll inside their own box).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { evaluateDemo, openApp, type AppSession } from './harness.ts';

let app: AppSession | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const QUESTION = 'How many customers are there in each loyalty tier?';

async function unlabeled(session: AppSession): Promise<string[]> {
  return session.page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('#app input, #app select, #app textarea')]
      .filter((e) => (e.labels?.length ?? 0) === 0 && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
      .map((e) => e.outerHTML.slice(0, 80)),
  );
}

describe('keyboard and labels', () => {
  it('labels every control, moves between tabs with the arrow keys, and asks with the keyboard alone', async () => {
    app = await openApp();
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    for (const tab of ['Ask', 'Evaluate', 'Profiles', 'SQL console']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await unlabeled(app)).toEqual([]);
    }
    await page.getByRole('tab', { name: 'SQL console' }).focus();
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Ask');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Evaluate');
    expect(await page.locator('#panel-evaluate').isVisible()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator('#panel-ask').isVisible()).toBe(true);

    await page.locator('#ask-question').focus();
    await page.keyboard.type(QUESTION);
    await page.keyboard.press('Enter');
    await page.locator('.decision').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('decision-heading');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  });

  it('offers a skip link as the first stop', async () => {
    app = await openApp({ query: '?db=none' });
    await app.page.keyboard.press('Tab');
    expect(await app.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the main content');
  });
});

describe('layout', () => {
  it('at 1280x800 shows the schema beside the sections and the question form in the first screen', async () => {
    app = await openApp({ viewport: { width: 1280, height: 800 } });
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    const schema = (await page.locator('.schema-panel').boundingBox())!;
    const sections = (await page.locator('.sections').boundingBox())!;
    expect(schema.x + schema.width).toBeLessThanOrEqual(sections.x);
    const ask = (await page.locator('form.ask-form button[type="submit"]').boundingBox())!;
    expect(ask.y + ask.height).toBeLessThanOrEqual(800);
  });

  it('on a 390 px screen stacks the panels and never scrolls sideways, even with wide results', async () => {
    app = await openApp({ viewport: { width: 390, height: 844 } });
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Question', { exact: true }).fill('List each staff member\'s full name together with their manager\'s full name.');
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 30_000 });
    for (const d of await page.locator('.candidates details').all()) await d.locator('summary').click();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const schema = (await page.locator('.schema-panel').boundingBox())!;
    const sections = (await page.locator('.sections').boundingBox())!;
    expect(sections.y).toBeGreaterThanOrEqual(schema.y + schema.height - 1);
    await evaluateDemo(page, 60_000);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(app.errors).toEqual([]);
  });
});
