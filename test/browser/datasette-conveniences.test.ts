/**
 * What Datasette and sqliteviz users expect, in real Chromium: browse a
 * table's rows from the schema with sorting and paging, console history, and
 * CSV/JSON export of a result. Expected rows come from better-sqlite3 over
 * the same file.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { openApp, type AppSession } from './harness.ts';

let app: AppSession;
const reference = new Database(DEMO_DB_PATH, { readonly: true });

beforeAll(async () => {
  app = await openApp();
  await app.page.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await app?.close();
  reference.close();
});

describe('Datasette conveniences', () => {
  it('browses a table from the schema, sorted either way, 50 rows a page', async () => {
    const { page } = app;
    const total = (reference.prepare('SELECT count(*) AS n FROM books').get() as { n: number }).n;
    await page.locator('.schema-table[data-table="books"] summary').click();
    await page.getByRole('button', { name: 'Browse rows of books' }).click();
    expect(await page.locator('#panel-console').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#browse-status').textContent()).toBe(`Rows 1–50 of ${total} rows in books.`);
    await page.locator('#browse-sort').selectOption('price');
    await page.locator('#browse-direction').selectOption('desc');
    const byPrice = reference.prepare('SELECT title, price FROM books ORDER BY price DESC').all() as { title: string; price: number }[];
    const header = await page.locator('.browse-out thead th').allTextContents();
    const priceAt = header.indexOf('price');
    await expect.poll(async () => (await page.locator('.browse-out tbody tr').first().locator('td').allTextContents())[priceAt]).toBe(String(byPrice[0]!.price));
    await page.locator('#browse-next').click();
    await expect.poll(() => page.locator('#browse-status').textContent()).toBe(`Rows 51–100 of ${total} rows in books.`);
    expect((await page.locator('.browse-out tbody tr').first().locator('td').allTextContents())[priceAt]).toBe(String(byPrice[50]!.price));
    expect(await page.locator('#browse-prev').isDisabled()).toBe(false);
  });

  it('keeps a console history and puts an old query back in the box', async () => {
    const { page } = app;
    const first = 'SELECT count(*) FROM stores';
    const second = 'SELECT name, city FROM stores ORDER BY name';
    await page.getByRole('tab', { name: 'SQL console' }).click();
    for (const q of [first, second]) {
      await page.getByLabel(/SQL query/).fill(q);
      await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
      await page.locator('.console-out .result-summary').waitFor();
    }
    await page.locator('details.history summary').click();
    expect(await page.locator('#console-history li button').allTextContents()).toEqual([second, first]);
    expect(await page.locator('#console-history li .history-db').allTextContents()).toEqual([' on demo.sqlite', ' on demo.sqlite']);
    await page.locator('#console-history li button', { hasText: first }).click();
    expect(await page.getByLabel(/SQL query/).textContent()).toBe(first);
  });

  it('saves a console result as CSV and JSON with the same rows as the database', async () => {
    const { page } = app;
    const sql = 'SELECT name, city FROM stores ORDER BY name';
    await page.getByLabel(/SQL query/).fill(sql);
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out .result-summary').waitFor();
    const rows = reference.prepare(sql).all() as { name: string; city: string }[];
    const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('.console-out').getByRole('button', { name: 'Save CSV' }).click()]);
    const csvText = readFileSync((await csv.path())!, 'utf8');
    expect(csvText.split('\r\n')[0]).toBe('name,city');
    expect(csvText.trimEnd().split('\r\n')).toHaveLength(rows.length + 1);
    const [json] = await Promise.all([page.waitForEvent('download'), page.locator('.console-out').getByRole('button', { name: 'Save JSON' }).click()]);
    expect(JSON.parse(readFileSync((await json.path())!, 'utf8'))).toEqual(rows);
  });
});
