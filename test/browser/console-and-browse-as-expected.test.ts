/**
 * The console and Browse as people expect them from Datasette and DB
 * Browser, in real Chromium: Back and Forward step through console queries
 * and show each one's result again; the last query is back in the editor
 * after a reload; with several statements, the one under the cursor runs; a
 * misspelt column gets "Did you mean …?" with a button that fixes and runs
 * it; the browse URL reopens the same sorted, faceted, filtered table after a
 * reload and in a new tab; a foreign key's value opens the row it names. On
 * a database the test makes with a view: the view is listed and marked in
 * the schema panel, browsable like a table, completed in the editor as a
 * view; and a facet with many values lists more with "Show more". Expected
 * rows come from better-sqlite3 over the same files.
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
const demo = new Database(DEMO_DB_PATH, { readonly: true });
const dir = mkdtempSync(join(tmpdir(), 'confide-console-browse-'));
const musicPath = join(dir, 'music.sqlite');

/** The table browser's status line, names without the isolates they are drawn in (displayName). */
const statusOf = async (p: Page): Promise<string | undefined> => (await p.locator('#browse-status').textContent())?.replace(/[\u2068\u2069]/g, '');

/** 12 artists, 40 albums over 25 distinct years, and a view joining them. */
function makeMusic(): void {
  const db = new Database(musicPath);
  db.exec(`CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE album (album_id INTEGER PRIMARY KEY, artist_id INTEGER NOT NULL REFERENCES artist(artist_id), title TEXT NOT NULL, year INTEGER);
    CREATE VIEW album_years AS SELECT al.title, ar.name AS artist, al.year FROM album al JOIN artist ar USING (artist_id);`);
  for (let i = 1; i <= 12; i++) db.prepare('INSERT INTO artist VALUES (?, ?)').run(i, `Artist ${String.fromCharCode(64 + i)}`);
  for (let i = 1; i <= 40; i++) db.prepare('INSERT INTO album VALUES (?, ?, ?, ?)').run(i, (i % 12) + 1, `Album ${i}`, 1970 + ((i * 7) % 25));
  db.close();
}

const editor = (page: Page) => page.getByLabel(/SQL query/);
const hashOf = (page: Page): Promise<string> => page.evaluate(() => location.hash);
const firstRow = (page: Page, box: string) => page.locator(`${box} tbody tr`).first().locator('td').allTextContents();
const asText = (row: readonly unknown[]) => row.map((v) => (v === null ? 'NULL' : String(v)));

async function runInConsole(page: Page, sql: string): Promise<void> {
  await editor(page).fill(sql);
  await editor(page).press('Control+Enter');
  await page.locator('#console-ran').waitFor();
}

beforeAll(async () => {
  makeMusic();
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  demo.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the console', () => {
  it('makes each run a history entry: Back and Forward step through the queries and show each result again', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'SQL console' }).click();
    const first = 'SELECT name, city FROM stores ORDER BY name';
    const second = 'SELECT title, price FROM books ORDER BY price DESC LIMIT 5';
    await runInConsole(page, first);
    await runInConsole(page, second);
    expect(new URLSearchParams((await hashOf(page)).slice('#console?'.length)).get('sql')).toBe(second);
    const firstRows = demo.prepare(first).raw().all() as unknown[][];
    const secondRows = demo.prepare(second).raw().all() as unknown[][];
    expect(await firstRow(page, '.console-out')).toEqual(asText(secondRows[0]!));

    await page.goBack();
    await expect.poll(() => firstRow(page, '.console-out')).toEqual(asText(firstRows[0]!));
    expect(await editor(page).textContent()).toBe(first);
    expect(await page.locator('.console-out .result-summary').textContent()).toContain(`${firstRows.length} rows`);
    await page.goForward();
    await expect.poll(() => firstRow(page, '.console-out')).toEqual(asText(secondRows[0]!));
    expect(await editor(page).textContent()).toBe(second);
  });

  it('has the last query in the editor after a reload, not a default query', async () => {
    const { page } = app;
    const sql = 'SELECT count(*) AS n FROM reviews WHERE rating >= 4';
    await runInConsole(page, sql);
    await page.goto(appUrl()); // a fresh load at the first view: no query in the URL
    await demoReady(app);
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await expect.poll(() => editor(page).textContent()).toBe(sql);
  });

  it('runs the statement under the cursor when the editor holds several, and says which', async () => {
    const { page } = app;
    const statements = ['SELECT count(*) FROM stores;', "SELECT name FROM authors WHERE country = 'Norway' ORDER BY name;", 'SELECT 3;'];
    await editor(page).fill(statements.join('\n'));
    await editor(page).press('Control+Home');
    await editor(page).press('ArrowDown'); // into the second line: the second statement
    await editor(page).press('Control+Enter');
    await expect.poll(() => page.locator('#console-ran').textContent()).toContain('Ran statement 2 of 3 (the one under the cursor) on demo.sqlite');
    const rows = demo.prepare(statements[1]!).raw().all() as unknown[][];
    expect(rows.length).toBeGreaterThan(0);
    expect(await page.locator('.console-out tbody tr td').allTextContents()).toEqual(rows.map((r) => String(r[0])));
    expect(new URLSearchParams((await hashOf(page)).slice('#console?'.length)).get('at')).toBe('2');
    expect(await editor(page).textContent()).toBe(statements.join('')); // the others stay in the editor
  });

  it('says "Did you mean …?" for a misspelt column, and its button fixes the query and runs it', async () => {
    const { page } = app;
    await editor(page).fill('SELECT nmae, city FROM stores ORDER BY nmae');
    await editor(page).press('Control+Enter');
    const suggestion = page.locator('.console-out .did-you-mean');
    await expect.poll(async () => (await suggestion.textContent())?.replace(/[\u2068\u2069]/g, '')).toContain('Did you mean name?');
    expect(await page.locator('.console-out .error').textContent()).toContain('no such column: nmae');
    await suggestion.getByRole('button', { name: /^Use \u2068?name\u2069?$/ }).click();
    await page.locator('#console-ran').waitFor();
    expect(await editor(page).textContent()).toBe('SELECT name, city FROM stores ORDER BY name');
    const rows = demo.prepare('SELECT name, city FROM stores ORDER BY name').raw().all() as unknown[][];
    expect(await firstRow(page, '.console-out')).toEqual(asText(rows[0]!));
  });
});

describe('Browse', () => {
  it('keeps the table, its sort, facets and filters in the URL: a reload and the link in a new tab reopen the same page', async () => {
    const { page, context } = app;
    await page.getByRole('tab', { name: 'Browse' }).click();
    await page.locator('#browse-table').selectOption('books');
    await page.locator('#browse-facet').selectOption('genre');
    await page.getByRole('button', { name: 'Show values' }).click();
    await page
      .locator('.facet[data-facet="genre"]')
      .getByRole('button', { name: /^Filter to \u2068?genre\u2069? = \u2068?Fantasy/ })
      .click();
    await page.locator('.browse-out thead').getByRole('button', { name: 'price', exact: true }).click();
    await page.locator('.browse-out thead').getByRole('button', { name: 'price', exact: true }).click(); // descending
    await expect.poll(() => hashOf(page)).toBe('#browse?table=books&sort=price&dir=desc&facet=genre&f.genre=%27Fantasy%27');
    const rows = demo.prepare("SELECT * FROM books WHERE genre = 'Fantasy' ORDER BY price DESC").raw().all() as unknown[][];
    const line = `Rows 1–${Math.min(50, rows.length)} of ${rows.length} rows in books where genre = Fantasy.`;
    const samePage = async (p: Page): Promise<void> => {
      await expect.poll(() => statusOf(p), { timeout: 30_000 }).toBe(line);
      expect(await p.locator('.browse-out thead th[aria-sort="descending"]').textContent()).toBe('price');
      expect(await p.locator('.facet[data-facet="genre"] .facet-value').allTextContents()).toEqual(['Fantasy']);
      expect(await p.getByRole('button', { name: /^Remove filter \u2068?genre\u2069? = \u2068?Fantasy\u2069?$/ }).count()).toBe(1);
      const header = await p.locator('.browse-out thead th').allTextContents();
      const price = header.indexOf('price');
      expect((await firstRow(p, '.browse-out'))[price]).toBe(String(rows[0]![price]));
    };
    await samePage(page);
    const url = page.url();
    await page.reload();
    await samePage(page);
    const other = await context.newPage();
    await other.goto(url);
    await samePage(other);
    await other.close();
    // Back undoes the last step: ascending again.
    await page.goBack();
    await expect.poll(() => page.locator('.browse-out thead th[aria-sort="ascending"]').textContent()).toBe('price');
  });

  it('links a foreign key value to the row it names, and Back returns to the table', async () => {
    const { page } = app;
    await page.locator('#browse-table').selectOption('books');
    await expect.poll(() => statusOf(page)).toMatch(/^Rows 1–50 of \d+ rows in books\.$/);
    const header = await page.locator('.browse-out thead th').allTextContents();
    const authorAt = header.indexOf('author_id');
    const link = page.locator('.browse-out tbody tr').first().locator('td').nth(authorAt).locator('a');
    const id = await link.textContent();
    expect((await link.getAttribute('title'))?.replace(/[\u2068\u2069]/g, '')).toBe(`Open the authors row whose author_id is ${id}`);
    await link.click();
    const author = demo.prepare('SELECT * FROM authors WHERE author_id = ?').raw().get(Number(id)) as unknown[];
    await expect.poll(() => statusOf(page)).toBe(`Rows 1–1 of 1 row in authors where author_id = ${id}.`);
    expect(await firstRow(page, '.browse-out')).toEqual(asText(author));
    await page.goBack();
    await expect.poll(() => statusOf(page)).toMatch(/in books\.$/);
  });

  it('lists a view marked as a view, browses it like a table, and completes it in the editor as a view', async () => {
    const { page } = app;
    await page.evaluate(
      ({ bytes }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], 'music.sqlite'));
        document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      },
      { bytes: [...readFileSync(musicPath)] },
    );
    await page.locator('.db-status .db-name', { hasText: 'music.sqlite' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.schema-summary').textContent()).toBe('music.sqlite: 2 tables, 1 view, 52 rows in its tables');
    const entry = page.locator('.schema-table[data-table="album_years"]');
    expect(await entry.getAttribute('data-kind')).toBe('view');
    expect(await entry.locator('summary .kind-view').textContent()).toBe('view');
    await entry.locator('summary').click();
    await expect.poll(() => entry.locator('.schema-columns tbody th').allTextContents()).toEqual(['title', 'artist', 'year']);
    await entry.getByRole('button', { name: /^Browse rows of \u2068?album_years\u2069?$/ }).click();
    expect(await page.locator('#panel-browse').isVisible()).toBe(true);
    await expect.poll(() => statusOf(page)).toBe('Rows 1–40 of 40 rows in the view album_years.');
    expect((await page.locator('#browse-table optgroup[label="Views"] option').allTextContents()).map((t) => t.replace(/[\u2068\u2069]/g, ''))).toEqual([
      'album_years',
    ]);
    await page.locator('.browse-out thead').getByRole('button', { name: 'year', exact: true }).click();
    const byYear = new Database(musicPath, { readonly: true });
    const first = byYear.prepare('SELECT * FROM album_years ORDER BY year LIMIT 1').raw().get() as unknown[];
    byYear.close();
    await expect.poll(() => firstRow(page, '.browse-out')).toEqual(asText(first));

    await page.getByRole('tab', { name: 'SQL console' }).click();
    await editor(page).fill('SELECT * FROM album_y');
    await editor(page).press('Control+Space');
    const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'album_years' });
    await option.waitFor();
    expect(await option.locator('.cm-completionDetail').textContent()).toBe('view');
    await editor(page).press('Escape');
  });

  it('lists more of a facet\'s values with "Show more"', async () => {
    const { page } = app;
    const db = new Database(musicPath, { readonly: true });
    const years = (db.prepare('SELECT year, count(*) AS n FROM album GROUP BY year ORDER BY n DESC, year').raw().all() as [number, number][]).map(([y, n]) => [
      String(y),
      String(n),
    ]);
    db.close();
    expect(years.length).toBe(25);
    await page.getByRole('tab', { name: 'Browse' }).click();
    await page.locator('#browse-table').selectOption('album');
    await page.locator('#browse-facet').selectOption('year');
    await page.getByRole('button', { name: 'Show values' }).click();
    const facet = page.locator('.facet[data-facet="year"]');
    const shown = () =>
      facet
        .locator('.facet-values li')
        .evaluateAll((lis) => lis.map((li) => [li.querySelector('.facet-value')!.textContent, li.querySelector('.facet-count')!.textContent]));
    await expect.poll(shown).toEqual(years.slice(0, 10));
    expect(await facet.locator('.facet-more').textContent()).toContain('The 10 most frequent values; more exist.');
    await facet.getByRole('button', { name: /^Show 20 more values of \u2068?year\u2069?$/ }).click();
    await expect.poll(shown).toEqual(years);
    expect(await facet.locator('.facet-more').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
