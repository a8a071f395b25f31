/**
 * The foundation, end to end in real Chromium: the built app (served under a
 * sub-path) opens the demo database through the SQL worker pool, shows its
 * schema, runs a query in the console and shows the rows, paginated.
 * Expected values come from better-sqlite3 over the same file, not from sql.js.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DB_PATH } from '../../scripts/build-demo.ts';
import { openApp, type AppSession } from './harness.ts';

let app: AppSession;
const reference = new Database(DEMO_DB_PATH, { readonly: true });
const scalar = (sql: string): unknown => Object.values(reference.prepare(sql).get() as object)[0];

beforeAll(async () => {
  app = await openApp();
});
afterAll(async () => {
  await app?.close();
  reference.close();
});

describe('the app shell', () => {
  it('opens the demo database through the pool and shows its schema', async () => {
    const { page } = app;
    await expect.poll(() => page.locator('.db-status').textContent(), { timeout: 30_000 }).toContain('demo.sqlite');
    const tables = (reference.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    const shown = await page.locator('.schema-table .table-name').allTextContents();
    expect([...shown].sort()).toEqual(tables);
    const books = page.locator('.schema-table[data-table="books"] summary');
    await expect.poll(() => books.textContent()).toContain(`${(scalar('SELECT count(*) FROM books') as number).toLocaleString('en-US')} rows`);
    await books.click();
    await expect.poll(() => page.locator('.schema-table[data-table="books"] tbody tr').count()).toBeGreaterThan(2);
    expect(await page.locator('.schema-table[data-table="books"]').textContent()).toContain('FK → authors.author_id');
  });

  it('runs a console query in a worker and shows its rows, paginated, with the count', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'SQL console' }).click();
    const sql = 'SELECT book_id, title FROM books ORDER BY book_id';
    await page.getByLabel(/SQL query/).fill(sql);
    await page.locator('.console-form').getByRole('button', { name: 'Run' }).click();
    const total = scalar('SELECT count(*) FROM books') as number;
    const summary = page.locator('.console-out .result-summary');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain(`${total.toLocaleString('en-US')} rows`);
    const firstPage = await page.locator('.console-out tbody tr').count();
    expect(firstPage).toBe(Math.min(25, total));
    const first = reference.prepare(sql).raw().all()[0] as [number, string];
    expect(await page.locator('.console-out tbody tr').first().locator('td').allTextContents()).toEqual([String(first[0]), first[1]]);
    await page.getByRole('button', { name: 'Next page' }).click();
    const second = reference.prepare(sql).raw().all()[25] as [number, string];
    expect(await page.locator('.console-out tbody tr').first().locator('td').allTextContents()).toEqual([String(second[0]), second[1]]);
    expect(app.errors).toEqual([]);
  });

  it('opens a database file dropped on the page', async () => {
    const { page } = app;
    await page.evaluate(async () => {
      const bytes = await (await fetch('demo/database/demo/demo.sqlite')).arrayBuffer();
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped.sqlite'));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.locator('.db-status .db-name', { hasText: 'dropped.sqlite' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.schema-panel').textContent()).toContain('dropped.sqlite');
  });

  it('reports a failing query with its error code instead of rows', async () => {
    const { page } = app;
    await page.getByLabel(/SQL query/).fill('SELECT nope FROM books');
    await page.getByLabel(/SQL query/).press('Control+Enter');
    await expect.poll(() => page.locator('.console-out .error').textContent(), { timeout: 20_000 }).toContain('NO_SUCH_COLUMN');
  });
});
