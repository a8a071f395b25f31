/**
 * Keyboard use, labels, looks, and layout at 1280x800 and on a narrow phone
 * screen: every form control has an accessible name, the tabs follow the
 * arrow keys, a question can be asked with the keyboard alone, the question
 * box is reached within 5 Tabs, the skip link puts focus in the main content,
 * every tab stop is a visible control with a visible focus ring (no hidden
 * file input), the page and its plots follow a dark colour scheme, and
 * nothing makes the page scroll sideways at 390 px wide (wide tables scroll
 * inside their own box).
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
    for (const tab of ['Ask', 'Evaluate', 'Profiles', 'SQL console', 'Browse']) {
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

  it('offers a skip link as the first stop, and it puts focus in the main content without changing the URL', async () => {
    app = await openApp({ query: '?db=none' });
    const { page } = app;
    await page.locator('main#main [role="tablist"]').waitFor(); // the page's script has run
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the main content');
    const url = page.url();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(page.url()).toBe(url);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => [document.activeElement?.getAttribute('role'), document.activeElement?.textContent])).toEqual(['tab', 'Ask']);
  });

  it('reaches the question box within 5 Tabs from the top of the page', async () => {
    app = await openApp();
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    const stops: string[] = [];
    for (let i = 0; i < 5 && (await page.evaluate(() => document.activeElement?.id)) !== 'ask-question'; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.id || document.activeElement?.textContent}`));
    }
    expect(stops.at(-1), stops.join(' → ')).toBe('TEXTAREA ask-question');
    expect(stops.length).toBeLessThanOrEqual(5);
  });

  it('stops only on visible controls, each with a visible focus ring (no hidden file input)', async () => {
    app = await openApp();
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    // From the tab clicked (or the skip link, for the top of the page) on through the panel.
    const walk = async (tab: string, count: number, fromTop = false) => {
      await page.getByRole('tab', { name: tab }).click();
      if (fromTop) await page.locator('a.skip-link').focus();
      const seen: { what: string; width: number; height: number; ring: boolean }[] = [];
      for (let i = 0; i < count; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement === document.body)) break; // past the last stop
        seen.push(
          await page.evaluate(() => {
            const e = document.activeElement as HTMLElement;
            const r = e.getBoundingClientRect();
            const s = getComputedStyle(e);
            const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
            return {
              what: `${e.tagName}${e.getAttribute('type') === 'file' ? '[file]' : ''} ${e.id || e.textContent?.slice(0, 30)}`,
              width: r.width,
              height: r.height,
              ring,
            };
          }),
        );
      }
      return seen;
    };
    const stops = [...(await walk('Ask', 30, true)), ...(await walk('Evaluate', 20)), ...(await walk('Profiles', 12))];
    for (const s of stops) {
      expect(s.width * s.height, `${s.what} is hardly visible`).toBeGreaterThan(20);
      expect(s.ring, `${s.what} shows no focus ring`).toBe(true);
    }
    // The database's file input is reached through its button, never as a hidden stop of its own.
    expect(stops.map((s) => s.what)).toContain('BUTTON open-file');
    expect(stops.map((s) => s.what)).not.toContain('INPUT[file] db-file');
  });
});

describe('dark colour scheme', () => {
  /** Relative luminance of a CSS rgb() colour, 0 (black) to 1 (white). */
  const luminance = (rgb: string): number => {
    const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? [])
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string): number => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };

  it('follows prefers-color-scheme: dark on the page and in the plots, and stays light otherwise', async () => {
    app = await openApp({ colorScheme: 'dark' });
    const { page } = app;
    await page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    const colours = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((e) => {
          const s = getComputedStyle(e);
          return { fg: s.color, bg: s.backgroundColor };
        });
    const page_ = await page.evaluate(() => ({
      bg: getComputedStyle(document.documentElement).backgroundColor,
      fg: getComputedStyle(document.body).color,
      scheme: getComputedStyle(document.documentElement).colorScheme,
    }));
    expect(luminance(page_.bg)).toBeLessThan(0.05);
    expect(luminance(page_.fg)).toBeGreaterThan(0.6);
    expect(page_.scheme).toBe('dark');
    // Fields, code and notes are dark too, and their text is readable (contrast at least 4.5:1).
    const question = await colours('#ask-question');
    expect(luminance(question.bg)).toBeLessThan(0.05);
    expect(contrast(question.fg, question.bg)).toBeGreaterThanOrEqual(4.5);
    const note = await colours('#replay-notice');
    expect(contrast(note.fg, note.bg)).toBeGreaterThanOrEqual(4.5);
    await evaluateDemo(page);
    const plot = await page.locator('figure[data-plot="risk-coverage"] svg').evaluateAll((svgs) => {
      const svg = svgs.reduce((a, b) => (a.getBoundingClientRect().width >= b.getBoundingClientRect().width ? a : b));
      const s = getComputedStyle(svg);
      const diamond = svg.querySelector('[aria-label="dot"] path, g[aria-label="dot"] path');
      return {
        fg: s.color,
        background: s.getPropertyValue('--plot-background').trim(),
        tick: getComputedStyle(svg.querySelector('[aria-label="x-axis tick label"] text') ?? svg).fill,
        diamond: diamond === null ? null : getComputedStyle(diamond).fill,
      };
    });
    expect(luminance(plot.fg)).toBeGreaterThan(0.6);
    expect(luminance(plot.tick)).toBeGreaterThan(0.6);
    expect(plot.background).not.toBe('white');
    expect(plot.diamond === null || luminance(plot.diamond) > 0.6).toBe(true);
    const table = await colours('#table-signals th');
    expect(contrast(table.fg, table.bg)).toBeGreaterThanOrEqual(4.5);
    expect(app.errors).toEqual([]);
    await app.close();

    app = await openApp({ colorScheme: 'light', query: '?db=none' });
    const light = await app.page.evaluate(() => ({
      bg: getComputedStyle(document.documentElement).backgroundColor,
      fg: getComputedStyle(document.body).color,
    }));
    expect(luminance(light.bg)).toBeGreaterThan(0.9);
    expect(luminance(light.fg)).toBeLessThan(0.1);
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
    await page.getByLabel('Question', { exact: true }).fill("List each staff member's full name together with their manager's full name.");
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
