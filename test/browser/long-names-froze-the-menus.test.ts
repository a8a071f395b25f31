/**
 * Names froze the tab: a table, column or alias of tens of thousands of
 * right-to-left override characters went whole into the table browser's
 * menus and the chart's axis menus (12–15 s at 30,000, 225 s at 100,000); a
 * database of 20,000 tables with markup names took 4–5 s to open, drawn
 * whole; a 1.9 MB console link took up to 3.6 s. Now every name a menu,
 * option, title or chart label shows is at most 80 characters between
 * Unicode isolates, the schema lists 200 tables at a time, and a link past
 * the link cap is not loaded. Stall times: scripts/page-stalls.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longLinkHash, longNamesDb, markupTablesDb } from '../../scripts/hostile-page-inputs.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let dir: string;
let names: { table: string; column: string };
const FSI = '\u2068';
const PDI = '\u2069';

/** Every text a select holds, option by option. */
const options = (selector: string): Promise<string[]> => app.page.locator(`${selector} option`).allTextContents();
const shown = (text: string): boolean => text.length <= 83 && (!text.includes('\u202e') || (text.startsWith(FSI) && text.endsWith(PDI)));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confide-long-names-'));
  names = longNamesDb(join(dir, 'long-names.sqlite'), 100_000);
  markupTablesDb(join(dir, 'markup-tables.sqlite'), 1_000);
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('names in menus, options, titles and chart labels', () => {
  it('are shortened and isolated in the table browser and the schema', async () => {
    const { page } = app;
    await page.locator('#db-file').setInputFiles(join(dir, 'long-names.sqlite'));
    await page.locator('.schema-summary', { hasText: 'long-names.sqlite' }).waitFor({ timeout: 120_000 });
    await page.getByRole('tab', { name: 'Browse', exact: true }).click();
    const tables = await options('#browse-table');
    expect(tables.slice(1).every(shown)).toBe(true);
    await page.locator('#browse-table').selectOption(names.table);
    await page.locator('.browse-out tbody tr').first().waitFor({ timeout: 60_000 });
    for (const s of ['#browse-sort', '#browse-facet']) expect((await options(s)).every(shown)).toBe(true);
    await page.locator('#browse-sort').selectOption(names.column);
    await page.locator('.browse-out tbody tr').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('#browse-status').textContent()).toMatch(/^Rows 1–3 of 3 rows in .{1,90}\.$/u);
    const schemaName = (await page.locator('.schema-table .table-name').first().textContent())!;
    expect(schemaName.length).toBeLessThanOrEqual(81);
  });

  it("are shortened and isolated in the chart's menus and labels", async () => {
    const { page } = app;
    const alias = names.column.replaceAll('"', '""');
    await page.getByRole('tab', { name: 'SQL console' }).click();
    await page.getByLabel(/SQL query/).fill(`SELECT label, 1 AS "${alias}" FROM "${names.table.replaceAll('"', '""')}"`);
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    await page.locator('.console-out details.result-chart summary').click({ timeout: 60_000 });
    await page.locator('.console-out figure svg').waitFor({ timeout: 60_000 });
    for (const s of await page.locator('.console-out .chart-controls select').all()) {
      expect((await s.locator('option').allTextContents()).every(shown)).toBe(true);
    }
    const labels = await page.locator('.console-out figure svg text').allTextContents();
    expect(labels.every((l) => l.length <= 90)).toBe(true); // a name (83 with its isolates) and the axis arrow Plot adds
    expect((await page.locator('.console-out figure figcaption').textContent())!.length).toBeLessThan(400);
  });

  it("are shortened in an error about a misspelt long name, which is not compared with the schema's names", async () => {
    const { page } = app;
    // One character off the long column: SQLite repeats the whole name in its message, and the
    // edit distance between two names of 100,000 characters once held the page for minutes.
    const misspelt = `${names.column.slice(0, -1)}d`;
    await page.getByRole('tab', { name: 'SQL console' }).click();
    // In backticks: a double-quoted name that matches no column is read by SQLite as a string.
    await page.getByLabel(/SQL query/).fill(`SELECT \`${misspelt}\` FROM "${names.table.replaceAll('"', '""')}"`);
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    const error = page.locator('.console-out .error');
    await error.waitFor({ timeout: 60_000 });
    expect(await error.textContent()).toMatch(/^no such column: .{1,600}\(SQLITE_ERROR\)$|^no such column/su);
    expect((await error.textContent())!.length).toBeLessThan(700);
    expect(await page.locator('.console-out .did-you-mean').count()).toBe(0);
  });

  it('leaves a schema of 1,000 markup-named tables listed 200 at a time, as text', async () => {
    const { page } = app;
    await page.locator('#db-file').setInputFiles(join(dir, 'markup-tables.sqlite'));
    await page.locator('.schema-summary', { hasText: '1,000 tables' }).waitFor({ timeout: 120_000 });
    expect(await page.locator('.schema-table').count()).toBe(200);
    expect(await page.locator('.schema-panel img, .schema-panel script, .schema-panel b').count()).toBe(0);
    await page.locator('#schema-show-more').click();
    expect(await page.locator('.schema-table').count()).toBe(400);
    await page.locator('#schema-filter').fill('t999<');
    await expect.poll(() => page.locator('.schema-table').count()).toBe(1);
    expect(await page.locator('.schema-table .table-name').textContent()).toBe('<img src=x onerror=alert(999)><b>t999</b>');
  });

  it('does not load a console link past the link cap, and says why', async () => {
    const { page } = app;
    await page.evaluate((hash) => (location.hash = hash), longLinkHash(1.9));
    const note = page.locator('#console-shared');
    await expect.poll(() => note.textContent(), { timeout: 60_000 }).toContain('not opened');
    expect(await note.textContent()).toMatch(/1,\d{3},\d{3} characters long/);
    expect(await page.locator('.console-form').textContent()).not.toContain('customer_id IN (0,1,2');
  });
});
