/**
 * A table with a 100 MB cell could not be browsed or saved: its page (and
 * "Save all rows") read the value whole, past the SQL worker's 64 MiB result
 * budget, and failed TOO_LARGE with "add a LIMIT", which the table browser
 * offers no way to do. Now the browser reads pages with long values cut
 * (cappedSql), shows them as cut with their length, and reads a value whole
 * a piece at a time when it is shown, downloaded or saved: the CSV and JSON
 * files hold every character, quoted and guarded as any field. The cell
 * here is 40 MiB of text (80 MiB as a JavaScript string, past the 64 MiB
 * budget as the 100 MB one was), to keep the test light;
 * `scripts/page-stalls.ts` opens a 100 MB one in Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncap, wholeValue } from '../../../src/app/results/big-cells.ts';
import { BROWSE_CELL_CHARS, cappedSql, pageSql, type BrowseQuery } from '../../../src/app/results/browse-sql.ts';
import { exportWhole } from '../../../src/app/results/whole-export.ts';
import { createNodeSqlPool, openDbFile } from '../../../src/node/sql-pool.ts';
import type { SqlPool } from '../../../src/engines/sql/index.ts';

const CHARS = 40 * 2 ** 20;
const dir = mkdtempSync(join(tmpdir(), 'confide-big-cell-'));
const path = join(dir, 'notes.sqlite');
const query: BrowseQuery = { table: 'notes', sort: { column: 'id', direction: 'asc' }, filters: [] };
const columns = ['id', 'title', 'body'];
/** The long value: a formula-like start, a quote, and 40 MiB of text. */
const expected = (): string => `=1+1 "quoted" ${'x'.repeat(CHARS - 14)}`;
/** More bytes than the cut (2,000) but fewer characters: read whole, not cut. */
const WIDE = 'é'.repeat(1500);
let sqlPool: SqlPool;

beforeAll(async () => {
  const db = new Database(path);
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT)');
  const insert = db.prepare('INSERT INTO notes VALUES (?, ?, ?)');
  insert.run(1, 'short', 'a short note');
  insert.run(2, 'long', expected());
  insert.run(3, 'after', 'b, "c"');
  insert.run(4, 'wide', WIDE);
  db.close();
  sqlPool = createNodeSqlPool({ size: 1 });
  const opened = await openDbFile(sqlPool, 'notes', path);
  if (!opened.ok) throw new Error(opened.error.message);
}, 120_000);

afterAll(async () => {
  sqlPool?.terminate();
  rmSync(dir, { recursive: true, force: true });
});

describe('a table with a cell past the result budget', () => {
  it('failed whole (the old page query), and now reads a page with the value cut and its length known', { timeout: 120_000 }, async () => {
    const old = await sqlPool.run('notes', pageSql(query, 0));
    expect(old.ok ? 'ok' : old.error.code).toBe('TOO_LARGE');
    const r = await sqlPool.run('notes', cappedSql(query, columns, true, 0));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { result, cut, ref } = uncap(r, columns, true);
    expect(ref(1)).toEqual({ rowid: 2 });
    expect(result.columns).toEqual(columns);
    expect(result.rows.map((row) => row[1])).toEqual(['short', 'long', 'after', 'wide']);
    expect(result.rows[3]![2]).toBe(WIDE);
    expect((result.rows[1]![2] as string).length).toBe(BROWSE_CELL_CHARS);
    expect([...cut]).toEqual([['1:2', CHARS]]);
    const whole = await wholeValue({ sqlPool, key: 'notes', query, columns, row: ref(1), column: 2, length: CHARS });
    // A table without a rowid names the row by its place in the same order.
    const byPlace = await wholeValue({ sqlPool, key: 'notes', query, columns, row: { offset: 1 }, column: 2, length: CHARS });
    expect(byPlace.size).toBe(CHARS);
    expect(whole.size).toBe(CHARS);
    expect(await whole.text()).toBe(expected());
  });

  it('saves every row whole, as CSV and as JSON', { timeout: 180_000 }, async () => {
    const source = { sqlPool, key: 'notes', sql: 'SELECT * FROM notes ORDER BY id ASC', capped: { query, columns, rowid: true } };
    const csv = await exportWhole(source, 'csv');
    expect(csv.ok).toBe(true);
    if (!csv.ok) return;
    const text = await csv.blob.text();
    expect(text).toBe(`id,title,body\r\n1,short,a short note\r\n2,long,"'${expected().replaceAll('"', '""')}"\r\n3,after,"b, ""c"""\r\n4,wide,${WIDE}\r\n`);
    const json = await exportWhole(source, 'json');
    expect(json.ok).toBe(true);
    if (!json.ok) return;
    const rows = JSON.parse(await json.blob.text()) as { id: number; title: string; body: string }[];
    expect(rows.map((r) => r.body.length)).toEqual([12, CHARS, 6, 1500]);
    expect(rows[1]!.body === expected()).toBe(true);
  });
});
