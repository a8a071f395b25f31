import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, SqlValue } from 'sql.js';
import { openDemo, rowsOf } from './open-demo.ts';
import { withTieBreak } from './tie-break.ts';

interface DevEntry {
  db_id: string;
  question: string;
  query: string;
}
const dev = JSON.parse(readFileSync(new URL('../../public/demo/dev.json', import.meta.url), 'utf8')) as DevEntry[];

/** Gold queries allowed to return no rows, on purpose. None so far. */
const EXPECTED_EMPTY: readonly string[] = [];

let db: Database;
beforeAll(async () => {
  db = await openDemo();
});
afterAll(() => db.close());

/**
 * Rows with unordered scans reversed (`PRAGMA reverse_unordered_selects`),
 * which exposes a result that depends on the order rows are scanned in.
 */
function reversed(sql: string): SqlValue[][] {
  db.run('PRAGMA reverse_unordered_selects = ON');
  try {
    return rowsOf(db, sql);
  } finally {
    db.run('PRAGMA reverse_unordered_selects = OFF');
  }
}
const asBag = (rows: SqlValue[][]): string[] => rows.map((r) => JSON.stringify(r)).sort();

/** True when the outermost ORDER BY is total on what it returns (see tie-break.ts). */
function orderIsTotal(sql: string): boolean {
  const result = db.exec(sql)[0];
  const rows = result?.values ?? [];
  const width = result?.columns.length ?? 0;
  return (['ASC', 'DESC'] as const).every((dir) => {
    const broken = withTieBreak(sql, width, dir);
    return broken !== undefined && JSON.stringify(rowsOf(db, broken)) === JSON.stringify(rows);
  });
}

describe('demo dev.json', () => {
  it('holds 40 unique questions on the demo database', () => {
    expect(dev).toHaveLength(40);
    expect(new Set(dev.map((d) => d.question.trim().toLowerCase())).size).toBe(dev.length);
    expect(dev.every((d) => d.db_id === 'demo' && d.query.trim().length > 0)).toBe(true);
  });

  it('covers the SQL shapes text-to-SQL models must handle', () => {
    const shapes: Record<string, RegExp> = {
      join: /\bJOIN\b/i,
      leftJoin: /\bLEFT JOIN\b/i,
      groupBy: /\bGROUP BY\b/i,
      having: /\bHAVING\b/i,
      orderLimit: /\bORDER BY\b[\s\S]*\bLIMIT\b/i,
      inSub: /\bIN \(SELECT\b/i,
      notIn: /\bNOT IN \(SELECT\b/i,
      scalarSub: /[<>=] \(SELECT\b/i,
      except: /\bEXCEPT\b/i,
      intersect: /\bINTERSECT\b/i,
      union: /\bUNION\b/i,
      distinct: /\bDISTINCT\b/i,
      like: /\bLIKE\b/i,
      between: /\bBETWEEN\b/i,
      isNull: /\bIS NULL\b/i,
      dates: /'\d{4}-\d{2}-\d{2}'|strftime/i,
    };
    for (const [name, re] of Object.entries(shapes)) {
      expect(
        dev.some((d) => re.test(d.query)),
        name,
      ).toBe(true);
    }
  });

  it('the order checks have teeth: they catch scan order and ties cut by LIMIT', () => {
    const scan = 'SELECT customer_id FROM customers LIMIT 3';
    expect(reversed(scan)).not.toEqual(rowsOf(db, scan));
    // Two stores share the largest staff; LIMIT 1 keeps whichever SQLite meets first.
    const tie = 'SELECT s.name FROM stores AS s JOIN staff AS t ON t.store_id = s.store_id GROUP BY s.store_id ORDER BY count(*) DESC LIMIT 1';
    expect(orderIsTotal(tie)).toBe(false);
    expect(orderIsTotal('SELECT name FROM stores ORDER BY opened_on')).toBe(true);
  });

  it.each(dev.map((d, i) => [i, d.question, d.query] as const))(
    'gold %i executes, returns rows and does not depend on row order: %s',
    (_i, question, query) => {
      const rows = rowsOf(db, query);
      if (EXPECTED_EMPTY.includes(question)) expect(rows).toEqual([]);
      else expect(rows.length).toBeGreaterThan(0);
      const ordered = withTieBreak(query, 1, 'ASC') !== undefined;
      if (ordered) expect(orderIsTotal(query)).toBe(true);
      else expect(asBag(reversed(query))).toEqual(asBag(rows));
    },
  );
});
