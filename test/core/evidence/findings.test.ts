/**
 * The evidence read from what a query returns, on a database the test makes
 * (sql.js, in process): each finding a person relies on, with the column and
 * the value it names, and the probes that found it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gatherEvidence, EVIDENCE_FEATURES, type CandidateEvidence } from '../../../src/core/evidence/index.ts';
import type { Schema } from '../../../src/core/schema.ts';
import { loadSqlJs, loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import type { SqlRunner } from '../../../src/engines/sql/types.ts';

const DB = `
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, city TEXT, status TEXT);
CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, name TEXT, manager_id INTEGER);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id), amount INTEGER, items INTEGER);
INSERT INTO customers VALUES (1, 'Ann', 'New York', 'Active'), (2, 'Bo', 'Boston', 'Active'), (3, 'Ann', 'Boston', 'Closed'), (4, 'Di', NULL, 'Active');
INSERT INTO employees VALUES (1, 'Eve', NULL), (2, 'Fay', 1), (3, 'Gus', 1);
INSERT INTO orders VALUES (1, 1, 30, 3), (2, 1, 20, 2), (3, 2, 30, 1), (4, 3, 5, 2);
`;

let runner: SqlRunner;
let schema: Schema;

beforeAll(async () => {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  db.exec(DB);
  const bytes = db.export();
  db.close();
  runner = await loadSqlRunner();
  runner.open('db', bytes);
  const read = runner.schema('db');
  if (!read.ok) throw new Error(read.error.message);
  schema = read.schema;
});

/** The evidence of one query, and the probes run for it. */
async function evidenceOf(question: string, sql: string): Promise<{ e: CandidateEvidence; probes: readonly string[] }> {
  const ran: string[] = [];
  const { evidence } = await gatherEvidence(question, schema, [{ sql, exec: runner.exec('db', sql) }], async (sqls) => {
    ran.push(...sqls);
    return sqls.map((s) => runner.exec('db', s));
  });
  return { e: evidence[0]!, probes: ran };
}

const feature = (e: CandidateEvidence, name: (typeof EVIDENCE_FEATURES)[number]): number => e.features[EVIDENCE_FEATURES.indexOf(name)]!;
const codes = (e: CandidateEvidence): string[] => e.findings.map((f) => f.code);

describe('evidence from what a query returns', () => {
  it('a wrong-case literal: the zero count names the column and the value it holds', async () => {
    const { e } = await evidenceOf('How many active customers are there?', "SELECT count(*) FROM customers WHERE status = 'active'");
    expect(codes(e)).toEqual(expect.arrayContaining(['LITERAL_CASE', 'ZERO_COUNT']));
    expect(e.findings.find((f) => f.code === 'LITERAL_CASE')!.reason).toBe(
      "The filter compares status with 'active', which this column never holds; it holds 'Active'.",
    );
    expect(feature(e, 'literal_case_mismatch')).toBe(1);
  });

  it('the right literal gives no literal finding; a value no row holds is said so', async () => {
    expect(codes((await evidenceOf('How many active customers?', "SELECT count(*) FROM customers WHERE status = 'Active'")).e)).toEqual([]);
    expect(codes((await evidenceOf('Customers in Paris?', "SELECT name FROM customers WHERE city = 'Paris'")).e)).toContain('LITERAL_ABSENT');
    const spaced = (await evidenceOf('Customers in New York?', "SELECT name FROM customers WHERE city = 'NewYork'")).e;
    expect(spaced.findings[0]!.reason).toContain("it holds 'New York'");
  });

  it('a count equal to the table size: the filter filtered nothing', async () => {
    const { e } = await evidenceOf('How many orders are above 5 items?', 'SELECT count(*) FROM orders WHERE amount > 1');
    expect(codes(e)).toContain('COUNT_IS_TABLE_SIZE');
    expect(e.findings.find((f) => f.code === 'COUNT_IS_TABLE_SIZE')!.reason).toContain('equals the number of rows in orders');
  });

  it('NOT IN over a column holding NULL', async () => {
    const { e } = await evidenceOf('Which employees manage nobody?', 'SELECT name FROM employees WHERE employee_id NOT IN (SELECT manager_id FROM employees)');
    expect(codes(e)).toContain('NOT_IN_NULLS');
    expect(feature(e, 'empty')).toBe(1);
    expect(e.findings.find((f) => f.code === 'NOT_IN_NULLS')!.reason).toContain('employees.manager_id (1 row)');
  });

  it('HAVING without GROUP BY, integer division for an average, LIMIT without ORDER BY', async () => {
    expect(codes((await evidenceOf('How many orders are above average?', 'SELECT count(*) FROM orders HAVING amount > avg(amount)')).e)).toContain(
      'HAVING_WITHOUT_GROUP',
    );
    expect(codes((await evidenceOf('What is the average amount per item?', 'SELECT sum(amount) / sum(items) FROM orders')).e)).toContain('INTEGER_DIVISION');
    expect(codes((await evidenceOf('What is the average amount per item?', 'SELECT sum(amount) * 1.0 / sum(items) FROM orders')).e)).not.toContain(
      'INTEGER_DIVISION',
    );
    expect(codes((await evidenceOf('Which order has the highest amount?', 'SELECT order_id FROM orders LIMIT 1')).e)).toContain('LIMIT_WITHOUT_ORDER');
  });

  it('a LIMIT 1 that cuts a tie, and one that does not', async () => {
    const tie = await evidenceOf('Which order has the highest amount?', 'SELECT order_id FROM orders ORDER BY amount DESC LIMIT 1');
    expect(codes(tie.e)).toContain('LIMIT_CUTS_TIE');
    expect(tie.probes).toEqual(['SELECT amount FROM orders ORDER BY amount DESC LIMIT 2']);
    expect(codes((await evidenceOf('Which order has the lowest amount?', 'SELECT order_id FROM orders ORDER BY amount ASC LIMIT 1')).e)).not.toContain(
      'LIMIT_CUTS_TIE',
    );
  });

  it('a join that repeats the counted rows, and a GROUP BY on a shared name', async () => {
    const join = (await evidenceOf('How many customers have orders?', 'SELECT count(*) FROM customers AS c JOIN orders AS o ON c.customer_id = o.customer_id'))
      .e;
    expect(join.findings.find((f) => f.code === 'JOIN_REPEATS_ROWS')?.reason).toBe(
      'The join repeats rows of customers: the count is 4, but only 3 distinct customers rows take part.',
    );
    const named = (
      await evidenceOf(
        'How many orders does each customer have?',
        'SELECT c.name, count(*) FROM customers c JOIN orders o ON c.customer_id = o.customer_id GROUP BY c.name',
      )
    ).e;
    expect(codes(named)).toContain('GROUP_BY_NAME_SHARED');
  });

  it('result shape against the question: how many, which, for each, percentages', async () => {
    expect(codes((await evidenceOf('How many customers live in Boston?', "SELECT name FROM customers WHERE city = 'Boston'")).e)).toContain('SHAPE_COUNT');
    expect(codes((await evidenceOf('Which customers placed orders?', 'SELECT DISTINCT customer_id FROM orders')).e)).toContain('SHAPE_IDS_ONLY');
    expect(codes((await evidenceOf('How many orders for each customer?', 'SELECT count(*) FROM orders')).e)).toContain('SHAPE_ONE_ROW');
    expect(
      codes(
        (
          await evidenceOf(
            'What percentage of customers are active?',
            "SELECT count(*) * 1000.0 / (SELECT count(*) FROM customers) FROM customers WHERE status = 'Active'",
          )
        ).e,
      ),
    ).toContain('SHAPE_PERCENT');
  });

  it('a failure has evidence too, and probes are cached across candidates', async () => {
    const { e } = await evidenceOf('How many?', 'SELECT count(*) FROM nowhere');
    expect(feature(e, 'fails')).toBe(1);
    const cache = new Map();
    let runs = 0;
    const run = async (sqls: readonly string[]) => ((runs += sqls.length), sqls.map((s) => runner.exec('db', s)));
    const sql = "SELECT count(*) FROM customers WHERE status = 'active'";
    await gatherEvidence(
      'How many?',
      schema,
      [
        { sql, exec: runner.exec('db', sql) },
        { sql, exec: runner.exec('db', sql) },
      ],
      run,
      { cache },
    );
    await gatherEvidence('How many?', schema, [{ sql, exec: runner.exec('db', sql) }], run, { cache });
    expect(runs).toBe(1);
  });
});
