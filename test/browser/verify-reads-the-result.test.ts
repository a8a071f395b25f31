/**
 * Verify mode reads what a pasted query returns, in real Chromium, on a
 * database the test makes: a zero count from a wrong-case literal
 * (`status = 'active'` where the column holds 'Active') is withheld at risk
 * 0.2, and the decision's reasons name the column and the value it holds;
 * the page's P equals the same pipeline's on Node.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askOwn } from '../app/demo-ask.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let crm: string;

beforeAll(async () => {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, status TEXT);
    INSERT INTO customers VALUES (1, 'Ann', 'Active'), (2, 'Bo', 'Active'), (3, 'Cy', 'Inactive'), (4, 'Di', 'Active');`);
  crm = join(mkdtempSync(join(tmpdir(), 'confide-crm-')), 'crm.sqlite');
  writeFileSync(crm, db.export());
  db.close();
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
});

describe('verify mode reads the result', () => {
  it('withholds a zero count from a wrong-case literal at risk 0.2, naming the column and the value it holds', async () => {
    const { page } = app;
    const question = 'How many active customers are there?';
    const wrong = "SELECT count(*) FROM customers WHERE status = 'active';";
    const expected = await askOwn(new Uint8Array(readFileSync(crm)), question, [wrong]);
    await page.locator('#db-file').setInputFiles(crm);
    await page.locator('.db-status .db-name', { hasText: 'crm.sqlite' }).waitFor({ timeout: 30_000 });
    await page.locator('#ask-source').selectOption('verify');
    await page.locator('#ask-risk').selectOption('0.2');
    await page.getByLabel('Question', { exact: true }).fill(question);
    await page.locator('#verify-sql').fill(wrong);
    await page.locator('#ask-submit').click();
    const box = page.locator('[data-decision]');
    await box.locator('.small-pool', { hasText: 'One query' }).waitFor({ timeout: 60_000 });
    expect(await box.getAttribute('data-decision')).toBe('abstain');
    const reasons = await box.locator('.reasons li').allTextContents();
    expect(reasons).toContain("The filter compares status with 'active', which this column never holds; it holds 'Active'.");
    expect(await box.locator('.probability').textContent()).toBe(`${Math.round(expected.probability * 100)}%`);
    expect(app.errors).toEqual([]);
  });
});
