import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from 'sql.js';
import { openDemo, rowsOf } from './open-demo.ts';

let db: Database;
let tables: string[];
beforeAll(async () => {
  db = await openDemo();
  tables = rowsOf(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((r) => String(r[0]));
});
afterAll(() => db.close());

const columnsOf = (table: string) =>
  rowsOf(db, `PRAGMA table_info(${table})`).map(([, name, type, , , pk]) => ({
    name: String(name),
    type: String(type),
    pk: Number(pk),
  }));

describe('demo schema', () => {
  it('has 4 to 8 tables, each with a primary key', () => {
    expect(tables.length).toBeGreaterThanOrEqual(4);
    expect(tables.length).toBeLessThanOrEqual(8);
    for (const t of tables)
      expect(
        columnsOf(t).some((c) => c.pk > 0),
        t,
      ).toBe(true);
  });

  it('declares foreign keys and every reference holds', () => {
    const withKeys = tables.filter((t) => rowsOf(db, `PRAGMA foreign_key_list(${t})`).length > 0);
    expect(withKeys.length).toBeGreaterThanOrEqual(tables.length / 2);
    expect(rowsOf(db, 'PRAGMA foreign_key_check')).toEqual([]);
  });

  it('declares integer, real, text and date columns', () => {
    const types = new Set(tables.flatMap((t) => columnsOf(t).map((c) => c.type)));
    for (const t of ['INTEGER', 'REAL', 'TEXT', 'DATE']) expect(types, t).toContain(t);
  });

  it('stores dates as ISO text', () => {
    for (const t of tables) {
      for (const c of columnsOf(t).filter((col) => col.type === 'DATE')) {
        const bad = rowsOf(
          db,
          `SELECT count(*) FROM ${t} WHERE typeof(${c.name}) <> 'text'
          OR ${c.name} NOT GLOB '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]' OR date(${c.name}) IS NOT ${c.name}`,
        );
        expect(bad[0]?.[0], `${t}.${c.name}`).toBe(0);
      }
    }
  });

  it('holds a few thousand rows, with NULLs in several columns', () => {
    const counts = tables.map((t) => Number(rowsOf(db, `SELECT count(*) FROM ${t}`)[0]?.[0]));
    const total = counts.reduce((s, n) => s + n, 0);
    expect(counts.every((n) => n > 0)).toBe(true);
    expect(total).toBeGreaterThanOrEqual(2000);
    expect(total).toBeLessThanOrEqual(10_000);
    const nullable = tables.flatMap((t) => columnsOf(t).filter((c) => Number(rowsOf(db, `SELECT count(*) FROM ${t} WHERE ${c.name} IS NULL`)[0]?.[0]) > 0));
    expect(nullable.length).toBeGreaterThanOrEqual(3);
  });
});
