/**
 * `confide ask` reads what a pasted query returns: on a database the test
 * makes, a zero count from a wrong-case literal (`status = 'active'` where
 * the column holds 'Active') is withheld at risk 0.2, and the reason names
 * the column and the value it holds; a NOT IN over a column holding NULL
 * says why its result is empty. The right query is not given those reasons.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'confide-reads-'));
const db = join(dir, 'crm.sqlite');

beforeAll(async () => {
  const SQL = await initSqlJs();
  const d = new SQL.Database();
  d.run(`CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, status TEXT, manager_id INTEGER);
    INSERT INTO customers VALUES (1, 'Ann', 'Active', NULL), (2, 'Bo', 'Active', 1), (3, 'Cy', 'Inactive', 1), (4, 'Di', 'Active', 2), (5, 'Ed', 'Active', 2);`);
  writeFileSync(db, d.export());
  d.close();
});

/** One decision line of `confide ask` on the test's database. */
async function ask(question: string, sql: string, risk = '0.2'): Promise<{ decision: string; reasons: string[] }> {
  const file = join(dir, `q${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(file, `${sql}\n`);
  const r = await runCli(['ask', '--db', db, '--question', question, '--candidates', file, '--risk', risk]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim()) as { decision: string; reasons: string[] };
}

describe('confide ask reads what the query returns', () => {
  it('withholds a zero count from a wrong-case literal at risk 0.2, naming the column and the value it holds', async () => {
    const line = await ask('How many active customers are there?', "SELECT count(*) FROM customers WHERE status = 'active';");
    expect(line.decision).toBe('abstain');
    expect(line.reasons).toContain("The filter compares status with 'active', which this column never holds; it holds 'Active'.");
    expect(line.reasons).toContain('The count is 0: no row passed the filter.');
  });

  it('gives the right query none of those reasons', async () => {
    const line = await ask('How many active customers are there?', "SELECT count(*) FROM customers WHERE status = 'Active';");
    expect(line.reasons.join(' ')).not.toMatch(/never holds|count is 0/);
  });

  it('says why a NOT IN over a column holding NULL returns nothing', async () => {
    const line = await ask('Which customers manage nobody?', 'SELECT name FROM customers WHERE customer_id NOT IN (SELECT manager_id FROM customers);');
    expect(line.decision).toBe('abstain');
    expect(line.reasons.some((r) => r.startsWith('NOT IN (SELECT manager_id …) meets NULL in customers.manager_id (1 row)'))).toBe(true);
  });
});
