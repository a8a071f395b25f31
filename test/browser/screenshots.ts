/**
 * Regenerates the screenshots under docs/screenshots/ from the built app
 * (served under a sub-path, as in the browser tests), in Debian Chromium:
 * the first screen with its example chips (labelled; the first screen as it
 * was before its notes were folded is kept as first-screen-before.png, not
 * made here), Ask with an answer and its reading in words, Ask with an
 * abstention, the candidate inspector, verify mode on a database of its own
 * (not the demo; then a chat reply read before it runs, and Edit and check
 * again: screenshots-verify.ts), the table browser (sorted by a header click,
 * with a facet and its filter), Evaluate's plots, Profiles, Ask on a narrow
 * screen, in the dark colour scheme an answer and Evaluate's plots, a browsed
 * view on a database with one, and the console after Back.
 *
 * Run: `npm run screenshots` (or `npx tsx test/browser/screenshots.ts`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import initSqlJs from 'sql.js';
import { build } from 'vite';
import { buildDemo } from '../../scripts/build-demo.ts';
import { evaluateDemo, launchChromium } from './harness.ts';
import { verifyWorkflowShots } from './screenshots-verify.ts';
import { startStaticServer } from './static-server.ts';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const ANSWERED = 'How many customers are there in each loyalty tier?';
const ABSTAINED = 'What are the names and towns of all the stores?';

async function ask(page: Page, question: string): Promise<void> {
  await page.getByRole('tab', { name: 'Ask' }).click();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
  await page.locator('.decision').waitFor({ timeout: 60_000 });
  // The reading in words fills in once its reader has loaded.
  await page.waitForFunction(() => [...document.querySelectorAll('.decision .reading')].every((r) => (r.textContent ?? '') !== ''), undefined, {
    timeout: 30_000,
  });
}

/** A small database of its own (not the demo) for the verify-mode screenshot. */
async function planetsDb(dir: string): Promise<string> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(
    "CREATE TABLE planets (name TEXT, moons INTEGER, rings INTEGER); INSERT INTO planets VALUES ('Mercury', 0, 0), ('Venus', 0, 0), ('Earth', 1, 0), ('Mars', 2, 0), ('Jupiter', 95, 1), ('Saturn', 146, 1), ('Uranus', 28, 1), ('Neptune', 16, 1);",
  );
  const path = join(dir, 'planets.sqlite');
  writeFileSync(path, db.export());
  db.close();
  return path;
}

/** A database of its own with a view, for the browsed-view screenshot. */
async function musicDb(dir: string): Promise<string> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE artist (artist_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT);
    CREATE TABLE album (album_id INTEGER PRIMARY KEY, artist_id INTEGER NOT NULL REFERENCES artist(artist_id), title TEXT NOT NULL, year INTEGER);
    INSERT INTO artist VALUES (1, 'Ana Lua', 'Portugal'), (2, 'The Quiet Hours', 'Ireland'), (3, 'Mbali Dube', 'South Africa'), (4, 'Kestrel', 'Canada');
    INSERT INTO album VALUES (1, 1, 'Tide Songs', 2014), (2, 1, 'Salt and Stone', 2017), (3, 2, 'Small Rooms', 2011), (4, 2, 'Late Trains', 2015),
      (5, 2, 'Harbour Lights', 2020), (6, 3, 'Red Earth', 2016), (7, 4, 'Northern Lines', 2012), (8, 4, 'Open Water', 2019);
    CREATE VIEW albums_per_artist AS SELECT ar.name AS artist, ar.country, count(*) AS albums, min(al.year) AS first_year, max(al.year) AS last_year
      FROM artist ar JOIN album al USING (artist_id) GROUP BY ar.artist_id;`);
  const path = join(dir, 'music.sqlite');
  writeFileSync(path, db.export());
  db.close();
  return path;
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
    await page.locator('.example-chips .chip').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      () => [...document.querySelectorAll('.example-chips .chip')].every((c) => c.getAttribute('data-kind') !== 'pending'),
      undefined,
      { timeout: 120_000 },
    );
    await page.screenshot({ path: join(OUT, 'first-screen.png') });
    await ask(page, ANSWERED);
    await page.locator('.decision').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(OUT, 'ask-answer.png'), fullPage: false });
    await page.locator('.decision').screenshot({ path: join(OUT, 'ask-answer-detail.png') });
    await ask(page, ABSTAINED);
    await page.locator('.decision').screenshot({ path: join(OUT, 'ask-abstain.png') });
    await page.locator('.candidates details.candidate').nth(0).locator('summary').click();
    await page.locator('.candidates').screenshot({ path: join(OUT, 'candidates.png') });

    await evaluateDemo(page);
    await page.locator('.plots').screenshot({ path: join(OUT, 'evaluate-plots.png') });
    await page.locator('#table-signals').screenshot({ path: join(OUT, 'evaluate-table.png') });

    await page.getByRole('tab', { name: 'Profiles' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(OUT, 'profiles.png') });

    // Verify mode on a database of its own: the offer beside Ask, then pasted SQL checked.
    await page.getByRole('tab', { name: 'Ask' }).click();
    await page.locator('#db-file').setInputFiles(await planetsDb(dist));
    await page.locator('.db-status .db-name', { hasText: 'planets.sqlite' }).waitFor({ timeout: 30_000 });
    await page.locator('#ask-source').selectOption('replay');
    await page.getByLabel('Question', { exact: true }).fill('Which planet has the most moons?');
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('#ask-offer [role="alert"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(OUT, 'own-database-offer.png') });
    await page.locator('#offer-verify').click();
    await page
      .locator('#verify-sql')
      .fill(
        [
          'SELECT name FROM planets ORDER BY moons DESC LIMIT 1;',
          'SELECT name FROM planets WHERE moons = (SELECT max(moons) FROM planets);',
          'SELECT name, max(moons) FROM planets;',
          'SELECT name FROM planets ORDER BY moons LIMIT 1;',
        ].join('\n'),
      );
    await page.locator('form.ask-form').getByRole('button', { name: 'Ask' }).click();
    await page.locator('.decision').waitFor({ timeout: 60_000 });
    await page.locator('section.ask').screenshot({ path: join(OUT, 'verify-own-database.png') });
    await verifyWorkflowShots(page, OUT);
    await page.locator('.schema-table[data-table="planets"] summary').click();
    await page.getByRole('button', { name: /^Browse rows of \u2068?planets\u2069?$/ }).click();
    await page.locator('.browse-out thead').getByRole('button', { name: 'moons' }).click();
    await page.locator('.browse-out th[aria-sort="ascending"]').waitFor();
    await page.locator('.browse-out thead').getByRole('button', { name: 'moons' }).click();
    await page.locator('.browse-out th[aria-sort="descending"]').waitFor();
    await page.locator('#browse-facet').selectOption('rings');
    await page.getByRole('button', { name: 'Show values' }).click();
    await page
      .locator('.facet[data-facet="rings"]')
      .getByRole('button', { name: /^Filter to \u2068?rings\u2069? = \u2068?1\u2069? / })
      .click();
    await page.locator('#browse-status', { hasText: 'where rings = 1' }).waitFor();
    await page.waitForTimeout(300);
    await page.locator('.table-browser').screenshot({ path: join(OUT, 'browse-table.png') });

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(server.url);
    await phone.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await ask(phone, ANSWERED);
    await phone.screenshot({ path: join(OUT, 'narrow.png') });

    // The dark colour scheme: the page and the plots follow prefers-color-scheme.
    const dark = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' })).newPage();
    await dark.goto(server.url);
    await dark.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await ask(dark, ANSWERED);
    await dark.locator('.decision').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await dark.screenshot({ path: join(OUT, 'ask-answer-dark.png') });
    await evaluateDemo(dark);
    await dark.waitForTimeout(300);
    await dark.locator('.plots').screenshot({ path: join(OUT, 'evaluate-plots-dark.png') });

    // A view, browsed like a table, on a database of its own; then the console after Back.
    const own = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await own.goto(server.url);
    await own.locator('.db-status', { hasText: 'demo.sqlite' }).waitFor({ timeout: 30_000 });
    await own.locator('#db-file').setInputFiles(await musicDb(dist));
    await own.locator('.db-status .db-name', { hasText: 'music.sqlite' }).waitFor({ timeout: 30_000 });
    await own.locator('.schema-table[data-table="albums_per_artist"] summary').click();
    await own.getByRole('button', { name: /^Browse rows of \u2068?albums_per_artist\u2069?$/ }).click();
    await own.locator('#browse-status', { hasText: 'in the view albums_per_artist' }).waitFor();
    await own.locator('.browse-out thead').getByRole('button', { name: 'albums', exact: true }).click();
    await own.locator('.browse-out thead').getByRole('button', { name: 'albums', exact: true }).click();
    await own.locator('.browse-out th[aria-sort="descending"]').waitFor();
    await own.evaluate(() => window.scrollTo(0, 0));
    await own.screenshot({ path: join(OUT, 'browse-view.png') });
    await own.getByRole('tab', { name: 'SQL console' }).click();
    for (const sql of ['SELECT artist, albums FROM albums_per_artist ORDER BY albums DESC', 'SELECT title, year FROM album ORDER BY year']) {
      await own.getByLabel(/SQL query/).fill(sql);
      await own.getByLabel(/SQL query/).press('Control+Enter');
      await own.locator('#console-ran').waitFor();
    }
    await own.goBack();
    await own.locator('.console-out .result-summary', { hasText: '4 rows' }).waitFor();
    await own.locator('.console-out details.result-chart summary').click();
    await own.locator('.console-out figure svg').waitFor();
    await own.locator('section.console').screenshot({ path: join(OUT, 'console-after-back.png') });
    process.stdout.write(`screenshots written to ${OUT}\n`);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

await main();
