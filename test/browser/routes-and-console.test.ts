/**
 * URLs that work like a web app's, and the SQL console people expect, in real
 * Chromium: Back and Forward move between views without leaving the app, a
 * typed hash switches the view, a `#console?sql=…` link opens the console and
 * runs its query on the open database (named beside it), a linked query on a
 * database without its tables says which are missing and runs again when one
 * with them is opened, the history records each query's database, the editor
 * completes real columns, a chart is drawn from a result, and a query stopped
 * by the time limit is offered a longer one. Expected rows come from
 * better-sqlite3 over the same file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { appUrl, demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
const reference = new Database(DEMO_DB_PATH, { readonly: true });
const dir = mkdtempSync(join(tmpdir(), 'confide-routes-'));

/** A small database of its own with a `tracks` table (which the demo lacks). */
function tracksDb(): string {
  const path = join(dir, 'tracks.sqlite');
  const db = new Database(path);
  db.exec(
    "CREATE TABLE tracks (track_id INTEGER PRIMARY KEY, name TEXT NOT NULL, ms INTEGER); INSERT INTO tracks VALUES (1, 'Intro', 61000), (2, 'Outro', 93000), (3, 'Reprise', 120500);",
  );
  db.close();
  return path;
}

/** Drops a file on the page as a person dragging it from the desktop would. */
async function dropFile(page: Page, path: string, name: string): Promise<void> {
  await page.evaluate(
    ({ bytes, name }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { bytes: [...readFileSync(path)], name },
  );
}

const hashOf = (page: Page): Promise<string> => page.evaluate(() => location.hash);
const visiblePanel = (page: Page): Promise<string | undefined> => page.evaluate(() => document.querySelector('[role="tabpanel"]:not([hidden])')?.id);
const editorText = (page: Page): Promise<string | null> => page.getByLabel(/SQL query/).textContent();

beforeAll(async () => {
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  reference.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('views at their own URLs', () => {
  it('moves between views with Back and Forward without leaving the app, and a typed hash switches the view', async () => {
    const { page } = app;
    const base = appUrl();
    expect(await hashOf(page)).toBe('#ask');
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    await page.getByRole('tab', { name: 'SQL console' }).click();
    expect(await hashOf(page)).toBe('#console');
    expect(await visiblePanel(page)).toBe('panel-console');

    await page.goBack();
    await expect.poll(() => visiblePanel(page)).toBe('panel-evaluate');
    expect(await hashOf(page)).toBe('#evaluate');
    await page.goBack();
    await expect.poll(() => visiblePanel(page)).toBe('panel-ask');
    expect(page.url()).toBe(`${base}#ask`);
    await page.goForward();
    await expect.poll(() => visiblePanel(page)).toBe('panel-evaluate');
    expect(await page.getByRole('tab', { name: 'Evaluate' }).getAttribute('aria-selected')).toBe('true');

    await page.evaluate(() => (location.hash = '#profiles'));
    await expect.poll(() => visiblePanel(page)).toBe('panel-profiles');
    await page.goBack();
    await expect.poll(() => visiblePanel(page)).toBe('panel-evaluate');
    expect(page.url().startsWith(base)).toBe(true);
    expect(await page.locator('.db-status').textContent()).toContain('demo.sqlite');
  });

  it('opens a #console?sql= link in the console, runs it on the open database and names that database beside it', async () => {
    const sql = 'SELECT genre, count(*) AS n FROM books GROUP BY genre ORDER BY genre';
    const page = await app.context.newPage();
    try {
      await page.goto(`${appUrl()}#console?sql=${encodeURIComponent(sql)}`);
      await page.locator('#console-ran', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
      expect(await visiblePanel(page)).toBe('panel-console');
      expect(await editorText(page)).toBe(sql);
      expect(await page.locator('#console-shared').textContent()).toContain('run on demo.sqlite');
      const rows = reference.prepare(sql).raw().all() as [string, number][];
      expect(await page.locator('.console-out .result-summary').textContent()).toContain(`${rows.length} rows`);
      expect(await page.locator('.console-out tbody tr').first().locator('td').allTextContents()).toEqual([rows[0]![0], String(rows[0]![1])]);

      // A chart of that result: one bar per row, the genres on the x axis.
      await page.locator('.console-out details.result-chart summary').click();
      const bars = page.locator('.console-out figure[data-chart="bar"] g[aria-label="bar"] rect');
      await expect.poll(() => bars.count()).toBe(rows.length);
      const ticks = await page
        .locator('.console-out figure[data-chart="bar"] g[aria-label="x-axis tick label"] text')
        .allTextContents()
        .then((ts) => ts.map((t) => t.replace(/[\u2068\u2069]/g, '')));
      expect(ticks).toEqual(rows.map((r) => r[0]));
      await page.locator('.console-out .chart-controls select').first().selectOption('line');
      await expect.poll(() => page.locator('.console-out figure[data-chart="line"] g[aria-label="line"] path').count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('says which tables a linked query lacks on the open database, then runs it on one that has them; the history names both', async () => {
    const { page } = app;
    const sql = 'SELECT name, ms FROM tracks ORDER BY track_id';
    await page.evaluate((s) => (location.hash = `#console?sql=${encodeURIComponent(s)}`), sql);
    const missing = page.locator('#console-missing');
    await missing.waitFor({ timeout: 30_000 });
    expect(await missing.textContent()).toContain('demo.sqlite has no table "tracks"');
    expect(await missing.textContent()).toContain('A link carries only the query, never data');

    await dropFile(page, tracksDb(), 'tracks.sqlite');
    await page.locator('#console-ran', { hasText: 'tracks.sqlite' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.console-out tbody tr').first().locator('td').allTextContents()).toEqual(['Intro', '61000']);
    expect(await page.locator('#console-shared').textContent()).toContain('run on tracks.sqlite');

    await page.locator('details.history summary').click();
    const entries = await page.locator('#console-history li').allTextContents();
    expect(entries.slice(0, 2)).toEqual([`${sql} on tracks.sqlite`, `${sql} on demo.sqlite`]);
    await page.locator('#open-demo').click();
    await page.locator('.db-status .db-name', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
  });

  it('completes a real column of the table the statement names, and table.column', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'SQL console' }).click();
    const editor = page.getByLabel(/SQL query/);
    await editor.fill('SELECT title FROM books WHERE pri');
    await editor.press('Control+Space');
    const options = page.locator('.cm-tooltip-autocomplete li');
    await expect.poll(() => options.allTextContents()).toContainEqual(expect.stringContaining('price'));
    await page.locator('.cm-tooltip-autocomplete li', { hasText: /^price/ }).click();
    expect(await editorText(page)).toBe('SELECT title FROM books WHERE price');

    await editor.fill('SELECT authors.');
    await editor.press('Control+Space');
    await expect.poll(() => options.allTextContents()).toContainEqual(expect.stringContaining('birth_year'));
    await editor.press('Escape');
  });

  it('stops a query at the time limit without calling it a runaway, and runs it again with the longer limit offered', async () => {
    const { page } = app;
    const editor = page.getByLabel(/SQL query/);
    expect(await page.locator('#console-limit').inputValue()).toBe('5000');
    // Counts forever: it ends only by the time limit, on any machine.
    await editor.fill('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c');
    await editor.press('Control+Enter');
    const timeout = page.locator('#console-timeout');
    await timeout.waitFor({ timeout: 60_000 });
    expect(await timeout.textContent()).toContain('reached the time limit of 5 s');
    expect(await timeout.textContent()).not.toMatch(/runaway/i);
    await page.getByRole('button', { name: 'Run again with 15 s' }).click();
    expect(await page.locator('#console-limit').inputValue()).toBe('15000');
    await expect.poll(() => timeout.textContent(), { timeout: 90_000 }).toContain('reached the time limit of 15 s');
    await page.locator('#console-limit').selectOption('5000');
  });

  it('copies a link to the current query that opens it', async () => {
    const { page, context } = app;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const sql = "SELECT city, count(*) AS n FROM customers WHERE city LIKE 'K%' GROUP BY city";
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill(sql);
    await page.locator('#console-copy-link').click();
    await expect.poll(() => page.locator('#console-link-status').textContent()).toContain('Link copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link.startsWith(`${appUrl()}#console?sql=`)).toBe(true);
    expect(new URLSearchParams(new URL(link).hash.slice('#console?'.length)).get('sql')).toBe(sql);
    const opened = await context.newPage();
    await opened.goto(link);
    await opened.locator('#console-ran', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    expect(await editorText(opened)).toBe(sql);
    const rows = reference.prepare(sql).raw().all() as [string, number][];
    expect(await opened.locator('.console-out tbody tr').first().locator('td').allTextContents()).toEqual([rows[0]![0], String(rows[0]![1])]);
    await opened.close();
    expect(app.errors).toEqual([]);
  });
});
