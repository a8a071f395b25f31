/**
 * What Datasette and sqliteviz users expect, in real Chromium: browse a
 * table's rows from the schema with sorting (menus, or a click or key press
 * on a column header) and paging under one line of row counts, facets that
 * count a column's values and filter by one, saving the whole table (not the
 * page) as CSV and JSON, console history, and CSV/JSON export of a result.
 * Expected rows come from better-sqlite3 over the same file.
 */
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { demoReady, downloadedFile, openApp, type AppSession } from './harness.ts';

let app: AppSession;
const reference = new Database(DEMO_DB_PATH, { readonly: true });

beforeAll(async () => {
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  reference.close();
});

/** Names are drawn isolated (displayName); the text a person reads is the same without the isolates. */
const bare = (s: string | null | undefined): string | undefined => s?.replace(/[\u2068\u2069]/g, '');
/** The table browser's status line, without the isolates. */
const statusText = async (): Promise<string | undefined> => bare(await app.page.locator('#browse-status').textContent());

describe('Datasette conveniences', () => {
  it('browses a table from the schema, sorted either way, 50 rows a page', async () => {
    const { page } = app;
    const total = (reference.prepare('SELECT count(*) AS n FROM books').get() as { n: number }).n;
    await page.locator('.schema-table[data-table="books"] summary').click();
    await page.getByRole('button', { name: /^Browse rows of \u2068?books\u2069?$/ }).click();
    expect(await page.locator('#panel-browse').isVisible()).toBe(true);
    await expect.poll(() => statusText()).toBe(`Rows 1–50 of ${total} rows in books.`);
    await page.locator('#browse-sort').selectOption('price');
    await page.locator('#browse-direction').selectOption('desc');
    const byPrice = reference.prepare('SELECT title, price FROM books ORDER BY price DESC').all() as { title: string; price: number }[];
    const header = await page.locator('.browse-out thead th').allTextContents();
    const priceAt = header.indexOf('price');
    await expect
      .poll(async () => (await page.locator('.browse-out tbody tr').first().locator('td').allTextContents())[priceAt])
      .toBe(String(byPrice[0]!.price));
    await page.locator('#browse-next').click();
    await expect.poll(() => statusText()).toBe(`Rows 51–100 of ${total} rows in books.`);
    expect((await page.locator('.browse-out tbody tr').first().locator('td').allTextContents())[priceAt]).toBe(String(byPrice[50]!.price));
    expect(await page.locator('#browse-prev').isDisabled()).toBe(false);
    // One line says which rows of how many: the table's own summary is not shown beside it.
    expect(await page.locator('.browse-out .result-summary').isVisible()).toBe(false);
  });

  it('sorts by clicking a column header, either way, and by keyboard on the header button', async () => {
    const { page } = app;
    await page.locator('#browse-table').selectOption('books');
    await expect.poll(() => statusText()).toMatch(/^Rows 1–50 of/);
    const header = (name: string) => page.locator('.browse-out thead th', { has: page.getByRole('button', { name, exact: true }) });
    const column = async (name: string) => {
      const names = await page.locator('.browse-out thead th').allTextContents();
      const at = names.indexOf(name);
      return page.locator('.browse-out tbody tr').evaluateAll((trs, i) => trs.map((tr) => tr.children[i]!.textContent), at);
    };
    const byPages = reference.prepare('SELECT pages FROM books ORDER BY pages ASC LIMIT 50').all() as { pages: number | null }[];
    await header('pages').getByRole('button').click();
    await expect.poll(() => header('pages').getAttribute('aria-sort')).toBe('ascending');
    expect(await column('pages')).toEqual(byPages.map((r) => (r.pages === null ? 'NULL' : String(r.pages))));
    expect(await page.locator('#browse-sort').inputValue()).toBe('pages');
    await header('pages').getByRole('button').click();
    await expect.poll(() => header('pages').getAttribute('aria-sort')).toBe('descending');
    const maxPages = (reference.prepare('SELECT max(pages) AS m FROM books').get() as { m: number }).m;
    expect((await column('pages'))[0]).toBe(String(maxPages));
    // Keyboard: the header is a button; Enter sorts, focus stays on it, and the other header loses aria-sort.
    await header('title').getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => header('title').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('pages').getAttribute('aria-sort')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.closest('th')?.textContent)).toBe('title');
    const firstTitle = (reference.prepare('SELECT title FROM books ORDER BY title LIMIT 1').get() as { title: string }).title;
    expect((await column('title'))[0]).toBe(firstTitle);
  });

  it("counts a column's values in a facet, filters by a clicked value, and removes the filter from its chip", async () => {
    const { page } = app;
    await page.locator('#browse-table').selectOption('books');
    const genres = reference.prepare('SELECT genre, count(*) AS n FROM books GROUP BY genre ORDER BY n DESC, genre').all() as { genre: string; n: number }[];
    const total = genres.reduce((s, g) => s + g.n, 0);
    await page.locator('#browse-facet').selectOption('genre');
    await page.getByRole('button', { name: 'Show values' }).click();
    const facet = page.locator('.facet[data-facet="genre"]');
    await facet.locator('.facet-values li').first().waitFor();
    const shown = await facet
      .locator('.facet-values li')
      .evaluateAll((lis) => lis.map((li) => [li.querySelector('.facet-value')!.textContent, li.querySelector('.facet-count')!.textContent]));
    expect(shown).toEqual(genres.slice(0, 10).map((g) => [g.genre, String(g.n)]));
    const poetry = genres.find((g) => g.genre === 'Poetry')!;
    await facet.getByRole('button', { name: /^Filter to \u2068?genre\u2069? = \u2068?Poetry/ }).click();
    await expect.poll(() => statusText()).toBe(`Rows 1–${poetry.n} of ${poetry.n} rows in books where genre = Poetry.`);
    const header = await page.locator('.browse-out thead th').allTextContents();
    const genreAt = header.indexOf('genre');
    expect(new Set(await page.locator('.browse-out tbody tr').evaluateAll((trs, i) => trs.map((tr) => tr.children[i]!.textContent), genreAt))).toEqual(
      new Set(['Poetry']),
    );
    await expect.poll(() => facet.locator('.facet-values li').count()).toBe(1);
    await page.getByRole('button', { name: /^Remove filter \u2068?genre\u2069? = \u2068?Poetry\u2069?$/ }).click();
    await expect.poll(() => statusText()).toBe(`Rows 1–50 of ${total} rows in books.`);
    await facet.getByRole('button', { name: /^Close the facet on \u2068?genre\u2069?$/ }).click();
    expect(await page.locator('.facet').count()).toBe(0);
  });

  it("saves the whole table, not the page, as CSV and JSON, with the table's row count and order", async () => {
    const { page } = app;
    const rows = reference.prepare('SELECT * FROM order_items').all() as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(2000); // more than one chunk from the worker (1,000 rows each) and many pages
    await page.locator('#browse-table').selectOption('order_items');
    await expect.poll(() => statusText()).toBe(`Rows 1–50 of ${rows.length.toLocaleString('en-US')} rows in order_items.`);
    await page.locator('#browse-next').click();
    await expect.poll(() => statusText()).toMatch(/^Rows 51–100/);
    const save = page.locator('.browse-save');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      save.getByRole('button', { name: `Save all ${rows.length.toLocaleString('en-US')} rows as CSV` }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('order_items.csv');
    const lines = readFileSync(await downloadedFile(csv), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[0]).toBe('order_id,book_id,quantity,unit_price');
    expect(lines[1]).toBe(Object.values(rows[0]!).join(','));
    expect(lines.at(-1)).toBe(Object.values(rows.at(-1)!).join(','));
    const [json] = await Promise.all([page.waitForEvent('download'), save.getByRole('button', { name: /as JSON$/ }).click()]);
    expect(JSON.parse(readFileSync(await downloadedFile(json), 'utf8'))).toEqual(rows);
    await expect.poll(() => save.getByRole('status').textContent().then(bare)).toBe(`Saved ${rows.length.toLocaleString('en-US')} rows as order_items.json.`);
    // Sorted and filtered: the file holds exactly the rows the browser would show, in its order.
    await page.locator('#browse-facet').selectOption('quantity');
    await page.getByRole('button', { name: 'Show values' }).click();
    await page
      .locator('.facet[data-facet="quantity"]')
      .getByRole('button', { name: /^Filter to \u2068?quantity\u2069? = \u2068?2\u2069? / })
      .click();
    await page.locator('#browse-sort').selectOption('unit_price');
    await page.locator('#browse-direction').selectOption('desc');
    const two = reference.prepare('SELECT * FROM order_items WHERE quantity = 2 ORDER BY unit_price DESC').all();
    await expect.poll(() => statusText()).toContain(`of ${two.length.toLocaleString('en-US')} rows in order_items where quantity = 2.`);
    const [filtered] = await Promise.all([page.waitForEvent('download'), save.getByRole('button', { name: /as JSON$/ }).click()]);
    expect(filtered.suggestedFilename()).toBe('order_items-filtered.json');
    expect(JSON.parse(readFileSync(await downloadedFile(filtered), 'utf8'))).toEqual(two);
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
    const csvText = readFileSync(await downloadedFile(csv), 'utf8');
    expect(csvText.split('\r\n')[0]).toBe('name,city');
    expect(csvText.trimEnd().split('\r\n')).toHaveLength(rows.length + 1);
    const [json] = await Promise.all([page.waitForEvent('download'), page.locator('.console-out').getByRole('button', { name: 'Save JSON' }).click()]);
    expect(JSON.parse(readFileSync(await downloadedFile(json), 'utf8'))).toEqual(rows);
  });

  it('sorts a whole console result by clicking its header, in the page', async () => {
    const { page } = app;
    await page.getByLabel(/SQL query/).fill('SELECT name, city FROM stores ORDER BY name');
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out .result-summary').waitFor();
    await page.locator('.console-out thead').getByRole('button', { name: 'city' }).click();
    const byCity = (reference.prepare('SELECT city FROM stores ORDER BY city').all() as { city: string }[]).map((r) => r.city);
    const cities = await page.locator('.console-out tbody tr').evaluateAll((trs) => trs.map((tr) => tr.children[1]!.textContent));
    expect(cities).toEqual(byCity);
    expect(await page.locator('.console-out thead th').nth(1).getAttribute('aria-sort')).toBe('ascending');
    expect(await page.locator('.console-out .result-summary').textContent()).toContain('sorted by city (ascending)');
  });
});
