/**
 * `confide ask` on one pasted query withholds what its result shows to be
 * likely wrong, on a database the test makes with the dirt real tables hold
 * (a status spelt 'Active' and 'active ', cities with a trailing space, hire
 * dates as text): a filter that leaves out the column's other spellings of
 * its literal, `= NULL`, a year compared with text dates, groups split by
 * spelling, a LIMIT without ORDER BY that leaves rows out, a year the
 * question names and the query does not use. Each reason names the column and what it holds. The right query
 * gets none of those reasons, and a likely mistake another query's result
 * agrees with is not ruled out by the rule for a lone query.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'confide-likely-'));
const db = join(dir, 'staff.sqlite');
const LIKELY = 'likely a mistake and no other query returns this result';

beforeAll(async () => {
  const SQL = await initSqlJs();
  const d = new SQL.Database();
  d.run(`CREATE TABLE employees (emp_id INTEGER PRIMARY KEY, "full name" TEXT, status TEXT, city TEXT, hire_date TEXT, manager_id INTEGER);
    INSERT INTO employees VALUES
      (1, 'Ann Berg', 'Active', 'Boston', '2019-03-01', NULL), (2, 'Bo Li', 'active ', 'Boston ', '2020-06-15', 1),
      (3, 'Cy Ode', 'Active', 'Chicago', '2021-01-10', 1), (4, 'Di Ros', 'Inactive', 'Boston', '2020-11-30', 2),
      (5, 'Ed Fay', 'Active', 'Chicago', '2022-02-02', 2), (6, 'Flo Gu', 'active ', 'boston', '2023-07-07', 2);`);
  writeFileSync(db, d.export());
  d.close();
});

/** One decision line of `confide ask` on the test's database, the queries pasted as one file. */
async function ask(question: string, sqls: readonly string[], risk = '0.2'): Promise<{ decision: string; ruled_out: string[]; reasons: string[] }> {
  const file = join(dir, `q${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(file, `${sqls.join('\n\n')}\n`);
  const r = await runCli(['ask', '--db', db, '--question', question, '--candidates', file, '--risk', risk]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim()) as { decision: string; ruled_out: string[]; reasons: string[] };
}

describe('confide ask withholds a lone query whose result shows a likely mistake', () => {
  it("a filter that leaves out the column's other spellings of its literal", async () => {
    const line = await ask('How many active employees are there?', ["SELECT COUNT(*) FROM employees WHERE status = 'Active';"]);
    expect(line.decision).toBe('abstain');
    expect(line.ruled_out).toEqual(['LITERAL_VARIANTS']);
    expect(line.reasons).toContain(
      "The filter compares status with 'Active', but the column also holds 'active ', the same words in another case or spacing, which the filter leaves out.",
    );
  });

  it('the right query gets none of those reasons', async () => {
    const line = await ask('How many active employees are there?', ["SELECT COUNT(*) FROM employees WHERE lower(trim(status)) = 'active';"]);
    expect(line.ruled_out).toEqual([]);
    expect(line.reasons.join(' ')).not.toMatch(/also holds|never holds|likely a mistake/);
  });

  it('= NULL is a mistake whatever the question asks', async () => {
    const line = await ask('How many employees have no manager?', ['SELECT COUNT(*) FROM employees WHERE manager_id = NULL;'], '0.4');
    expect(line.decision).toBe('abstain');
    expect(line.ruled_out).toEqual(['EQUALS_NULL']);
    expect(line.reasons).toContain(
      'The query compares a value with = NULL (or != NULL), which is never true in SQL: a comparison with NULL is unknown. IS NULL (or IS NOT NULL) is meant.',
    );
  });

  it('a year compared with text dates, as a number or as text; a full date is not', async () => {
    for (const sql of ['SELECT COUNT(*) FROM employees WHERE hire_date > 2020;', "SELECT COUNT(*) FROM employees WHERE '2020' < hire_date;"]) {
      const line = await ask('How many employees were hired after 2020?', [sql]);
      expect(line.decision).toBe('abstain');
      expect(line.ruled_out).toEqual(['YEAR_VS_TEXT_DATE']);
      expect(line.reasons).toContain(
        "hire_date holds text dates like '2019-03-01', compared with 2020 as text: '2020-06-01' > '2020', so dates in 2020 itself pass the > test. >= '2021-01-01' is meant.",
      );
    }
    const right = await ask('How many employees were hired after 2020?', ["SELECT COUNT(*) FROM employees WHERE hire_date >= '2021-01-01';"]);
    expect(right.ruled_out).toEqual([]);
    expect(right.reasons.join(' ')).not.toMatch(/text dates/);
  });

  it('groups split by spelling', async () => {
    const line = await ask('How many employees are in each city?', ['SELECT city, COUNT(*) FROM employees GROUP BY city;']);
    expect(line.decision).toBe('abstain');
    expect(line.ruled_out).toEqual(['GROUP_BY_SPELLINGS']);
    expect(line.reasons).toContain(
      'GROUP BY city puts the same city in separate groups where it is spelt in another case or spacing (1 value spelt several ways in employees), so their counts are split.',
    );
  });

  it('a LIMIT without ORDER BY that leaves matching rows out, and a year the question names that the query never uses', async () => {
    const limited = await ask('What is the city of the employee named Ann Berg?', ["SELECT city FROM employees WHERE status = 'Active' LIMIT 1;"]);
    expect(limited.ruled_out).toContain('LIMIT_DROPS_ROWS');
    expect(limited.reasons).toContain('LIMIT 1 without ORDER BY keeps 1 of the 3 rows the query finds, whichever come first.');
    const year = await ask('How many employees were hired in 2020?', ['SELECT COUNT(*) FROM employees;']);
    expect(year.ruled_out).toEqual(['YEAR_UNUSED']);
    expect(year.reasons).toContain('The question names 2020, but the query uses no year at all.');
    const dated = await ask('How many employees were hired after 2020?', ["SELECT COUNT(*) FROM employees WHERE hire_date >= '2021-01-01';"]);
    expect(dated.ruled_out).toEqual([]);
  });

  it('two different queries returning the same result are not ruled out as a lone likely mistake', async () => {
    const line = await ask('How many active employees are there?', [
      "SELECT COUNT(*) FROM employees WHERE status = 'Active';",
      "SELECT COUNT(emp_id) AS n FROM employees WHERE status IN ('Active');",
    ]);
    expect(line.reasons.join(' ')).toMatch(/also holds 'active '/);
    expect(line.ruled_out).toEqual([]);
    expect(line.reasons.join(' ')).not.toContain(LIKELY);
  });
});
