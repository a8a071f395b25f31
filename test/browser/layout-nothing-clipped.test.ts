/**
 * Nothing clipped, at 390 and 1280 px wide, in the light and the dark colour
 * scheme, on the main views: Ask with an answer and with an abstention (its
 * competing answers side by side, every candidate open), Evaluate's plots, the
 * console with a chart of long labels, and Browse with facets. "Clipped" is
 * decided in the page by overflow.ts (an element sticking out of its box, a
 * box cutting its text, a plot label cut at the edge or drawn over another, a
 * competing answer's table wider than its card); the same check finds the
 * cut card, the cut chart labels and the overlapping risk–coverage labels in
 * the build before this one. And no native "Choose File" input shows
 * anywhere: every file picker is a styled button.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoReady, evaluateDemo, openApp, type AppSession } from './harness.ts';
import { overflowProblems } from './overflow.ts';

let app: AppSession;
beforeAll(async () => {
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
});

/** The problems at each width and colour scheme, keyed "1280 light" …; the page is left at 1280 px, light. */
async function everyWay(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const width of [1280, 390]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      // Plots redraw at their new width when the page lays out again: wait for two frames of the page's own.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      found[`${width} ${colorScheme}`] = await overflowProblems(page);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

const NONE = { '1280 light': [], '1280 dark': [], '390 light': [], '390 dark': [] };

async function ask(page: Page, question: string): Promise<void> {
  await page.getByRole('tab', { name: 'Ask' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
  await page.locator('.decision', { hasText: question === ANSWERED ? /likely right/ : /Competing answers/ }).waitFor({ timeout: 60_000 });
  for (const d of await page.locator('.candidates details').all()) await d.locator('summary').click();
}

const ANSWERED = 'How many customers are there in each loyalty tier?';
/** Abstains on the demo, with a competing answer whose header is long ("COUNT(DISTINCT "s"."name")"). */
const ABSTAINED = 'For each store, give its name and the number of orders placed there.';

describe('nothing clipped at 390 and 1280 px, light and dark', () => {
  it('on Ask with an answer', async () => {
    await ask(app.page, ANSWERED);
    expect(await everyWay(app.page)).toEqual(NONE);
  });

  it('on Ask with an abstention and its competing answers', async () => {
    await ask(app.page, ABSTAINED);
    expect(await app.page.locator('.alternative').count()).toBeGreaterThan(1);
    expect(await everyWay(app.page)).toEqual(NONE);
  });

  it('on the console with a bar chart of long labels', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill('SELECT title, price FROM books ORDER BY price DESC LIMIT 14');
    await page.getByLabel(/SQL query/).press('Control+Enter');
    await page.locator('#console-ran').waitFor();
    await page.locator('.console-out details.result-chart summary').click();
    await page.locator('.console-out figure[data-chart="bar"] svg').waitFor();
    expect(await everyWay(page)).toEqual(NONE);
  });

  it('on Browse with facets', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Browse' }).click();
    await page.locator('#browse-table').selectOption('books');
    for (const column of ['genre', 'title']) {
      await page.locator('#browse-facet').selectOption(column);
      await page.getByRole('button', { name: 'Show values' }).click();
      await page.locator(`.facet[data-facet="${column}"] .facet-values li`).first().waitFor();
    }
    expect(await everyWay(page)).toEqual(NONE);
  });

  it("on Evaluate's plots", async () => {
    await evaluateDemo(app.page);
    expect(await everyWay(app.page)).toEqual(NONE);
    expect(app.errors).toEqual([]);
  });
});

describe('file pickers', () => {
  /** File inputs a person can see (anything larger than the 1 px of a visually hidden one). */
  const visibleFileInputs = (page: Page): Promise<string[]> =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')]
        .filter((i) => {
          const r = i.getBoundingClientRect();
          return r.width > 1 && r.height > 1 && getComputedStyle(i).visibility !== 'hidden';
        })
        .map((i) => i.id),
    );

  it('shows no native file input on any view or candidate source, only styled buttons', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Ask' }).click();
    for (const source of ['replay', 'verify', 'live']) {
      await page.locator('#ask-source').selectOption(source);
      expect(await visibleFileInputs(page), source).toEqual([]);
    }
    await page.locator('#ask-source').selectOption('verify');
    expect(await page.getByRole('button', { name: 'Or load a .sql or .jsonl file…' }).isVisible()).toBe(true);
    await page.locator('#ask-source').selectOption('replay');
    expect(await page.getByRole('button', { name: 'Load another candidate file…' }).isVisible()).toBe(true);
    for (const tab of ['Evaluate', 'Profiles', 'SQL console', 'Browse']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await visibleFileInputs(page), tab).toEqual([]);
    }
  });
});
