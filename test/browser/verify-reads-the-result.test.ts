/**
 * Verify mode reads what a pasted query returns, in real Chromium, on a
 * database the test makes: a zero count from a wrong-case literal
 * (`status = 'active'` where the column holds 'Active') is withheld at risk
 * 0.2, and the decision's reasons name the column and the value it holds;
 * the page's P equals the same pipeline's on Node. A lone query whose
 * filter leaves out the column's other spellings of its literal ('Active'
 * where the column also holds 'active ') is withheld at every risk, and the
 * reasons say which spelling it leaves out.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askOwn } from '../app/demo-ask.ts';
import { demoReady, openApp, type AppSession } from './harness.ts';

let app: AppSession;
let crm: string;
let dirty: string;

beforeAll(async () => {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, status TEXT);
    INSERT INTO customers VALUES (1, 'Ann', 'Active'), (2, 'Bo', 'Active'), (3, 'Cy', 'Inactive'), (4, 'Di', 'Active');`);
  crm = join(mkdtempSync(join(tmpdir(), 'confide-crm-')), 'crm.sqlite');
  writeFileSync(crm, db.export());
  db.close();
  const d2 = new SQL.Database();
  d2.run(`CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, status TEXT);
    INSERT INTO customers VALUES (1, 'Ann', 'Active'), (2, 'Bo', 'active '), (3, 'Cy', 'Inactive'), (4, 'Di', 'Active');`);
  dirty = join(mkdtempSync(join(tmpdir(), 'confide-dirty-')), 'dirty.sqlite');
  writeFileSync(dirty, d2.export());
  d2.close();
  app = await openApp();
  await demoReady(app);
});
afterAll(async () => {
  await app?.close();
});

/** Opens `db`, pastes `sql` in verify mode for `question` at the risk `pick` chooses among those offered, and asks; the decision box. */
async function verify(db: string, question: string, sql: string, pick: (risks: string[]) => string) {
  const { page } = app;
  await page.locator('#db-file').setInputFiles(db);
  await page.locator('.db-status .db-name', { hasText: basename(db) }).waitFor({ timeout: 30_000 });
  await page.locator('#ask-source').selectOption('verify');
  const risks = await page.locator('#ask-risk option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  await page.locator('#ask-risk').selectOption(pick(risks));
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.locator('#verify-sql').fill(sql);
  await page.locator('#ask-submit').click();
  return page.locator('[data-decision]');
}

describe('verify mode reads the result', () => {
  it('withholds a zero count from a wrong-case literal at risk 0.2, naming the column and the value it holds', async () => {
    const question = 'How many active customers are there?';
    const wrong = "SELECT count(*) FROM customers WHERE status = 'active';";
    const expected = await askOwn(new Uint8Array(readFileSync(crm)), question, [wrong]);
    const box = await verify(crm, question, wrong, () => '0.2');
    await box.locator('.small-pool', { hasText: 'One query' }).waitFor({ timeout: 60_000 });
    expect(await box.getAttribute('data-decision')).toBe('abstain');
    const reasons = await box.locator('.reasons li').allTextContents();
    expect(reasons).toContain("The filter compares status with 'active', which this column never holds; it holds 'Active'.");
    expect(await box.locator('.probability').textContent()).toBe(`${Math.round(expected.probability * 100)}%`);
    expect(app.errors).toEqual([]);
  });

  it("withholds a lone query that leaves out the column's other spellings of its literal, at the most lenient risk too", async () => {
    const question = 'How many active customers are there?';
    const sql = "SELECT count(*) FROM customers WHERE status = 'Active';";
    const box = await verify(dirty, question, sql, (risks) => risks.at(-1)!);
    await box.locator('.reasons li', { hasText: 'also holds' }).waitFor({ timeout: 60_000 });
    expect(await box.getAttribute('data-decision')).toBe('abstain');
    const reasons = await box.locator('.reasons li').allTextContents();
    expect(reasons).toContain(
      "The filter compares status with 'Active', but the column also holds 'active ', the same words in another case or spacing, which the filter leaves out.",
    );
    // Withheld for what the result shows, not for a low P: the decision says so.
    expect(await box.locator('h3').textContent()).toBe('Not answered: its result shows a likely mistake');
    expect(reasons.some((r) => r.includes('likely a mistake and no other query returns this result, so Confide does not answer with it'))).toBe(true);
    expect(app.errors).toEqual([]);
  });
});
