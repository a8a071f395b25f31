/**
 * The runner against an independent SQLite (better-sqlite3, native) on Spider
 * dev gold SQL: same column names and the same rows (as multisets: plans may
 * order ties differently). Reads Spider at run time from ../shared/data/spider
 * (or SPIDER_DIR) and skips, saying so, when it is absent.
 *
 * better-sqlite3 is built without double-quoted string literals (DQS off),
 * which some gold queries use (`WHERE Airline = "JetBlue Airways"`); sql.js
 * keeps SQLite's default and accepts them. Those queries are only checked to
 * run here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import type { Cell } from '../../../src/core/exec/types.ts';
import { loadSqlRunner } from '../../../src/engines/sql/worker/load.ts';
import { toCell } from '../../../src/engines/sql/worker/values.ts';

const SPIDER = process.env.SPIDER_DIR ?? resolve(import.meta.dirname, '../../../../shared/data/spider');
const HAVE = existsSync(resolve(SPIDER, 'dev.json'));
const EVERY = 10; // every 10th dev question: about 100 queries over many databases

const sortedRows = (rows: readonly (readonly Cell[])[]): string[] => rows.map((r) => JSON.stringify(r)).sort();

it.skipIf(!HAVE)(`agrees with better-sqlite3 on Spider dev gold SQL${HAVE ? '' : ` (skipped: no Spider data at ${SPIDER})`}`, async () => {
  const dev = JSON.parse(readFileSync(resolve(SPIDER, 'dev.json'), 'utf8')) as { db_id: string; query: string }[];
  const runner = await loadSqlRunner();
  let compared = 0;
  let dqs = 0;
  for (const { db_id: db, query } of dev.filter((_, i) => i % EVERY === 0)) {
    const file = resolve(SPIDER, 'database', db, `${db}.sqlite`);
    if (!existsSync(file)) continue;
    const bytes = new Uint8Array(readFileSync(file));
    expect(runner.open(db, bytes), db).toMatchObject({ ok: true });
    const ours = runner.exec(db, query, 1_000_000);
    const native = new Database(file, { readonly: true });
    try {
      let stmt: Database.Statement;
      try {
        stmt = native.prepare(query).raw(true);
      } catch (e) {
        if (!(e instanceof Error && /should this be a string literal/.test(e.message))) throw e;
        expect(ours.ok, query).toBe(true);
        dqs += 1;
        continue;
      }
      const theirs = (stmt.all() as unknown[][]).map((row) => row.map((v) => toCell(v instanceof Buffer ? new Uint8Array(v) : (v as number | string | null))));
      expect(ours.ok, query).toBe(true);
      if (!ours.ok) continue;
      expect(ours.columns, query).toEqual(stmt.columns().map((c) => c.name));
      expect(sortedRows(ours.rows), query).toEqual(sortedRows(theirs));
      compared += 1;
    } finally {
      native.close();
      runner.close(db);
    }
  }
  expect(compared).toBeGreaterThan(50);
  expect(dqs).toBeLessThan(compared);
});
